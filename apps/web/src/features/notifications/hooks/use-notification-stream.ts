import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { API_BASE, expireSession } from '../../../lib/http.ts';
import { getSessionItem } from '../../../lib/storage.ts';
import type { ChatMessage } from '@shopdesk/shared/chat/schemas';
import { chatSoundStore, notificationSoundStore, playNotificationSound } from '../../../lib/notification-sound.ts';
import { createChatLink } from '../../chat/api/chat-stream-link.ts';
import { fetchStreamTicket } from '../api/stream-ticket.ts';
import { unreadQuery } from '../api/unread.ts';
import { notificationKeys, type UnreadAnswer } from '../api/notification-keys.ts';
import { coveredByMarkAll } from '../api/mark-read.ts';
import { refreshConcernedQueries } from '../notification-refresh.ts';
import { afterFirstInteraction, createPacer, startNotificationStream } from './notification-stream.ts';

/** The unread list the server sends holds at most this many; the cache mirrors it. */
const UNREAD_LIST_MAX = NOTIFICATIONS.UNREAD_LIST_MAX;

/** New messages go on top of the cached unread list and raise the unread count. */
export function addToUnread(queryClient: QueryClient, fresh: readonly NotificationMessage[]): void {
  queryClient.setQueryData<UnreadAnswer>(notificationKeys.unread(), (data) => {
    const newestFirst = [...fresh].sort((a, b) => b.id - a.id);
    const added = fresh.filter((m) => m.unread).length;
    if (!data) return { list: newestFirst.slice(0, UNREAD_LIST_MAX), unreadCount: added };
    return { list: [...newestFirst, ...data.list].slice(0, UNREAD_LIST_MAX), unreadCount: data.unreadCount + added };
  });
}

/**
 * The live notifications of SPEC §4 on both devices: after the first interaction the stream opens;
 * each message with an unknown id is added to the bell, the pending-order count and every figure
 * it moves (notification-refresh.ts) are refreshed, and the sound (if switched on)
 * plays with `onAnnounce` (the device's 3 s toast), one message per second.
 * A `{code: 401}` event ends the session like any 401 answer.
 */
export function useNotificationStream({
  onAnnounce,
  onChatAnnounce,
  chat,
}: {
  onAnnounce: (message: NotificationMessage) => void;
  /** A buyer's new chat message, announced like a notification (its own sound switch). */
  onChatAnnounce: (message: ChatMessage) => void;
  /** Whether the role reads the shop's chat (the stream carries chat events only then). */
  chat: boolean;
}): void {
  const queryClient = useQueryClient();
  const userId = getSessionItem('userId');
  const announce = useRef({ onAnnounce, onChatAnnounce, chat });
  useEffect(() => {
    announce.current = { onAnnounce, onChatAnnounce, chat };
  });

  useEffect(() => {
    if (!userId) return;
    type Announced = { kind: 'notification'; message: NotificationMessage } | { kind: 'chat'; message: ChatMessage };
    // One queue for both, so sounds stay a second apart whichever kind comes.
    const pacer = createPacer<Announced>((item) => {
      if (item.kind === 'notification') {
        if (notificationSoundStore.get()) playNotificationSound();
        announce.current.onAnnounce(item.message);
      } else {
        if (chatSoundStore.get()) playNotificationSound();
        announce.current.onChatAnnounce(item.message);
      }
    });
    // The server sends chat events only to a role that reads chat; the role may still be loading here.
    const chatLink = createChatLink(queryClient);
    let stopStream: (() => void) | null = null;
    const cancelWait = afterFirstInteraction(() => {
      stopStream = startNotificationStream({
        userId,
        apiBase: API_BASE,
        fetchTicket: async () => (await fetchStreamTicket()).ticket,
        loadKnown: async () => (await Promise.all([queryClient.ensureQueryData(unreadQuery), announce.current.chat ? chatLink.prepare() : null]))[0].list,
        isKnown: (id) => queryClient.getQueryData(unreadQuery.queryKey)?.list.some((m) => m.id === id) ?? false,
        onFresh: (arrived) => {
          const fresh = arrived.filter((m) => !coveredByMarkAll(queryClient, m.id));
          if (fresh.length === 0) return;
          addToUnread(queryClient, fresh);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
          // Every open list, badge and count the messages move updates without a reload.
          refreshConcernedQueries(queryClient, fresh);
          pacer.push(fresh.map((message) => ({ kind: 'notification' as const, message })));
        },
        onChat: (items) => {
          const fresh = chatLink.receive(items);
          pacer.push(fresh.map((message) => ({ kind: 'chat' as const, message })));
        },
        onUnauthorized: expireSession,
        onState: (state) => {
          // Lets the browser tests (and anyone debugging) see the stream's state.
          document.documentElement.dataset.notificationStream = state;
        },
      });
    });
    return () => {
      cancelWait();
      stopStream?.();
      pacer.stop();
    };
  }, [queryClient, userId]);
}
