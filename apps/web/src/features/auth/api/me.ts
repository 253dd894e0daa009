import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shopdesk/shared/auth/schemas';
import { http } from '../../../lib/http.ts';
import { hasToken } from '../../../lib/storage.ts';
import { meKey } from './auth-keys.ts';

export const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: ({ signal }) => http.get<CurrentUser>('/sellAuth/me', undefined, { signal }),
});

/** The logged-in seller and their shop. */
export function useMe() {
  return useQuery({ ...meQuery, enabled: hasToken() });
}
