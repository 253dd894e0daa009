import { ACTIVITY_ACTIONS, type ActivityAction } from '@shopdesk/shared/activity-log/schemas';
import { parseChoice, parseDateRange, parsePage, type PageState } from '../../lib/list-params.ts';

export interface ActivitySearch extends PageState {
  action?: ActivityAction;
  userId?: number;
  from?: string;
  to?: string;
}

/** The activity log's filters from the URL (action, user, day range, page). */
export function parseActivitySearch(search: URLSearchParams): ActivitySearch {
  const user = Number(search.get('userId'));
  return {
    ...parsePage(search),
    action: parseChoice(search.get('action'), ACTIVITY_ACTIONS),
    userId: Number.isInteger(user) && user > 0 ? user : undefined,
    ...parseDateRange(search),
  };
}

export const parseHealthSearch = (search: URLSearchParams): PageState => parsePage(search);
