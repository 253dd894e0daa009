import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface PublicConfig {
  customerServiceUrl: string;
  siteName: string;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['system', 'publicConfig'],
    queryFn: ({ signal }) => http.get<PublicConfig>('/systemSettings/getPublicConfig', undefined, { signal, silent: true }),
    staleTime: Infinity,
  });
}
