import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserLevel } from '@shopdesk/shared/system-settings/schemas';
import { meQuery } from '../../auth/api/me.ts';
import { useActivities } from '../api/activities.ts';
import { userLevelKeyPrefix } from '../api/rewards-keys.ts';
import { claimableBonuses } from './rewards-progress.ts';

/**
 * The activities with what every page derives from them: the claimable bonuses of both. When the
 * VIP level read here differs from the header's (a deposit was approved meanwhile), the header's
 * VIP tag is refreshed.
 */
export function useActivitiesView() {
  const query = useActivities();
  const queryClient = useQueryClient();
  const level = query.data?.vip.level;
  useEffect(() => {
    if (level === undefined) return;
    const stale = queryClient.getQueriesData<UserLevel>({ queryKey: userLevelKeyPrefix }).some(([, data]) => data !== undefined && data.level !== level);
    if (!stale) return;
    // The header's tag and the session's shop (the dashboard reads its level) both follow.
    void queryClient.invalidateQueries({ queryKey: userLevelKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  }, [level, queryClient]);
  const claimable = query.data ? claimableBonuses(query.data) : [];
  return { query, claimable };
}
