import { describe, expect, it } from 'vitest';
import type { ChatMessage, QuickReply } from '@shopdesk/shared/chat/schemas';
import { chatToastText, checkComposer, conversationParam, languageName, parseChatSearch, previewOf, quickReplyMatches } from './chat-helpers.ts';

const message = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  conversationId: 1,
  sender: 'buyer',
  auto: null,
  kind: 'text',
  text: '',
  imageUrl: null,
  product: null,
  order: null,
  voucher: null,
  state: 'sent',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const reply = (id: number, text: string): QuickReply => ({ id, text, updatedAt: '2026-01-01T00:00:00.000Z' });

describe('chat helpers', () => {
  it('counts the composer in user-perceived characters against 2,000', () => {
    expect(checkComposer('👍🏽')).toMatchObject({ count: 1, sendable: true });
    expect(checkComposer('   ')).toMatchObject({ sendable: false, tooLong: false });
    expect(checkComposer('a'.repeat(2000))).toMatchObject({ count: 2000, sendable: true });
    expect(checkComposer('a'.repeat(2001))).toMatchObject({ tooLong: true, sendable: false });
  });

  it('lists quick replies only after a leading slash, matching what follows without case or accents', () => {
    const replies = [reply(1, 'Cảm ơn bạn!'), reply(2, 'Shipped today'), reply(3, 'Thank you')];
    expect(quickReplyMatches('hello', replies)).toBeNull();
    expect(quickReplyMatches('/', replies)).toEqual(replies);
    expect(quickReplyMatches('/cam on', replies)?.map((r) => r.id)).toEqual([1]);
    expect(quickReplyMatches('/SHIP', replies)?.map((r) => r.id)).toEqual([2]);
    expect(quickReplyMatches('/zzz', replies)).toEqual([]);
    expect(quickReplyMatches('/a\nb', replies)).toBeNull();
  });

  it('previews and toasts a message by its kind, cutting long text', () => {
    expect(previewOf(null)).toEqual({ key: 'preview.none' });
    expect(previewOf(message({ text: ' a \n b ' }))).toEqual({ text: 'a b' });
    expect(previewOf(message({ kind: 'product' }))).toEqual({ key: 'preview.product' });
    const t = (key: string) => `<${key}>`;
    expect(chatToastText(message({ kind: 'image' }), t)).toBe('<preview.image>');
    expect([...chatToastText(message({ text: 'x'.repeat(200) }), t)]).toHaveLength(80);
  });

  it('reads the inbox state from the address, ignoring odd values', () => {
    expect(parseChatSearch(new URLSearchParams('filter=unread&q=%20nina%20&c=12&orderId=SD1'))).toEqual({ filter: 'unread', q: 'nina', orderId: 'SD1', conversationId: 12 });
    expect(parseChatSearch(new URLSearchParams('filter=x&c=-1'))).toEqual({ filter: 'all', q: '', orderId: '', conversationId: null });
    expect(conversationParam('1e3')).toBeNull();
    expect(conversationParam('0')).toBeNull();
  });

  it("names the buyer's language in the seller's, keeping an odd tag as it is", () => {
    expect(languageName('th-TH', 'en-US')).toMatch(/Thai/);
    expect(languageName('not a tag!', 'en-US')).toBe('not a tag!');
    expect(languageName('', 'en-US')).toBe('');
  });
});
