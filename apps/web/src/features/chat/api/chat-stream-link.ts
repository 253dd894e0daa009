import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatMessagePage, ChatUnread } from '@shopdesk/shared/chat/schemas';
import { chatKeys, fetchConversations } from './chat-api.ts';
import { applyToPage, chatItems, freshBuyerMessages, raiseUnread } from '../chat-live.ts';

/** The conversation the seller has open right now (the chat screen sets it), if any. */
let openConversationId: number | null = null;

export function setOpenConversation(id: number | null): void {
  openConversationId = id;
}

/**
 * The chat side of the seller's live stream, for one stream's life: `prepare` learns the newest
 * message the seller already has (so a replay after a reload is not announced again), `receive`
 * applies an event's items to the inbox, the open conversation and the badge, and returns the
 * buyer messages to announce.
 */
export function createChatLink(queryClient: QueryClient) {
  let baseline = Number.POSITIVE_INFINITY;
  const seen = new Set<number>();
  return {
    async prepare(): Promise<void> {
      try {
        const newest = await fetchConversations({ filter: 'all', pageSize: 1 }, undefined, true);
        baseline = newest.list[0]?.lastMessage?.id ?? 0;
      } catch {
        // Without the baseline nothing replayed is announced; live ones still update the screens.
        baseline = Number.POSITIVE_INFINITY;
      }
    },
    receive(raw: readonly unknown[]): ChatMessage[] {
      const items = chatItems(raw);
      if (items.length === 0) return [];
      const touched = new Set(items.map((i) => i.conversationId));
      for (const id of touched) {
        queryClient.setQueryData<ChatMessagePage>(chatKeys.messages(id), (page) => applyToPage(page, id, items));
      }
      const fresh = freshBuyerMessages(items, baseline, seen);
      // A stream that opened before the baseline was known treats what follows as live.
      if (baseline === Number.POSITIVE_INFINITY) baseline = Math.max(0, ...items.flatMap((i) => (i.type === 'message' ? [i.message.id] : [])));
      queryClient.setQueryData<ChatUnread>(chatKeys.unread(), (unread) => raiseUnread(unread, fresh, openConversationId));
      if (items.some((i) => i.type === 'message')) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
      }
      return fresh;
    },
  };
}
