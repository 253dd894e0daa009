import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessagePage, ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { applyToPage, chatItems, freshBuyerMessages, newestBuyerMessageId, raiseUnread } from './chat-live.ts';

const message = (id: number, sender: 'buyer' | 'seller', conversationId = 1, state: ChatMessage['state'] = 'sent'): ChatMessage => ({
  id,
  conversationId,
  sender,
  auto: null,
  kind: 'text',
  text: `m${id}`,
  imageUrl: null,
  product: null,
  order: null,
  voucher: null,
  state,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const arrived = (m: ChatMessage, id = m.id + 100): ChatStreamItem => ({ type: 'message', id, conversationId: m.conversationId, message: m });

describe('chat events on the seller screens', () => {
  it('keeps only items it understands', () => {
    const good = arrived(message(1, 'buyer'));
    const read = { type: 'read', id: 5, conversationId: 1, side: 'buyer', upToId: 3 };
    expect(chatItems([good, read, { type: 'message', id: 2, conversationId: 1 }, { type: 'typing', id: 3, conversationId: 1 }, null, 'x'])).toEqual([good, read]);
  });

  it("announces buyer messages newer than the baseline once, never the shop's own", () => {
    const seen = new Set<number>();
    const items = [arrived(message(4, 'buyer')), arrived(message(6, 'buyer')), arrived(message(7, 'seller'))];
    expect(freshBuyerMessages(items, 5, seen).map((m) => m.id)).toEqual([6]);
    expect(freshBuyerMessages(items, 5, seen)).toEqual([]);
  });

  it("adds arrivals to the open conversation's page in order and raises its sent messages to delivered and read", () => {
    const page: ChatMessagePage = { list: [message(1, 'buyer'), message(2, 'seller'), message(5, 'seller', 1, 'read')], hasMore: false };
    const next = applyToPage(page, 1, [
      arrived(message(3, 'buyer')),
      arrived(message(9, 'buyer', 2)),
      { type: 'delivered', id: 20, conversationId: 1, side: 'buyer', upToId: 5 },
      { type: 'read', id: 21, conversationId: 1, side: 'seller', upToId: 5 },
    ]);
    expect(next?.list.map((m) => [m.id, m.state])).toEqual([
      [1, 'sent'],
      [2, 'delivered'],
      [3, 'sent'],
      [5, 'read'],
    ]);
    expect(applyToPage(page, 1, [arrived(message(1, 'buyer'))])).toBe(page);
    expect(applyToPage(undefined, 1, [arrived(message(1, 'buyer'))])).toBeUndefined();
  });

  it('raises the unread badge at once, except for the conversation open on screen', () => {
    const unread = { messages: 2, conversations: 1 };
    expect(raiseUnread(unread, [message(3, 'buyer', 1), message(4, 'buyer', 2)], 1)).toEqual({ messages: 3, conversations: 1 });
    expect(raiseUnread(unread, [message(3, 'buyer', 1)], 1)).toBe(unread);
    expect(raiseUnread(undefined, [message(3, 'buyer', 1)], null)).toBeUndefined();
  });

  it('finds what opening a conversation marks read', () => {
    expect(newestBuyerMessageId({ list: [message(1, 'buyer'), message(4, 'buyer'), message(6, 'seller')], hasMore: false })).toBe(4);
    expect(newestBuyerMessageId({ list: [message(6, 'seller')], hasMore: false })).toBeNull();
  });
});
