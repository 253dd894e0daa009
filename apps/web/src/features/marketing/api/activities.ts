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
});

export function useActivities() {
  return useQuery(activitiesQuery);
}
