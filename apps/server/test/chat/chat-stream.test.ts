/**
 * Chat on the live streams over real HTTP: a buyer's message reaches the seller's notification
 * stream as `event: chat` beside the unnamed notification arrays (which old clients read alone),
 * the seller's reply and read marks reach the buyer's own chat stream, a reconnect with
 * Last-Event-ID replays what was missed, and members who may not read chat get none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { NO_PERMISSIONS } from '@shopdesk/shared/users/permission-rules';
import { call, createTestApp, encodePassword, loginToken, pngBytes, type TestContext } from '../helper.ts';
import { listen, messagesOf, openStream, ticketFor, type SseEvent, type SseStream } from '../notifications/sse-client.ts';
import { addShopProducts, newBuyer, newShop, placeOrder } from '../orders/fixtures.ts';
import { buyerChat, sellerChat, sendPicture, startChat } from './fixtures.ts';

let ctx: TestContext;
let base: string;
const open: SseStream[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ sseHeartbeatMs: 300 });
  base = await listen(ctx.app);
}, 60_000);
afterAll(async () => {
  for (const s of open) s.close();
  await ctx.close();
});

const chatItems = (stream: SseStream) => stream.events.filter((e) => e.event === 'chat').flatMap((e) => JSON.parse(e.data) as ChatStreamItem[]);
const lastId = (stream: SseStream) => Math.max(...stream.events.map((e: SseEvent) => Number(e.id ?? 0)));

async function sellerStream(token: string, userId: number, lastEventId?: number, first = false) {
  const ticket = await ticketFor(ctx.app, token);
  const query = new URLSearchParams({ ticket });
  if (lastEventId !== undefined) query.set('lastEventId', String(lastEventId));
  if (first) query.set('first', '1');
  const stream = await openStream(base, `/api/sse/connect/${userId}?${query}`);
  open.push(stream);
  await stream.until((s) => s.comments.includes('hb'));
  return stream;
}

async function buyerStream(token: string, lastEventId?: number) {
  const ticket = await buyerChat(ctx.app, token, 'POST', 'ticket');
  expect(ticket.status).toBe(200);
  const query = new URLSearchParams({ ticket: ticket.body.data.ticket });
  if (lastEventId !== undefined) query.set('lastEventId', String(lastEventId));
  const stream = await openStream(base, `/api/buyer/chat/stream?${query}`);
  open.push(stream);
  await stream.until((s) => s.comments.includes('hb'));
  return stream;
}

describe('chat on the streams', () => {
  it("a buyer's message reaches the seller's stream as a chat event beside the order notifications, with one increasing id", async () => {
    const shop = await newShop(ctx);
    const [productId] = await addShopProducts(ctx, shop, [10_00]);
    const buyer = await newBuyer(ctx);
    const stream = await sellerStream(shop.token, shop.userId);
    const started = Date.now();
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { productId, text: 'Is it original?' });
    await stream.until((s) => chatItems(s).length >= 2, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const [card, text] = chatItems(stream);
    expect(card).toMatchObject({ type: 'message', conversationId: id, message: { kind: 'product', sender: 'buyer' } });
    expect(text).toMatchObject({ type: 'message', conversationId: id, message: { kind: 'text', text: 'Is it original?' } });
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await stream.until((s) => s.events.some((e) => !e.event));
    const notification = stream.events.find((e) => !e.event)!;
    expect(messagesOf(notification)).toMatchObject([{ title: 0, orderId }]);
    const ids = stream.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Number(notification.id)).toBeGreaterThan(text.id);
  });

  it("the seller's reply, its picture and the read mark reach the buyer's own stream", async () => {
    const shop = await newShop(ctx);
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'Hello' });
    const stream = await buyerStream(buyer.token);
    const asked = (await buyerChat(ctx.app, buyer.token, 'GET', 'messages', { conversationId: id })).body.data.list[0].id;
    expect((await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'Hi, how can I help?' })).status).toBe(200);
    expect((await sendPicture(ctx.app, { token: shop.token }, id, { data: pngBytes() })).status).toBe(200);
    await stream.until((s) => chatItems(s).filter((i) => i.type === 'message').length >= 2, 1000);
    const items = chatItems(stream);
    // Replying read the buyer's message: the read mark comes with the reply.
    expect(items.filter((i) => i.type !== 'message')).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'read', conversationId: id, side: 'seller', upToId: asked })]),
    );
    const messages = items.flatMap((i) => (i.type === 'message' ? [i.message] : []));
    expect(messages[0]).toMatchObject({ sender: 'seller', text: 'Hi, how can I help?' });
    expect(messages[1].imageUrl).toBe(`/api/buyer/chat/images/${messages[1].id}`);
    // Another buyer's stream hears nothing of it.
    const other = await newBuyer(ctx);
    const quiet = await buyerStream(other.token);
    await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'more' });
    await stream.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'more'));
    expect(quiet.events).toEqual([]);
  });

  it('after a reconnect with Last-Event-ID nothing is missed, on both sides', async () => {
    const shop = await newShop(ctx);
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'first' });
    const seller1 = await sellerStream(shop.token, shop.userId);
    const buyer1 = await buyerStream(buyer.token);
    await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'second' });
    await seller1.until((s) => chatItems(s).length >= 1);
    await buyer1.until((s) => chatItems(s).length >= 1);
    const [sellerSeen, buyerSeen] = [lastId(seller1), lastId(buyer1)];
    seller1.close();
    buyer1.close();
    // While both are away.
    await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'third' });
    await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'answer' });
    const seller2 = await sellerStream(shop.token, shop.userId, sellerSeen);
    const buyer2 = await buyerStream(buyer.token, buyerSeen);
    await seller2.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'answer'));
    await buyer2.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'answer'));
    const texts = (stream: SseStream) => chatItems(stream).flatMap((i) => (i.type === 'message' ? [i.message.text] : []));
    expect(texts(seller2)).toEqual(['third', 'answer']);
    expect(texts(buyer2)).toEqual(['third', 'answer']);
    // Without Last-Event-ID a stream starts after the newest event: nothing old comes again.
    const fresh = await sellerStream(shop.token, shop.userId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh.events).toEqual([]);
  });

  it('what a send hands to the open streams is what a read of the database answers, item for item', async () => {
    const shop = await newShop(ctx);
    const buyer = await newBuyer(ctx);
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'first' });
    const seller = await sellerStream(shop.token, shop.userId);
    const buyerLive = await buyerStream(buyer.token);
    // Replies (with read marks), a buyer's answer, and an order notification between them.
    await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'reply one' });
    await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'answer' });
    const [productId] = await addShopProducts(ctx, shop, [10_00]);
    await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await sellerChat(ctx.app, shop.token, 'POST', 'send', { conversationId: id, text: 'reply two' });
    await seller.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'reply two'));
    await buyerLive.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'reply two'));
    // Replays from just before the first item each live stream sent.
    const firstItem = (stream: SseStream) => Math.min(...chatItems(stream).map((i) => i.id), ...stream.events.filter((e) => !e.event).map((e) => Math.min(...messagesOf(e).map((m) => m.id))));
    const sellerReplay = await sellerStream(shop.token, shop.userId, firstItem(seller) - 1);
    const buyerReplay = await buyerStream(buyer.token, firstItem(buyerLive) - 1);
    await sellerReplay.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'reply two'));
    await buyerReplay.until((s) => chatItems(s).some((i) => i.type === 'message' && i.message.text === 'reply two'));
    // A message's state (sent, delivered, read) is as of when it was sent or read: the rest is equal.
    const shape = (stream: SseStream) =>
      stream.events.map((e) => ({
        event: e.event ?? null,
        id: e.id,
        items: (JSON.parse(e.data) as Record<string, unknown>[]).map((item) =>
          item.message ? { ...item, message: { ...(item.message as Record<string, unknown>), state: undefined } } : item,
        ),
      }));
    const flat = (stream: SseStream) => shape(stream).flatMap((e) => e.items.map((item) => ({ event: e.event, item })));
    expect(flat(seller).length).toBeGreaterThanOrEqual(6);
    expect(flat(seller)).toEqual(flat(sellerReplay));
    expect(flat(buyerLive)).toEqual(flat(buyerReplay));
  });

  it("a page's first connection replays the notifications after the newest it shows but no old chat; a reconnection replays chat", async () => {
    const shop = await newShop(ctx);
    const [productId] = await addShopProducts(ctx, shop, [10_00]);
    const buyer = await newBuyer(ctx);
    await placeOrder(ctx, buyer.token, shop.shopId, productId);
    // The page loaded its notifications: the newest it shows.
    const shown = await call(ctx.app, 'GET', '/api/notifications/unread', { token: shop.token });
    const newestShown = Math.max(...shown.body.data.list.map((m: { id: number }) => m.id));
    // Chat the page loaded with its conversations, then a notification it has not seen yet.
    const id = await startChat(ctx.app, buyer.token, shop.shopId, { text: 'old question' });
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);

    const page = await sellerStream(shop.token, shop.userId, newestShown, true);
    await page.until((s) => s.events.some((e) => !e.event));
    expect(messagesOf(page.events.find((e) => !e.event)!)).toMatchObject([{ orderId }]);
    await buyerChat(ctx.app, buyer.token, 'POST', 'send', { conversationId: id, text: 'new question' });
    await page.until((s) => chatItems(s).length >= 1);
    const texts = (stream: SseStream) => chatItems(stream).flatMap((i) => (i.type === 'message' ? [i.message.text] : []));
    expect(texts(page)).toEqual(['new question']);

    // The same id without `first` (a reconnection) replays the chat after it as well.
    const reconnect = await sellerStream(shop.token, shop.userId, newestShown);
    await reconnect.until((s) => texts(s).includes('new question'));
    expect(texts(reconnect)).toEqual(['old question', 'new question']);
    page.close();
    reconnect.close();
  });

  it('a member who may not read chat gets the notifications but no chat event, and no chat route', async () => {
    const shop = await newShop(ctx);
    const [productId] = await addShopProducts(ctx, shop, [10_00]);
    const role = await call(ctx.app, 'POST', '/api/users/roles/create', { token: shop.token, body: { name: 'packer', permissions: { ...NO_PERMISSIONS, orders: 'edit' } } });
    expect(role.status).toBe(200);
    const username = `pk${process.pid % 10000}x`;
    const added = await call(ctx.app, 'POST', '/api/users/add', { token: shop.token, body: { username, password: encodePassword('desk-lamp-93'), name: 'Packer', email: '', roleId: role.body.data.roleId } });
    expect(added.status).toBe(200);
    const token = await loginToken(ctx.app, username, 'desk-lamp-93');
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token });
    const stream = await sellerStream(token, me.body.data.userId ?? me.body.data.id);
    const buyer = await newBuyer(ctx);
    await startChat(ctx.app, buyer.token, shop.shopId, { text: 'private to chat staff' });
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await stream.until((s) => s.events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events.every((e) => !e.event)).toBe(true);
    expect(messagesOf(stream.events[0])).toMatchObject([{ orderId }]);
    expect((await sellerChat(ctx.app, token, 'POST', 'conversations', {})).status).toBe(403);
  });

  it("a buyer's stream refuses a bad or spent ticket", async () => {
    const buyer = await newBuyer(ctx);
    const refused = await openStream(base, '/api/buyer/chat/stream?ticket=nope');
    await refused.ended;
    expect(refused.events).toEqual([{ id: null, data: '{"code":401}' }]);
    const ticket = (await buyerChat(ctx.app, buyer.token, 'POST', 'ticket')).body.data.ticket;
    const first = await openStream(base, `/api/buyer/chat/stream?ticket=${ticket}`);
    open.push(first);
    const again = await openStream(base, `/api/buyer/chat/stream?ticket=${ticket}`);
    await again.ended;
    expect(again.events).toEqual([{ id: null, data: '{"code":401}' }]);
    // A seller's ticket is no buyer's.
    const shop = await newShop(ctx);
    const sellerTicket = await ticketFor(ctx.app, shop.token);
    const crossed = await openStream(base, `/api/buyer/chat/stream?ticket=${sellerTicket}`);
    await crossed.ended;
    expect(crossed.events).toEqual([{ id: null, data: '{"code":401}' }]);
  });
});
