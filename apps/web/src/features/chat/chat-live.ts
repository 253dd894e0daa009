import type { ChatMessage, ChatMessagePage, ChatState, ChatStreamItem, ChatUnread } from '@shopdesk/shared/chat/schemas';

/**
 * The stream's chat events applied to what the seller's screens show, without React (unit-tested):
 * which items are usable, which buyer messages are new enough to announce, and how a conversation's
 * cached page and the unread badge change.
 */

const STATE_RANK: Record<ChatState, number> = { sent: 0, delivered: 1, read: 2 };

/** The items of a chat event the client understands; anything else is ignored. */
export function chatItems(raw: readonly unknown[]): ChatStreamItem[] {
  return raw.filter((item): item is ChatStreamItem => {
    if (typeof item !== 'object' || item === null) return false;
    const i = item as Record<string, unknown>;
    if (typeof i.id !== 'number' || typeof i.conversationId !== 'number') return false;
    if (i.type === 'message') {
      const m = i.message as Record<string, unknown> | null | undefined;
      return typeof m === 'object' && m !== null && typeof m.id === 'number' && (m.sender === 'buyer' || m.sender === 'seller');
    }
    return (i.type === 'delivered' || i.type === 'read') && typeof i.upToId === 'number';
  });
}

/**
 * The buyer messages of these items to announce (sound, toast): newer than every message the
 * seller knew when the stream opened (`baseline`: a replay after a reload is not news), not seen
 * before (`seen`, updated), and written by the buyer (not the shop's own or its auto-replies).
 */
export function freshBuyerMessages(items: readonly ChatStreamItem[], baseline: number, seen: Set<number>): ChatMessage[] {
  const fresh: ChatMessage[] = [];
  for (const item of items) {
    if (item.type !== 'message') continue;
    const m = item.message;
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    if (m.sender === 'buyer' && m.id > baseline) fresh.push(m);
  }
  return fresh;
}

/** A conversation's cached page with the arrived messages and the other side's delivered/read marks. */
export function applyToPage(page: ChatMessagePage | undefined, conversationId: number, items: readonly ChatStreamItem[]): ChatMessagePage | undefined {
  if (!page) return page;
  let list = page.list;
  let changed = false;
  for (const item of items) {
    if (item.conversationId !== conversationId) continue;
    if (item.type === 'message') {
      if (list.some((m) => m.id === item.message.id)) continue;
      list = [...list, item.message].sort((a, b) => a.id - b.id);
      changed = true;
    } else if (item.side === 'buyer') {
      // The buyer's device received or read the shop's messages up to an id.
      const state: ChatState = item.type;
      list = list.map((m) => {
        if (m.sender !== 'seller' || m.id > item.upToId || STATE_RANK[m.state] >= STATE_RANK[state]) return m;
        changed = true;
        return { ...m, state };
      });
    }
  }
  return changed ? { ...page, list } : page;
}

/** The unread badge raised at once by fresh buyer messages (the server's figure follows). */
export function raiseUnread(unread: ChatUnread | undefined, fresh: readonly ChatMessage[], openConversationId: number | null): ChatUnread | undefined {
  const counted = fresh.filter((m) => m.conversationId !== openConversationId);
  if (!unread || counted.length === 0) return unread;
  // The conversations count is left to the server's answer, refetched right after.
  return { ...unread, messages: unread.messages + counted.length };
}

/** The newest buyer message id of a page (what "read" marks up to), or null without one. */
export function newestBuyerMessageId(page: ChatMessagePage | undefined): number | null {
  const ids = page?.list.filter((m) => m.sender === 'buyer').map((m) => m.id) ?? [];
  return ids.length ? Math.max(...ids) : null;
}
