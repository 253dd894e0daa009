import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessagePage } from '@shopdesk/shared/chat/schemas';
import { prependOlder, refetchedPage } from './chat-api.ts';

const m = (id: number): ChatMessage => ({
  id,
  conversationId: 1,
  sender: 'buyer',
  auto: null,
  kind: 'text',
  text: String(id),
  imageUrl: null,
  product: null,
  order: null,
  voucher: null,
  state: 'sent',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (ids: number[], hasMore: boolean): ChatMessagePage => ({ list: ids.map(m), hasMore });
const ids = (p: ChatMessagePage | undefined) => p?.list.map((x) => x.id);

describe('message pages', () => {
  it('puts older messages before the held ones, once each, and takes their hasMore', () => {
    const held = page([5, 6, 7], true);
    const merged = prependOlder(held, page([2, 3, 5], false));
    expect(ids(merged)).toEqual([2, 3, 5, 6, 7]);
    expect(merged?.hasMore).toBe(false);
    expect(prependOlder(undefined, page([1], false))).toBeUndefined();
  });

  it('keeps the older pages across a refetch of the newest when the two meet, else shows the fresh page alone', () => {
    const held = page([1, 2, 3, 4, 5], true);
    // The fresh newest page reaches back to 4: 1–3 stay, and so does "more before 1".
    expect(refetchedPage(held, page([4, 5, 6], true))).toEqual(page([1, 2, 3, 4, 5, 6], true));
    // Many arrived meanwhile: the fresh page does not reach the held ones, a gap would show.
    expect(refetchedPage(held, page([9, 10, 11], true))).toEqual(page([9, 10, 11], true));
    // The fresh page is the whole conversation.
    expect(refetchedPage(held, page([1, 2, 3, 4, 5, 6], false))).toEqual(page([1, 2, 3, 4, 5, 6], false));
    expect(refetchedPage(undefined, page([3], true))).toEqual(page([3], true));
  });
});
