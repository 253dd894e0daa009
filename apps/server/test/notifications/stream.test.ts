import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { notifications, streamTickets } from '../../src/db/schema.ts';
import { call, createWalletTestApp, fundShop, type WalletTestContext } from '../helper.ts';
import { addShopProducts, buyerCall, newBuyer, newShop, operatorToken, placeOrder, type ShopFixture } from '../orders/fixtures.ts';
import { listen, messagesOf, openStream, ticketFor, type SseStream } from './sse-client.ts';

let ctx: WalletTestContext;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  ctx = await createWalletTestApp({ sseHeartbeatMs: 300 });
  base = await listen(ctx.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await ctx.close();
});

async function connect(shop: ShopFixture, options: { userId?: number; ticket?: string | null; lastEventId?: number; headers?: Record<string, string> } = {}) {
  const ticket = options.ticket === undefined ? await ticketFor(ctx.app, shop.token) : options.ticket;
  const query = new URLSearchParams();
  if (ticket !== null) query.set('ticket', ticket);
  if (options.lastEventId !== undefined) query.set('lastEventId', String(options.lastEventId));
  const stream = await openStream(base, `/api/sse/connect/${options.userId ?? shop.userId}?${query}`, options.headers);
  open.push(stream);
  return stream;
}

/** A shop with one product on sale and a buyer ready to order it. */
async function shopWithProduct() {
  const shop = await newShop(ctx);
  const [productId] = await addShopProducts(ctx, shop, [10_00], 20);
  const buyer = await newBuyer(ctx);
  return { shop, productId, buyer, order: () => placeOrder(ctx, buyer.token, shop.shopId, productId) };
}

async function expectRefused(stream: SseStream) {
  expect(stream.status).toBe(200);
  expect(stream.contentType).toMatch(/^text\/event-stream/);
  await stream.ended;
  expect(stream.events).toEqual([{ id: null, data: '{"code":401}' }]);
}

describe('stream authorisation (a ticket, never the session token in the URL)', () => {
  it('refuses a stream without a ticket with one {code:401} event, then closes', async () => {
    const shop = await newShop(ctx);
    await expectRefused(await connect(shop, { ticket: null }));
  });

  it("refuses another user's id, and spends the ticket", async () => {
    const a = await newShop(ctx);
    const b = await newShop(ctx);
    const ticket = await ticketFor(ctx.app, a.token);
    await expectRefused(await connect(a, { userId: b.userId, ticket }));
    await expectRefused(await connect(a, { ticket }));
  });

  it('refuses an expired ticket', async () => {
    const shop = await newShop(ctx);
    const { status, body } = await call(ctx.app, 'POST', '/api/sse/ticket', { token: shop.token });
    expect(status).toBe(200);
    expect(new Date(body.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(50_000);
    await ctx.db.execute(sql`update stream_tickets set expires_at = now() - interval '1 second' where user_id = ${shop.userId}`);
    await expectRefused(await connect(shop, { ticket: body.data.ticket }));
  });

  it('refuses a ticket used once already, and an unknown one', async () => {
    const shop = await newShop(ctx);
    const ticket = await ticketFor(ctx.app, shop.token);
    const first = await connect(shop, { ticket });
    await first.until((s) => s.comments.includes('hb'));
    expect(first.events).toEqual([]);
    first.close();
    await expectRefused(await connect(shop, { ticket }));
    await expectRefused(await connect(shop, { ticket: 'not-a-ticket' }));
  });

  it('stores tickets hashed, and asks for a session to issue one', async () => {
    const shop = await newShop(ctx);
    const ticket = await ticketFor(ctx.app, shop.token);
    const rows = await ctx.db.select().from(streamTickets).where(eq(streamTickets.userId, shop.userId));
    expect(rows.map((r) => r.tokenHash)).not.toContain(ticket);
    expect((await call(ctx.app, 'POST', '/api/sse/ticket')).status).toBe(401);
  });

  it('ends an open stream with a 401 event once its session is logged out', async () => {
    const shop = await newShop(ctx);
    const stream = await connect(shop);
    await stream.until((s) => s.comments.includes('hb'));
    expect((await call(ctx.app, 'POST', '/api/sellAuth/logout', { token: shop.token })).status).toBe(200);
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ id: null, data: '{"code":401}' });
  });
});

