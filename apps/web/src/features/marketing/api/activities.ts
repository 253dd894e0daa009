import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivitiesAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { http } from '../../../lib/http.ts';
import { rewardKeys } from './rewards-keys.ts';

/** GET /api/marketing/activities: both activities' tiers with their states, the couple link and requests. */
export function fetchActivities(signal?: AbortSignal): Promise<ActivitiesAnswer> {
  return http.get<ActivitiesAnswer>('/marketing/activities', undefined, { signal, silent: true });
}

export const activitiesQuery = queryOptions({
  queryKey: rewardKeys.activities(),
  queryFn: ({ signal }) => fetchActivities(signal),
  // Read again on every visit: a couple request or a reached tier arrives as a notification, and
  // the page it leads to must show it even when it was visited a moment before (like the packages).
  staleTime: 0,
});

export function useActivities() {
  return useQuery(activitiesQuery);
}
