import { ACTIVITY_ACTIONS, type ActivityEntry } from '@shopdesk/shared/activity-log/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useUsers } from '../../users/api/list-users.ts';
import { activityText } from '../api/activity-text.ts';
import { useActivityLog, useInfiniteActivityLog } from '../api/dashboard-api.ts';
import { parseActivitySearch } from '../list-search.ts';

/**
 * The activity log on both devices: the filters in the URL (action, member, day range, page), the
 * page of entries, each line's member, action and text, and the shop's members to filter by (the
 * log and the member list need the same users permission). The desktop pages a table; the phone
 * scrolls a feed of the same filters (`feed`).
 */
export function useActivityLogScreen(layout: 'table' | 'feed' = 'table') {
  const { t, usdt, dateTime } = useFormat('dashboard');
  const [state, update] = useSearchState(parseActivitySearch);
  const query = useActivityLog(state, layout === 'table');
  const feed = useInfiniteActivityLog({ action: state.action, userId: state.userId, from: state.from, to: state.to }, layout === 'feed');
  const members = useUsers({ page: 1, pageSize: 100 });
  const memberChoices = (members.data?.list ?? []).map((user) => ({ value: user.userId, label: user.name ? `${user.username} (${user.name})` : user.username }));
  if (state.userId && !memberChoices.some((c) => c.value === state.userId)) memberChoices.push({ value: state.userId, label: `#${state.userId}` });
  return {
    state,
    update,
    query,
    feed,
    actionChoices: ACTIVITY_ACTIONS.map((action) => ({ value: action, label: t(`activity.action.${action}`) })),
    memberChoices,
    filtered: Boolean(state.action || state.userId || state.from || state.to),
    /** One line as both devices show it: when, who (or the system), what, and its text. */
    lineOf: (entry: ActivityEntry) => ({
      when: dateTime(entry.createdAt),
      who: entry.username ?? t('activity.system'),
      what: t(`activity.action.${entry.action}`),
      text: activityText(t, entry, usdt),
    }),
  };
}