describe('live delivery', () => {
  it('sends a buyer checkout to an open stream within 2 s, with heartbeats between', async () => {
    const { shop, order } = await shopWithProduct();
    const stream = await connect(shop);
    await stream.until((s) => s.comments.includes('hb'), 2000);
    const started = Date.now();
    const orderId = await order();
    const event = await stream.event(1, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    const [message] = messagesOf(event);
    expect(message).toMatchObject({ title: NOTIFICATION_TITLE.NEW_ORDER, content: NOTIFICATION_CONTENT.NEW_ORDER, unread: true, orderId });
    expect(event.id).toBe(String(message.id));
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
  });

  it('sends refund requests (title 1) and wallet decisions (title 3) too, to every stream of the shop only', async () => {
    const { shop, buyer, order } = await shopWithProduct();
    const other = await newShop(ctx);
    const orderId = await order();
    const tab1 = await connect(shop);
    const tab2 = await connect(shop);
    const otherStream = await connect(other);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'other', note: '' });
    for (const tab of [tab1, tab2]) {
      expect(messagesOf(await tab.event(1))).toMatchObject([{ title: NOTIFICATION_TITLE.REFUND_REQUEST, content: NOTIFICATION_CONTENT.REFUND_REQUEST, orderId }]);
    }
    await fundShop(ctx.app, shop.token, await operatorToken(ctx), '100');
    for (const tab of [tab1, tab2]) {
      expect(messagesOf(await tab.event(2))).toMatchObject([{ title: NOTIFICATION_TITLE.WALLET, content: NOTIFICATION_CONTENT.DEPOSIT_APPROVED }]);
    }
    await otherStream.until((s) => s.comments.includes('hb'));
    expect(otherStream.events).toEqual([]);
  });

  it('delivers concurrent checkouts each exactly once, in id order', async () => {
    const { shop, order } = await shopWithProduct();
    const stream = await connect(shop);
    const orderIds = await Promise.all(Array.from({ length: 12 }, () => order()));
    await stream.until((s) => s.events.flatMap(messagesOf).length >= 12, 5000);
    const ids = stream.events.flatMap(messagesOf).map((m) => m.id);
    expect(new Set(ids).size).toBe(12);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(stream.events.flatMap(messagesOf).map((m) => m.orderId))).toEqual(new Set(orderIds));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.events.flatMap(messagesOf)).toHaveLength(12);
  });
});

describe('replay after a dropped connection (Last-Event-ID)', () => {
  it('replays the unread messages after lastEventId, oldest first; without it replays nothing', async () => {
    const { shop, order } = await shopWithProduct();
    const orderIds = [await order(), await order(), await order()];
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.shopId, shop.shopId)).orderBy(notifications.id);
    const ids = rows.map((r) => r.id);

    const fresh = await connect(shop);
    await fresh.until((s) => s.comments.includes('hb'));
    expect(fresh.events).toEqual([]);

    const byQuery = await connect(shop, { lastEventId: ids[0] });
    const replayed = await byQuery.event(1);
    expect(messagesOf(replayed).map((m) => m.id)).toEqual(ids.slice(1));
    expect(messagesOf(replayed).map((m) => m.orderId)).toEqual(orderIds.slice(1));
    expect(replayed.id).toBe(String(ids[2]));

    const byHeader = await connect(shop, { headers: { 'last-event-id': String(ids[1]) } });
    expect(messagesOf(await byHeader.event(1)).map((m) => m.id)).toEqual([ids[2]]);

    // The query parameter wins over the header.
    const both = await connect(shop, { lastEventId: ids[0], headers: { 'last-event-id': String(ids[1]) } });
    expect(messagesOf(await both.event(1)).map((m) => m.id)).toEqual(ids.slice(1));

    // Read messages are not replayed; a reconnect then continues live.
    await call(ctx.app, 'POST', '/api/sse/updateMsg', { token: shop.token, body: { ids: [ids[1]] } });
    const again = await connect(shop, { lastEventId: ids[0] });
    expect(messagesOf(await again.event(1)).map((m) => m.id)).toEqual([ids[2]]);
    const next = await order();
    expect(messagesOf(await again.event(2))).toMatchObject([{ orderId: next }]);
  });

  it('replays at most 200, the newest', async () => {
    const shop = await newShop(ctx);
    await ctx.db.insert(notifications).values(Array.from({ length: 230 }, () => ({ shopId: shop.shopId, title: 0, content: 0 })));
    const stream = await connect(shop, { lastEventId: 0 });
    const messages = messagesOf(await stream.event(1));
    expect(messages).toHaveLength(200);
    const all = await ctx.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.shopId, shop.shopId)).orderBy(notifications.id);
    expect(messages.map((m) => m.id)).toEqual(all.slice(30).map((r) => r.id));
  });
});

