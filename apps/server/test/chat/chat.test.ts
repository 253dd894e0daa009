/**
 * Buyer–seller chat over real HTTP and the real database: conversations, messages and cards, read
 * marks, pictures checked by their bytes, send limits, blocks, quick replies, auto-replies, the
 * inbox's filters, and that each side reaches only its own conversations.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT } from '@shopdesk/shared/constants';
import { chatMessages, chatSettings } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, createOperator, createSeller, createTestApp, gifBytes, opsLoginToken, jpegBytes, pngBytes, type TestContext } from '../helper.ts';
import { addShopProducts, newBuyer, newShop, placeOrder, type ShopFixture } from '../orders/fixtures.ts';
import { buyerChat, sellerChat, sendPicture, startChat } from './fixtures.ts';
import { runningVoucher } from '../marketing/voucher-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

async function shopWithProducts(count = 1): Promise<{ shop: ShopFixture; products: number[] }> {
  const shop = await newShop(ctx);
  const products = await addShopProducts(ctx, shop, Array.from({ length: count }, (_, i) => 10_00 + i), 20);
  return { shop, products };
}

describe('conversations and messages', () => {
  it('a buyer asks from a product page: the product card and the text reach the seller, unread, newest first', async () => {
    const { shop, products } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const start = await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shop.shopId, productId: products[0], text: 'Is this in stock?' }, 'th-TH');
    expect(start.status).toBe(200);
    const { conversation, sent } = start.body.data;
    expect(sent.map((m: { kind: string }) => m.kind)).toEqual(['product', 'text']);
    expect(sent[0].product).toMatchObject({ productId: products[0], priceCents: 12_00 });
    expect(sent[1]).toMatchObject({ sender: 'buyer', auto: null, text: 'Is this in stock?', state: 'sent' });
    expect(conversation).toMatchObject({ shop: { id: shop.shopId }, unread: 0 });

    // Again from another page: the same conversation.
    const again = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'Hello?' });
    expect(again).toBe(conversation.id);

    const inbox = await sellerChat(ctx.app, shop.token, 'POST', 'conversations', {});
    expect(inbox.status).toBe(200);
    expect(inbox.body.data.total).toBe(1);
    expect(inbox.body.data.list[0]).toMatchObject({
      id: conversation.id,
      buyer: { id: buyer.buyerId, nickname: buyer.nickname, language: 'en-US' },
      unread: 3,
      needsReply: true,
      blocked: false,
      lastMessage: { text: 'Hello?', sender: 'buyer' },
    });
    // The language of the buyer's last message (the second start sent none: en-US).
    expect((await sellerChat(ctx.app, shop.token, 'GET', 'unread')).body.data).toEqual({ messages: 3, conversations: 1 });

    const page = await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: conversation.id, limit: 2 });
    expect(page.body.data.hasMore).toBe(true);
    expect(page.body.data.list.map((m: { text: string }) => m.text)).toEqual(['Is this in stock?', 'Hello?']);
    const older = await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: conversation.id, beforeId: page.body.data.list[0].id });
    expect(older.body.data).toMatchObject({ hasMore: false, list: [{ kind: 'product' }] });
  });

  it('read marks: the seller receives and reads, the buyer sees delivered then read; a reply reads what came before', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'one' });
    const second = (await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'two' })).body.data[0];
    const states = async () => (await buyerChat(ctx.app, buyer.token, 'GET', 'messages', { conversationId: id })).body.data.list.map((m: { state: string }) => m.state);
    expect(await states()).toEqual(['sent', 'sent']);

    const delivered = await sellerChat(ctx.app, shop.token, 'POST', 'read', { conversationId: id, upToId: second.id, state: 'delivered' });
    expect(delivered.body.data).toEqual({ deliveredUpToId: second.id, readUpToId: 0 });
    expect(await states()).toEqual(['delivered', 'delivered']);
    // Up to the first only, then past the newest: never beyond the buyer's newest message, never back.
    await sellerChat(ctx.app, shop.token, 'POST', 'read', { conversationId: id, upToId: second.id - 1 });
    expect(await states()).toEqual(['read', 'delivered']);
    const past = await sellerChat(ctx.app, shop.token, 'POST', 'read', { conversationId: id, upToId: second.id + 1000 });
    expect(past.body.data).toEqual({ deliveredUpToId: second.id, readUpToId: second.id });
    expect(await states()).toEqual(['read', 'read']);
    expect((await sellerChat(ctx.app, shop.token, 'GET', 'unread')).body.data).toEqual({ messages: 0, conversations: 0 });

    await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'three' });
    const reply = await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'Yes, it ships today' });
    expect(reply.status).toBe(200);
    expect(reply.body.data[0]).toMatchObject({ sender: 'seller', state: 'sent' });
    expect(await states()).toEqual(['read', 'read', 'read', 'sent']);
    expect((await buyerChat(ctx.app, buyer.token, 'GET', 'unread')).body.data).toEqual({ messages: 1, conversations: 1 });
    const list = await buyerChat(ctx.app, buyer.token, 'POST', 'conversations', {});
    expect(list.body.data.list[0]).toMatchObject({ id, unread: 1, shop: { id: shop.shopId }, lastMessage: { text: 'Yes, it ships today' } });
  });

  it('text is stored and answered as text, up to 2,000 characters as a person counts them', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const html = '<img src=x onerror=alert(1)> <b>hi</b> https://example.com/?a=1&b=2';
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: html });
    const page = await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: id });
    expect(page.body.data.list[0].text).toBe(html);
    const flags = '🇻🇳'.repeat(CHAT.TEXT_MAX);
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: flags })).status).toBe(200);
    const tooLong = await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'a'.repeat(CHAT.TEXT_MAX + 1) });
    expect(tooLong.status).toBe(400);
    const empty = await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: '   ' }, 'vi-VN');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'CHAT_EMPTY', msg: 'Hãy nhập tin nhắn, hoặc đính kèm ảnh, sản phẩm hay đơn hàng' });
  });

  it("an order card is only the buyer's own order with this shop; a product card only this shop's product", async () => {
    const { shop, products } = await shopWithProducts();
    const other = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const stranger = await newBuyer(ctx);
    const mine = await placeOrder(ctx, buyer.token, shop.shopId, products[0]);
    const theirs = await placeOrder(ctx, stranger.token, shop.shopId, products[0]);
    const elsewhere = await placeOrder(ctx, buyer.token, other.shop.shopId, other.products[0]);
    const start = await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shop.shopId, orderId: mine });
    expect(start.status).toBe(200);
    expect(start.body.data.sent[0]).toMatchObject({ kind: 'order', order: { orderId: mine, paymentStatus: 'paid', quantity: 1 } });
    const id = start.body.data.conversation.id;
    for (const orderId of [theirs, elsewhere]) expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, orderId })).status).toBe(404);
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, productId: other.products[0] })).status).toBe(404);
    // The seller sends the order back as a card, and sees the buyer's orders beside the conversation.
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, orderId: mine, text: 'Shipped' })).body.data.map((m: { kind: string }) => m.kind)).toEqual(['order', 'text']);
    const orders = await sellerChat(ctx.app, shop.token, 'GET', 'buyerOrders', { conversationId: id });
    expect(orders.body.data.map((o: { orderId: string }) => o.orderId)).toEqual([mine]);
  });
});

describe('voucher cards', () => {
  it("a seller sends the shop's own running vouchers as cards; the buyer claims a public one with the mall's claim", async () => {
    const { shop } = await shopWithProducts();
    const other = await newShop(ctx);
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'Any discount?' });
    const open = await runningVoucher(ctx, shop);
    const coded = await runningVoucher(ctx, shop, { name: 'Chat friends', visibility: 'code', code: 'CHAT5OFF', kind: 'percent', amountOffCents: undefined, percentOff: 10, maxDiscountCents: 3_00 });
    const sent = await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, voucherId: open, text: 'Here you go' });
    expect(sent.status).toBe(200);
    expect(sent.body.data.map((m: { kind: string }) => m.kind)).toEqual(['voucher', 'text']);
    expect(sent.body.data[0].voucher).toMatchObject({ voucherId: open, name: 'Weekend sale', visibility: 'public', code: null, kind: 'amount', amountOffCents: 5_00 });
    const codeCard = await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, voucherId: coded });
    expect(codeCard.body.data[0].voucher).toMatchObject({ voucherId: coded, visibility: 'code', code: 'CHAT5OFF', kind: 'percent', percentOff: 10, maxDiscountCents: 3_00 });

    // The buyer sees both cards and claims the public one through the mall's own claim.
    const page = await buyerChat(ctx.app, buyer.token, 'GET', 'messages', { conversationId: id });
    const cards = page.body.data.list.filter((m: { kind: string }) => m.kind === 'voucher');
    expect(cards.map((m: { voucher: { voucherId: number } }) => m.voucher.voucherId)).toEqual([open, coded]);
    const claimed = await call(ctx.app, 'POST', '/api/buyer/vouchers/claim', { headers: { buyertoken: buyer.token }, body: { voucherId: cards[0].voucher.voucherId } });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id: open, claimed: true });

    const count = async () => (await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: id })).body.data.list.length;
    const before = await count();
    // Another shop's voucher is not found; an ended one is refused in the seller's language; a buyer hands out none.
    const foreign = await runningVoucher(ctx, other);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, voucherId: foreign, text: 'x' })).status).toBe(404);
    await ctx.db.execute(sql`update vouchers set ended_at = now() where id = ${coded}::integer`);
    const ended = await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, voucherId: coded, text: 'x' }, 'th-TH');
    expect(ended.status).toBe(422);
    expect(ended.body.msg).toBe('คูปองนี้ใช้ไม่ได้ในขณะนี้');
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, voucherId: open, text: 'x' })).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('pictures', () => {
  it('are checked by their bytes, at most 5 MB, and fetched only by the two sides', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const other = await newShop(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId);
    for (const data of [pngBytes(), jpegBytes(), gifBytes()]) {
      const sent = await sendPicture(ctx.app, { buyerToken: buyer.token }, id, { data });
      expect(sent.status).toBe(200);
      expect(sent.body.data[0]).toMatchObject({ kind: 'image', imageUrl: `/api/buyer/chat/images/${sent.body.data[0].id}` });
    }
    const reply = await sendPicture(ctx.app, { token: shop.token }, id, { data: pngBytes() });
    expect(reply.status).toBe(200);
    const messageId = reply.body.data[0].id;
    expect(reply.body.data[0].imageUrl).toBe(`/api/chat/images/${messageId}`);
    const asSeller = await ctx.app.inject({ method: 'GET', url: `/api/chat/images/${messageId}`, headers: { authtoken: shop.token } });
    expect(asSeller.statusCode).toBe(200);
    expect(asSeller.headers['content-type']).toBe('image/png');
    expect(asSeller.headers['cache-control']).toContain('private');
    const asBuyer = await ctx.app.inject({ method: 'GET', url: `/api/buyer/chat/images/${messageId}`, headers: { buyertoken: buyer.token } });
    expect(asBuyer.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/chat/images/${messageId}`, headers: { authtoken: other.token } })).statusCode).toBe(404);

    const notPicture = await sendPicture(ctx.app, { buyerToken: buyer.token }, id, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'x.png' });
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.error).toBe('INVALID_FILE_TYPE');
    const fake = await sendPicture(ctx.app, { buyerToken: buyer.token }, id, { data: Buffer.concat([pngBytes().subarray(0, 16), Buffer.from('not a picture')]) });
    expect(fake.body.error).toBe('INVALID_FILE_TYPE');
    const big = await sendPicture(ctx.app, { buyerToken: buyer.token }, id, { data: pngBytes(CHAT.IMAGE_MAX_BYTES + 1) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('FILE_TOO_LARGE');
    // Refused pictures leave no message behind.
    const page = await buyerChat(ctx.app, buyer.token, 'GET', 'messages', { conversationId: id });
    expect(page.body.data.list.filter((m: { kind: string }) => m.kind === 'image')).toHaveLength(4);
    // Into another buyer's conversation: as if it did not exist.
    const stranger = await newBuyer(ctx);
    expect((await sendPicture(ctx.app, { buyerToken: stranger.token }, id, { data: pngBytes() })).status).toBe(404);
  });
});

describe('limits and blocks', () => {
  it("a buyer past 20 messages a minute is told to wait, in the buyer's language", async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: '1' });
    for (let i = 2; i <= CHAT.BUYER_PER_MINUTE; i++) expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: String(i) })).status).toBe(200);
    const refused = await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'one more' }, 'id-ID');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('CHAT_RATE_LIMITED');
    expect(refused.body.msg).toMatch(/^Anda mengirim pesan terlalu cepat\. Coba lagi dalam \d+ detik$/);
    // Over all shops: another shop is refused too.
    const other = await newShop(ctx);
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: other.shopId, text: 'hi' })).status).toBe(429);
    // A minute later it may write again.
    await ctx.db.execute(sql`update chat_messages set created_at = created_at - interval '61 seconds' where buyer_id = ${buyer.buyerId}`);
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'later' })).status).toBe(200);
  });

  it('sends at the same moment are counted exactly: of 25 at once from one buyer, 20 go out', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, {});
    const answers = await Promise.all(
      Array.from({ length: CHAT.BUYER_PER_MINUTE + 5 }, (_, i) => buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: `at once ${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(CHAT.BUYER_PER_MINUTE);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from chat_messages where conversation_id = ${id} and sender = 'buyer'`));
    expect(Number(row.n)).toBe(CHAT.BUYER_PER_MINUTE);
  });

  it('a shop past 60 messages a minute is told to wait; auto-replies do not count', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId);
    await ctx.db.insert(chatMessages).values(
      Array.from({ length: CHAT.SHOP_PER_MINUTE - 1 }, () => ({ conversationId: id, shopId: shop.shopId, buyerId: buyer.buyerId, sender: 'seller' as const, kind: 'text' as const, body: 'x' })),
    );
    await ctx.db.insert(chatMessages).values({ conversationId: id, shopId: shop.shopId, buyerId: buyer.buyerId, sender: 'seller', auto: 'greeting', kind: 'text', body: 'auto' });
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: '60th' })).status).toBe(200);
    const refused = await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: '61st' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'CHAT_RATE_LIMITED', msg: expect.stringMatching(/^You are sending messages too fast\. Try again in \d+ s$/) });
  });

  it('a buyer opens at most 30 new conversations an hour', async () => {
    const buyer = await newBuyer(ctx);
    const shops: number[] = [];
    for (let i = 0; i <= CHAT.BUYER_NEW_CONVERSATIONS_PER_HOUR; i++) shops.push((await createSeller(ctx.db, { savedAddress: false })).shopId);
    for (const shopId of shops.slice(0, -1)) expect((await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId })).status).toBe(200);
    const refused = await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shops.at(-1) });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('CHAT_NEW_CONVERSATIONS_LIMIT');
    // Continuing an existing one is not a new conversation.
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shops[0], text: 'still here' })).status).toBe(200);
  });

  it('a blocked buyer cannot write until unblocked; the block is kept for the operators', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'spam' });
    const blocked = await sellerChat(ctx.app, shop.token, 'POST', 'block', { conversationId: id, reason: 'spam' });
    expect(blocked.body.data).toEqual({ blocked: true });
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'block', { conversationId: id })).status).toBe(200);
    const refused = await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'more spam' }, 'ja-JP');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'CHAT_BLOCKED', msg: 'このショップは現在あなたからのメッセージを受け付けていません' });
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shop.shopId, text: 'again' })).status).toBe(403);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'conversations', {})).body.data.list[0]).toMatchObject({ id, blocked: true });
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'unblock', { conversationId: id })).body.data).toEqual({ blocked: false });
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'sorry' })).status).toBe(200);
    const rows = await ctx.db.execute(sql`select reason, blocked_by, unblocked_at from chat_blocks where shop_id = ${shop.shopId}`);
    const list = ((rows as { rows?: unknown[] }).rows ?? rows) as { reason: string; blocked_by: number; unblocked_at: unknown }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ reason: 'spam', blocked_by: shop.userId });
    expect(list[0].unblocked_at).not.toBeNull();
    // Operators (support, finance) see the shop's blocks, lifted ones too; a seller does not.
    const op = await createOperator(ctx.db, undefined, undefined, 'support');
    const opToken = await opsLoginToken(ctx.app, op.username, op.password);
    const seen = await call(ctx.app, 'GET', `/api/ops/shops/${shop.shopId}/chatBlocks`, { token: opToken });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ total: 1, list: [{ buyer: { id: buyer.buyerId, nickname: buyer.nickname }, reason: 'spam', unblockedAt: expect.any(String) }] });
    expect(seen.body.data.list[0].blockedBy).toEqual(expect.any(String));
    expect((await call(ctx.app, 'GET', '/api/ops/shops/987654321/chatBlocks', { token: opToken })).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/ops/shops/${shop.shopId}/chatBlocks`, { token: shop.token })).status).toBe(403);
  });
});

describe('quick replies and auto-replies', () => {
  it('quick replies: create, list, change, delete, at most 50', async () => {
    const shop = await newShop(ctx);
    const created = await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/create', { text: '  Thanks for your order!  ' });
    expect(created.body.data).toMatchObject({ text: 'Thanks for your order!' });
    const id = created.body.data.id;
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/update', { id, text: 'Ships in 24 h' })).body.data.text).toBe('Ships in 24 h');
    expect((await sellerChat(ctx.app, shop.token, 'GET', 'quickReplies')).body.data.map((q: { text: string }) => q.text)).toEqual(['Ships in 24 h']);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/create', { text: '' })).status).toBe(400);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/delete', { id })).status).toBe(200);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/delete', { id })).status).toBe(404);
    for (let i = 0; i < CHAT.QUICK_REPLIES_MAX; i++) await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/create', { text: `reply ${i}` });
    const full = await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/create', { text: 'one too many' });
    expect(full.status).toBe(422);
    expect(full.body).toMatchObject({ error: 'CHAT_QUICK_REPLY_LIMIT', msg: 'A shop can keep at most 50 quick replies' });
  });

  it('the greeting answers a buyer once a day and does not count as a reply', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const settings = {
      greeting: { enabled: true, text: 'Hi! We answer within an hour.' },
      offHours: { enabled: false, text: '', timeZone: 'Asia/Bangkok', days: [1, 2, 3, 4, 5, 6, 7], openMinute: 0, closeMinute: 1440 },
    };
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'settings', settings)).body.data).toEqual(settings);
    expect((await sellerChat(ctx.app, shop.token, 'GET', 'settings')).body.data).toEqual(settings);
    const start = await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shop.shopId, text: 'Hello' });
    expect(start.body.data.sent.map((m: { sender: string; auto: string | null }) => [m.sender, m.auto])).toEqual([
      ['buyer', null],
      ['seller', 'greeting'],
    ]);
    const id = start.body.data.conversation.id;
    const next = await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'Anyone?' });
    expect(next.body.data).toHaveLength(1);
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'conversations', { filter: 'needsReply' })).body.data.list.map((c: { id: number }) => c.id)).toEqual([id]);
    // A day later, once more.
    await ctx.db.execute(sql`update chat_messages set created_at = created_at - interval '25 hours' where conversation_id = ${id}`);
    expect((await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'Next day' })).body.data.map((m: { auto: string | null }) => m.auto)).toEqual([null, 'greeting']);
  });

  it('outside the opening hours in the shop time zone the off-hours answer goes out instead', async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    // Open on no day at all: always off hours.
    const settings = {
      greeting: { enabled: true, text: 'Hi!' },
      offHours: { enabled: true, text: 'We are closed, back at 9:00 (Manila time).', timeZone: 'Asia/Manila', days: [], openMinute: 540, closeMinute: 1080 },
    };
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'settings', settings)).status).toBe(200);
    const start = await buyerChat(ctx.app, buyer.token, 'POST', 'start', { shopId: shop.shopId, text: 'Hello' });
    expect(start.body.data.sent[1]).toMatchObject({ auto: 'off_hours', text: 'We are closed, back at 9:00 (Manila time).' });
    // Open every day, all day: the greeting.
    await ctx.db.update(chatSettings).set({ openDays: [1, 2, 3, 4, 5, 6, 7], openMinute: 0, closeMinute: 1440 }).where(sql`shop_id = ${shop.shopId}`);
    const buyer2 = await newBuyer(ctx);
    expect((await buyerChat(ctx.app, buyer2.token, 'POST', 'start', { shopId: shop.shopId, text: 'Hello' })).body.data.sent[1]).toMatchObject({ auto: 'greeting' });
    // A bad time zone or a missing text is refused.
    const bad = await sellerChat(ctx.app, shop.token, 'POST', 'settings', { ...settings, offHours: { ...settings.offHours, timeZone: 'Mars/Olympus' } }, 'ko-KR');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('올바른 시간대를 선택해 주세요');
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'settings', { ...settings, greeting: { enabled: true, text: '' } })).status).toBe(400);
  });
});

describe('the inbox', () => {
  it('filters unread, needs reply and by order, and finds a buyer by name or order number', async () => {
    const { shop, products } = await shopWithProducts();
    const ana = await newBuyer(ctx);
    const ben = await newBuyer(ctx);
    const cy = await newBuyer(ctx);
    const order = await placeOrder(ctx, ben.token, shop.shopId, products[0]);
    const a = await startChat(ctx.app, ana.token, shop.shopId, { text: 'a' });
    const b = await startChat(ctx.app, ben.token, shop.shopId, { text: 'b' });
    const c = await startChat(ctx.app, cy.token, shop.shopId, { text: 'c' });
    // A conversation opened without a message is not in the inbox.
    await buyerChat(ctx.app, (await newBuyer(ctx)).token, 'POST', 'start', { shopId: shop.shopId });
    await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: a, text: 'answered' });
    const lastId = (await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: b })).body.data.list.at(-1).id;
    await sellerChat(ctx.app, shop.token, 'POST', 'read', { conversationId: b, upToId: lastId });
    const ids = async (body: Record<string, unknown>) => (await sellerChat(ctx.app, shop.token, 'POST', 'conversations', body)).body.data.list.map((x: { id: number }) => x.id);
    expect(await ids({})).toEqual([a, c, b]);
    expect(await ids({ filter: 'unread' })).toEqual([c]);
    expect(await ids({ filter: 'needsReply' })).toEqual([c, b]);
    expect(await ids({ orderId: order })).toEqual([b]);
    expect(await ids({ q: order.slice(-6) })).toEqual([b]);
    expect(await ids({ q: cy.nickname })).toEqual([c]);
    expect(await ids({ q: '%' })).toEqual([]);
    const paged = await sellerChat(ctx.app, shop.token, 'POST', 'conversations', { page: 2, pageSize: 2 });
    expect(paged.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2, list: [{ id: b }] });
  });

  it('a cursor continues after the last conversation shown, however the list moved meanwhile', async () => {
    const { shop } = await shopWithProducts();
    const ids: number[] = [];
    const buyers = [];
    for (const text of ['a', 'b', 'c', 'd']) {
      const buyer = await newBuyer(ctx);
      buyers.push(buyer);
      ids.push(await startChat(ctx.app, buyer.token, shop.shopId, { text }));
    }
    const [a, b, c, d] = ids;
    const list = (body: Record<string, unknown>) => sellerChat(ctx.app, shop.token, 'POST', 'conversations', body);
    const first = (await list({ pageSize: 2 })).body.data;
    expect(first.list.map((x: { id: number }) => x.id)).toEqual([d, c]);
    expect(first.nextCursor).toMatch(/^\d+\.\d+$/);
    // b writes again: it moves to the top, above what was shown. Page 2 by number would repeat c.
    await buyerChat(ctx.app, buyers[1].token, 'POST', 'send', { conversationId: b, text: 'again' });
    expect((await list({ page: 2, pageSize: 2 })).body.data.list.map((x: { id: number }) => x.id)).toEqual([c, a]);
    const next = (await list({ pageSize: 2, cursor: first.nextCursor })).body.data;
    expect(next).toMatchObject({ total: 4, nextCursor: null });
    expect(next.list.map((x: { id: number }) => x.id)).toEqual([a]);
    // The cursor works with the filters too, and a malformed one is refused, localized.
    const unread = (await list({ pageSize: 1, filter: 'unread' })).body.data;
    expect(unread.list.map((x: { id: number }) => x.id)).toEqual([b]);
    expect((await list({ pageSize: 1, filter: 'unread', cursor: unread.nextCursor })).body.data.list.map((x: { id: number }) => x.id)).toEqual([d]);
    const bad = await sellerChat(ctx.app, shop.token, 'POST', 'conversations', { cursor: "1' or 1=1" }, 'vi-VN');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('Giá trị không hợp lệ');
  });
});

describe('each side reaches only its own conversations', () => {
  it('every seller operation with another shop\'s conversation answers as if it did not exist, and changes nothing', async () => {
    const { shop } = await shopWithProducts();
    const other = await newShop(ctx);
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'private question' });
    const messageId = (await sellerChat(ctx.app, shop.token, 'GET', 'messages', { conversationId: id })).body.data.list[0].id;
    const quick = (await sellerChat(ctx.app, shop.token, 'POST', 'quickReplies/create', { text: 'mine' })).body.data.id;
    const nothing = 987_654_321;
    const calls: [string, 'GET' | 'POST', (target: number) => Record<string, unknown>][] = [
      ['messages', 'GET', (t) => ({ conversationId: t })],
      ['send', 'POST', (t) => ({ conversationId: t, text: 'hi' })],
      ['read', 'POST', (t) => ({ conversationId: t, upToId: messageId })],
      ['buyerOrders', 'GET', (t) => ({ conversationId: t })],
      ['block', 'POST', (t) => ({ conversationId: t })],
      ['unblock', 'POST', (t) => ({ conversationId: t })],
    ];
    for (const [path, method, input] of calls) {
      const theirs = await sellerChat(ctx.app, other.token, method, path, input(id));
      const none = await sellerChat(ctx.app, other.token, method, path, input(nothing));
      expect([path, theirs.status, theirs.body.error]).toEqual([path, 404, 'NOT_FOUND']);
      expect(theirs.body.msg).toBe(none.body.msg);
    }
    for (const [path, body] of [
      ['quickReplies/update', { id: quick, text: 'taken' }],
      ['quickReplies/delete', { id: quick }],
    ] as const)
      expect((await sellerChat(ctx.app, other.token, 'POST', path, body)).status).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/chat/images/${messageId}`, headers: { authtoken: other.token } })).statusCode).toBe(404);
    expect((await sellerChat(ctx.app, other.token, 'POST', 'conversations', {})).body.data.total).toBe(0);
    expect((await sellerChat(ctx.app, other.token, 'GET', 'unread')).body.data).toEqual({ messages: 0, conversations: 0 });
    expect((await sellerChat(ctx.app, other.token, 'GET', 'quickReplies')).body.data).toEqual([]);
    // Nothing moved: the first shop's conversation is as it was.
    const inbox = await sellerChat(ctx.app, shop.token, 'POST', 'conversations', {});
    expect(inbox.body.data.list[0]).toMatchObject({ id, unread: 1, blocked: false, lastMessage: { text: 'private question' } });
    expect((await sellerChat(ctx.app, shop.token, 'GET', 'quickReplies')).body.data[0].text).toBe('mine');
  });

  it("every buyer operation with another buyer's conversation answers as if it did not exist; seller and buyer tokens do not cross", async () => {
    const { shop } = await shopWithProducts();
    const buyer = await newBuyer(ctx);
    const stranger = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'mine' });
    const reply = (await sendPicture(ctx.app, { token: shop.token }, id, { data: pngBytes() })).body.data[0].id;
    const calls: [string, 'GET' | 'POST', (target: number) => Record<string, unknown>][] = [
      ['messages', 'GET', (t) => ({ conversationId: t })],
      ['send', 'POST', (t) => ({ conversationId: t, text: 'hi' })],
      ['read', 'POST', (t) => ({ conversationId: t, upToId: reply })],
    ];
    for (const [path, method, input] of calls) {
      const theirs = await buyerChat(ctx.app, stranger.token, method, path, input(id));
      expect([path, theirs.status]).toEqual([path, 404]);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/buyer/chat/images/${reply}`, headers: { buyertoken: stranger.token } })).statusCode).toBe(404);
    expect((await buyerChat(ctx.app, stranger.token, 'POST', 'conversations', {})).body.data.total).toBe(0);
    expect((await buyerChat(ctx.app, stranger.token, 'GET', 'unread')).body.data).toEqual({ messages: 0, conversations: 0 });
    // A seller's token is not a buyer's, and the other way round.
    expect((await call2('/api/buyer/chat/conversations', { authtoken: shop.token })).statusCode).toBe(401);
    expect((await call2('/api/chat/conversations', { buyertoken: buyer.token })).statusCode).toBe(401);
    expect((await buyerChat(ctx.app, buyer.token, 'GET', 'messages', { conversationId: id })).body.data.list.at(-1).state).toBe('sent');
  });
});

function call2(url: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'POST', url, headers, payload: {} });
}
