import type { NotificationListQuery, NotificationPage, UnreadNotifications } from '@shopdesk/shared/notifications/schemas';

export type { NotificationListQuery, NotificationPage };
export type NotificationStatus = NotificationListQuery['status'];

/** GET /notifications/unread: the newest unread messages (at most 50) and the real unread count. */
export type UnreadAnswer = UnreadNotifications;

/** The one query-key factory of the notifications domain. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (q: NotificationListQuery) => [...notificationKeys.lists(), q] as const,
  infinite: (status: NotificationStatus) => [...notificationKeys.lists(), 'infinite', status] as const,
};
