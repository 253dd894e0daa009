/**
 * The chat response rate against hand-made conversations: which questions count, which a person
 * answered within 12 hours (auto-replies do not answer), the median first-reply time, and the
 * conversations that missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../src/db/schema.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { newBuyer, newShop, type ShopFixture } from '../orders/fixtures.ts';
import { sellerChat } from './fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

type Line = [side: 'buyer' | 'seller' | 'auto', hoursAgo: number];

/** A conversation of the shop with a new buyer, its messages at the given times. */
async function conversation(shop: ShopFixture, lines: Line[]): Promise<{ id: number; nickname: string }> {
  const buyer = await newBuyer(ctx, 0);
  const [row] = await ctx.db.insert(chatConversations).values({ shopId: shop.shopId, buyerId: buyer.buyerId }).returning();
  for (const [side, hours] of lines) {
    await ctx.db.insert(chatMessages).values({
      conversationId: row.id,
      shopId: shop.shopId,
      buyerId: buyer.buyerId,
      sender: side === 'buyer' ? 'buyer' : 'seller',
      auto: side === 'auto' ? 'greeting' : null,
      kind: 'text',
      body: `${side} ${hours}`,
      createdAt: ago(hours),
    });
  }
  return { id: row.id, nickname: buyer.nickname };
}

describe('response rate over 30 days', () => {
  it('counts questions answered by a person within 12 hours, the median first reply, and the missed ones', async () => {
    const shop = await newShop(ctx);
    await conversation(shop, [['buyer', 50], ['seller', 49]]); // 1 h
    await conversation(shop, [['buyer', 100], ['auto', 100], ['seller', 97]]); // auto at once, a person after 3 h
    const late = await conversation(shop, [['buyer', 40], ['seller', 26]]); // 14 h: missed
    const autoOnly = await conversation(shop, [['buyer', 30], ['auto', 30]]); // only the auto-reply: missed
    await conversation(shop, [['buyer', 2]]); // 2 h without an answer: pending, not counted yet
    await conversation(shop, [['buyer', 24 * 31], ['seller', 24 * 31 - 1]]); // before the window
    // Asked before the window and again inside it: the question is the first message inside (20 h ago), answered after 30 min.
    await conversation(shop, [['buyer', 24 * 35], ['seller', 24 * 34], ['buyer', 20], ['buyer', 19.8], ['seller', 19.5]]);

    const { status, body } = await sellerChat(ctx.app, shop.token, 'GET', 'responseRate');
    expect(status).toBe(200);
    const rate = body.data;
    expect(rate).toMatchObject({ days: 30, hours: 12, questions: 5, answered: 3, rateBp: 6000, pending: 1 });
    // First replies: 0.5 h, 1 h, 3 h, 14 h → median (1 h + 3 h) / 2 = 2 h.
    expect(rate.medianFirstReplySeconds).toBe(2 * 3600);
    expect(rate.missed.map((m: { conversationId: number }) => m.conversationId)).toEqual([autoOnly.id, late.id]);
    expect(rate.missed[0]).toMatchObject({ buyer: { nickname: autoOnly.nickname }, repliedAt: null });
    expect(rate.missed[1].repliedAt).not.toBeNull();
  });

  it('without auto-replies the same answers count the same; a shop without questions has no rate', async () => {
    const shop = await newShop(ctx);
    await conversation(shop, [['buyer', 10], ['seller', 9]]);
    await conversation(shop, [['buyer', 13]]);
    const { body } = await sellerChat(ctx.app, shop.token, 'GET', 'responseRate');
    expect(body.data).toMatchObject({ questions: 2, answered: 1, rateBp: 5000, medianFirstReplySeconds: 3600, pending: 0 });
    const empty = await newShop(ctx);
    expect((await sellerChat(ctx.app, empty.token, 'GET', 'responseRate')).body.data).toMatchObject({ questions: 0, answered: 0, rateBp: null, medianFirstReplySeconds: null, missed: [] });
  });
});
