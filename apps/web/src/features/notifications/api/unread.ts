import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationKeys, type UnreadAnswer } from './notification-keys.ts';

export const unreadQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => http.get<UnreadAnswer>('/notifications/unread', undefined, { signal, silent: true }),
  refetchOnWindowFocus: true,
});

/** The newest unread messages and the real unread count (the bell, the drawer badge, the tab title). */
export function useUnreadNotifications() {
  return useQuery(unreadQuery);
}

export function useUnreadCount(): number {
  return useQuery({ ...unreadQuery, select: (data) => data.unreadCount }).data ?? 0;
}
