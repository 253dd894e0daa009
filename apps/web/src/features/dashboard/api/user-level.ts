import { useQuery } from '@tanstack/react-query';
import type { UserLevel } from '@shopdesk/shared/system-settings/schemas';
import { http } from '../../../lib/http.ts';
import { getSessionItem } from '../../../lib/storage.ts';
import { userLevelKey } from '../../marketing/api/rewards-keys.ts';

/** The shop's VIP level, 0 to 7 (SPEC §7). */
export function useUserLevel() {
  const shopId = getSessionItem('shopId');
  return useQuery({
    queryKey: userLevelKey(shopId),
    queryFn: ({ signal }) => http.get<UserLevel>('/systemSettings/getUserLevel', { shopId }, { signal, silent: true }),
    enabled: Boolean(shopId),
    select: (data) => data.level,
  });
}