describe('reading and counting', () => {
  it("updateMsg with another shop's ids changes nothing", async () => {
    const mine = await shopWithProduct();
    const theirs = await shopWithProduct();
    await mine.order();
    await theirs.order();
    const [theirRow] = await ctx.db.select().from(notifications).where(eq(notifications.shopId, theirs.shop.shopId));
    const { status, body } = await call(ctx.app, 'POST', '/api/sse/updateMsg', { token: mine.shop.token, body: { ids: [theirRow.id] } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, data: { updated: 0 } });
    const [after] = await ctx.db.select().from(notifications).where(eq(notifications.id, theirRow.id));
    expect(after.readAt).toBeNull();
    expect((await call(ctx.app, 'GET', '/api/notifications/unread', { token: theirs.shop.token })).body.data.unreadCount).toBe(1);
  });

  it('counts past 50, pages through read and unread, marks one and then all read', async () => {
    const shop = await newShop(ctx);
    await ctx.db.insert(notifications).values(Array.from({ length: 62 }, (_, i) => ({ shopId: shop.shopId, title: i % 2, content: i % 2 })));
    const unread = await call(ctx.app, 'GET', '/api/notifications/unread', { token: shop.token });
    expect(unread.status).toBe(200);
    expect(unread.body.data.unreadCount).toBe(62);
    expect(unread.body.data.list).toHaveLength(50);
    const listIds = unread.body.data.list.map((m: { id: number }) => m.id);
    expect([...listIds].sort((a: number, b: number) => b - a)).toEqual(listIds);

    const read = await call(ctx.app, 'POST', '/api/sse/updateMsg', { token: shop.token, body: { ids: listIds.slice(0, 2) } });
    expect(read.body.data.updated).toBe(2);
    const page3 = await call(ctx.app, 'GET', '/api/notifications/list', { token: shop.token, query: { page: 3, pageSize: 25 } });
    expect(page3.body.data).toMatchObject({ total: 62, page: 3, pageSize: 25, unreadCount: 60 });
    expect(page3.body.data.list).toHaveLength(12);
    const page1 = await call(ctx.app, 'GET', '/api/notifications/list', { token: shop.token, query: { page: 1, pageSize: 20 } });
    expect(page1.body.data.list.slice(0, 2).map((m: { unread: boolean }) => m.unread)).toEqual([false, false]);
    const unreadOnly = await call(ctx.app, 'GET', '/api/notifications/list', { token: shop.token, query: { status: 'unread' } });
    expect(unreadOnly.body.data).toMatchObject({ total: 60, page: 1, pageSize: 20, unreadCount: 60 });
    expect(unreadOnly.body.data.list.every((m: { unread: boolean }) => m.unread)).toBe(true);

    const all = await call(ctx.app, 'POST', '/api/notifications/readAll', { token: shop.token });
    expect(all.body).toMatchObject({ code: 0, data: { updated: 60 } });
    expect((await call(ctx.app, 'GET', '/api/notifications/unread', { token: shop.token })).body.data).toEqual({ list: [], unreadCount: 0 });
    expect((await call(ctx.app, 'GET', '/api/notifications/list', { token: shop.token, query: { pageSize: 500 } })).status).toBe(400);
  });
});

describe('/voice', () => {
  it('serves a short real WAV file, publicly and cacheably', async () => {
    const response = await fetch(`${base}/voice`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cache-control')).toMatch(/public/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
    const sampleRate = bytes.readUInt32LE(24);
    const seconds = bytes.readUInt32LE(40) / (sampleRate * 2);
    expect(seconds).toBeGreaterThanOrEqual(0.3);
    expect(seconds).toBeLessThanOrEqual(0.5);
  });
});
