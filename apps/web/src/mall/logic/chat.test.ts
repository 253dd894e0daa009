import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shopdesk/shared/chat/schemas';
import { CHAT } from '@shopdesk/shared/constants';
import { applyMark, badgeText, chatPath, composerText, mergeMessages, newestFromShop, parseChatItems, pendingCardOf } from './chat.ts';

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 1,
  sender: 'buyer',
  auto: null,
  kind: 'text',
  text: `m${id}`,
  imageUrl: null,
  product: null,
  order: null,
  voucher: null,
  state: 'sent',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the buyer chat thread', () => {
  it('merges messages once each, oldest first, never taking a state back', () => {
    const merged = mergeMessages([message(3, { state: 'read' }), message(1)], [message(2), message(3, { state: 'sent' }), message(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(merged.find((m) => m.id === 3)?.state).toBe('read');
  });

  it("moves the buyer's messages up to the shop's mark, and only those", () => {
    const list = [message(1), message(2, { sender: 'seller' }), message(3), message(4), message(5, { state: 'read' })];
    const delivered = applyMark(list, { state: 'delivered', upToId: 3 });
    expect(delivered.map((m) => m.state)).toEqual(['delivered', 'sent', 'delivered', 'sent', 'read']);
    const read = applyMark(delivered, { state: 'read', upToId: 4 });
    expect(read.map((m) => m.state)).toEqual(['read', 'sent', 'read', 'read', 'read']);
    // A delivered mark after read leaves read alone.
    expect(applyMark(read, { state: 'delivered', upToId: 5 })[0].state).toBe('read');
  });

  it("finds the shop's newest message", () => {
    expect(newestFromShop([message(1), message(2, { sender: 'seller' }), message(3)])).toBe(2);
    expect(newestFromShop([message(1)])).toBe(0);
  });
});

describe('the composer', () => {
  it('keeps at most 2,000 characters as a person counts them, never half of one', () => {
    expect(composerText('hi')).toEqual({ text: 'hi', count: 2 });
    const flags = '🇹🇭'.repeat(CHAT.TEXT_MAX + 5);
    const cut = composerText(flags);
    expect(cut.count).toBe(CHAT.TEXT_MAX);
    expect(cut.text).toBe('🇹🇭'.repeat(CHAT.TEXT_MAX));
  });
});

describe('the stream items', () => {
  it('keeps messages and marks, drops anything else', () => {
    const items = parseChatItems(
      JSON.stringify([
        { type: 'message', id: 7, conversationId: 1, message: message(3) },
        { type: 'read', id: 8, conversationId: 1, side: 'seller', upToId: 3 },
        { type: 'read', id: 9, conversationId: 1, side: 'nobody', upToId: 3 },
        { type: 'message', id: 10, conversationId: 1 },
        null,
        'x',
      ]),
    );
    expect(items.map((i) => i.id)).toEqual([7, 8]);
    expect(parseChatItems('not json')).toEqual([]);
    expect(parseChatItems('{"code":401}')).toEqual([]);
  });
});

describe('links into chat', () => {
  it('carries a product or an order, and reads them back', () => {
    expect(chatPath(4)).toBe('/mall/chat/4');
    expect(chatPath(4, { productId: 9 })).toBe('/mall/chat/4?product=9');
    expect(chatPath(4, { orderId: 'SD 1/2' })).toBe('/mall/chat/4?order=SD+1%2F2');
    expect(pendingCardOf(new URLSearchParams('product=9'))).toEqual({ kind: 'product', productId: 9 });
    expect(pendingCardOf(new URLSearchParams('order=SD+1%2F2'))).toEqual({ kind: 'order', orderId: 'SD 1/2' });
    expect(pendingCardOf(new URLSearchParams('product=-1'))).toBeNull();
    expect(pendingCardOf(new URLSearchParams('product=abc'))).toBeNull();
    expect(pendingCardOf(new URLSearchParams(`order=${'x'.repeat(41)}`))).toBeNull();
    expect(pendingCardOf(new URLSearchParams(''))).toBeNull();
  });

  it('caps the badge at 99', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(100)).toBe('99+');
  });
});
