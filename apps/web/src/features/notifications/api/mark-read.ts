import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http.ts';
import { pendingCountKey } from '../../orders/api/order-count-keys.ts';
import { notificationTarget } from '../notification-target.ts';
import { notificationKeys, type UnreadAnswer } from './notification-keys.ts';

export function markRead(ids: number[]): Promise<{ updated: number }> {
  return http.post<{ updated: number }>('/sse/updateMsg', { ids });
}

export function markAllRead(): Promise<{ updated: number }> {
  return http.post<{ updated: number }>('/notifications/readAll', {});
}

/** Takes a message out of the cached unread list and count at once, before the server's answer is refetched. */
function dropFromUnread(queryClient: QueryClient, message: NotificationMessage): void {
  queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), (data) => {
    if (!data) return data;
    const listed = data.list.some((m) => m.id === message.id);
    return {
      list: data.list.filter((m) => m.id !== message.id),
      unreadCount: listed || message.unread ? Math.max(0, data.unreadCount - 1) : data.unreadCount,
    };
  });
}

/**
 * SPEC §4: clicking a notification marks it read on the server and removes it, refreshes the
 * pending count, then navigates by its title (and content) code. An already read one only navigates.
 * When marking fails, the HTTP client has already said why and the message stays unread, but the
 * seller still goes where the notification leads: the order or refund waits there either way.
 */
export function useOpenNotification(mobile: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (message: NotificationMessage) => (message.unread ? markRead([message.id]) : { updated: 0 }),
    onSuccess: (_data, message) => dropFromUnread(queryClient, message),
    onSettled: async (_data, _error, message) => {
      // The pending count is refreshed, not waited for: a slow count must not hold the navigation.
      void queryClient.invalidateQueries({ queryKey: pendingCountKey });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      await navigate(notificationTarget(message, mobile));
    },
  });
}

/** Per cache, the newest message id a "mark all as read" covered. */
const readUpTo = new WeakMap<QueryClient, number>();

/** Remembers the newest cached unread message as covered by a "mark all as read" now being sent. */
export function noteMarkAll(queryClient: QueryClient): void {
  const newest = Math.max(0, ...(queryClient.getQueryData<UnreadAnswer>(notificationKeys.unread())?.list.map((m) => m.id) ?? []));
  readUpTo.set(queryClient, Math.max(readUpTo.get(queryClient) ?? 0, newest));
}

/**
 * Whether a message is one a "mark all as read" already covered: the live stream's backlog, sent
 * when it connects, can arrive after the click and must not bring those messages back as unread.
 */
export function coveredByMarkAll(queryClient: QueryClient, id: number): boolean {
  return id <= (readUpTo.get(queryClient) ?? 0);
}

/** "Mark all as read": the unread list empties at once, every notification list refetches. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => noteMarkAll(queryClient),
    onSuccess: async () => {
      queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), (data) => (data ? { list: [], unreadCount: 0 } : data));
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
