import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shopdesk/shared/system-settings/schemas';
import { http } from '../../../lib/http.ts';


export function usePublicConfig() {
  return useQuery({
    queryKey: ['system', 'publicConfig'],
    queryFn: ({ signal }) => http.get<PublicConfig>('/systemSettings/getPublicConfig', undefined, { signal, silent: true }),
    staleTime: Infinity,
  });
}
