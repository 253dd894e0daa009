import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { notificationKeys, type UnreadAnswer } from './notification-keys.ts';
import { coveredByMarkAll, noteMarkAll } from './mark-read.ts';

const message = (id: number) => ({ id, unread: true }) as NotificationMessage;

describe('"mark all as read" and the live stream', () => {
  it('covers every cached unread message, so a backlog arriving after the click stays read', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), { list: [message(7), message(5), message(3)], unreadCount: 3 });
    expect(coveredByMarkAll(queryClient, 7)).toBe(false);
    noteMarkAll(queryClient);
    expect([3, 5, 7].map((id) => coveredByMarkAll(queryClient, id))).toEqual([true, true, true]);
    expect(coveredByMarkAll(queryClient, 8)).toBe(false);
  });

  it('never moves back, and covers nothing on a cache without unread messages', () => {
    const empty = new QueryClient();
    noteMarkAll(empty);
    expect(coveredByMarkAll(empty, 1)).toBe(false);
    const queryClient = new QueryClient();
    queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), { list: [message(9)], unreadCount: 1 });
    noteMarkAll(queryClient);
    queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), { list: [message(2)], unreadCount: 1 });
    noteMarkAll(queryClient);
    expect(coveredByMarkAll(queryClient, 9)).toBe(true);
  });
});
