import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shopdesk/shared/auth/schemas';
import { http } from '../../../lib/http.ts';
import { hasToken } from '../../../lib/storage.ts';

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: ({ signal }) => http.get<CurrentUser>('/sellAuth/me', undefined, { signal }),
});

/** The logged-in seller and their shop. */
export function useMe() {
  return useQuery({ ...meQuery, enabled: hasToken() });
}
