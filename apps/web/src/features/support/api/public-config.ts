import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shopdesk/shared/system-settings/schemas';
import { http } from '../../../lib/http.ts';
import { publicConfigKey } from './support-keys.ts';

/** Settings the web app needs before login (the customer service link, the site name). */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => http.get<PublicConfig>('/systemSettings/getPublicConfig', undefined, { signal, silent: true }),
    staleTime: Infinity,
  });
}
