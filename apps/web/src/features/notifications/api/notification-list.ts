import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { notificationKeys, type NotificationListQuery, type NotificationPage, type NotificationStatus } from './notification-keys.ts';

export function fetchNotificationPage(q: NotificationListQuery, signal?: AbortSignal): Promise<NotificationPage> {
  return http.get<NotificationPage>('/notifications/list', { page: q.page, pageSize: q.pageSize, status: q.status }, { signal });
}

/** One page of notifications, read and unread (the desktop notifications page). */
export function useNotificationPage(q: NotificationListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(q),
    queryFn: ({ signal }) => fetchNotificationPage(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Phones scroll through pages instead of paging. */
export const SCROLL_PAGE_SIZE = NOTIFICATIONS.PAGE_SIZE_DEFAULT;

/** Older notifications page by page as the phone drawer scrolls. */
export function useInfiniteNotifications(status: NotificationStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: notificationKeys.infinite(status),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage({ status, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
    // The drawer opens on what is true now: messages read on another device send no live event.
    refetchOnMount: 'always',
  });
}
