import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { envelope } from '@shopdesk/shared/envelope';
import { orderListAnswer } from '@shopdesk/shared/orders/schemas';
import { fastSerializerCompiler } from '../../src/plugins/serializer.ts';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { addShopProducts, buyerCall, CARRIER_KEY, carrier, deliver, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from './fixtures.ts';

let ctx: TestContext;
let shop: ShopFixture;
const o: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestApp({ carrierKey: CARRIER_KEY });
  shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
  const [p] = await addShopProducts(ctx, shop, [10_00], 20);
  const buyer = await newBuyer(ctx);
  for (const name of ['awaiting', 'purchased', 'inTransit', 'signed', 'cancelled', 'refunding', 'old']) o[name] = await placeOrder(ctx, buyer.token, shop.shopId, p);
  await purchase(ctx.app, shop, [o.purchased, o.inTransit, o.signed]);
  await carrier(ctx.app, o.inTransit, 'in_transit');
  await deliver(ctx.app, o.signed);
  await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: o.cancelled });
  await buyerCall(ctx.app, buyer.token, 'refund', { orderId: o.refunding, reason: 'quality', note: 'scratched' });
  await ctx.db.execute(sql`update orders set created_at = '2026-01-15T23:30:00Z' where order_no = ${o.old}`);
});
afterAll(() => ctx.close());

const list = (body: Record<string, unknown>) => call(ctx.app, 'POST', '/api/order/getOrderList', { token: shop.token, body });
const ids = (res: { body: { data: { list: { orderId: string }[] } } }) => res.body.data.list.map((r) => r.orderId).sort();

describe('POST /api/order/getOrderList', () => {
  it('lists the shop orders newest first with the total', async () => {
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(all.body.data.list[all.body.data.list.length - 1].orderId).toBe(o.old);
    const paged = await list({ page: 2, pageSize: 3 });
    expect(paged.body.data).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(paged.body.data.list).toHaveLength(3);
    const beyond = await list({ page: 9, pageSize: 3 });
    expect(beyond.body.data).toMatchObject({ total: 7, list: [] });
  });

  it('filters by tab and by each status', async () => {
    expect(ids(await list({ tab: 'to_purchase' }))).toEqual([o.awaiting, o.old].sort());
    expect(ids(await list({ tab: 'pending_shipment' }))).toEqual([o.purchased]);
    expect(ids(await list({ tab: 'in_transit' }))).toEqual([o.inTransit]);
    expect(ids(await list({ tab: 'signed' }))).toEqual([o.signed]);
    expect(ids(await list({ tab: 'cancelled' }))).toEqual([o.cancelled]);
    expect(ids(await list({ tab: 'refunds' }))).toEqual([o.refunding]);
    expect(ids(await list({ paymentStatus: 'completed' }))).toEqual([o.signed]);
    expect(ids(await list({ purchaseStatus: 'purchased', shippingStatus: 'pending_shipment' }))).toEqual([o.purchased]);
    expect(ids(await list({ refundStatus: 'refunding' }))).toEqual([o.refunding]);
    expect((await list({ tab: 'nope' })).status).toBe(400);
  });

  it('finds several order ids at once, typed with commas or spaces, or as an array', async () => {
    expect(ids(await list({ orderIds: `${o.awaiting}, ${o.signed}  ${o.cancelled}` }))).toEqual([o.awaiting, o.signed, o.cancelled].sort());
    expect(ids(await list({ orderIds: [o.purchased, 'SD000'] }))).toEqual([o.purchased]);
  });

  it('filters by creation date range in the seller time zone', async () => {
    expect(ids(await list({ from: '2026-01-15', to: '2026-01-15' }))).toEqual([o.old]);
    // 23:30 UTC is already the 16th at UTC+7.
    expect(ids(await list({ from: '2026-01-16', to: '2026-01-16', tzOffset: 420 }))).toEqual([o.old]);
    expect((await list({ from: '15/01/2026' })).status).toBe(400);
  });

  it('lists every order exactly as its detail shows it, on both read paths (all orders, order ids)', async () => {
    type View = Record<string, unknown> & { orderId: string; countdownSeconds: number | null };
    // A countdown read later is smaller by the seconds in between (many, on a loaded machine).
    const listedAt = Date.now();
    const byPage: View[] = (await list({})).body.data.list;
    const byIds: View[] = (await list({ orderIds: Object.values(o) })).body.data.list;
    expect(byPage).toHaveLength(7);
    for (const listed of [...byPage, ...byIds]) {
      const detail = await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId: listed.orderId } });
      const { buyerNickname: _nickname, review: _review, countdownSeconds, ...view } = detail.body.data as View;
      const { countdownSeconds: listedCountdown, ...listedView } = listed;
      expect(listedView).toEqual(view);
      if (countdownSeconds === null) expect(listedCountdown).toBeNull();
      else {
        const elapsed = Math.ceil((Date.now() - listedAt) / 1000);
        expect(countdownSeconds).toBeLessThanOrEqual((listedCountdown ?? -9) + 1);
        expect((listedCountdown ?? -9) - countdownSeconds).toBeLessThanOrEqual(elapsed + 1);
      }
    }
  });

  it('answers exactly the documented schema: the JSON PostgreSQL writes is what the schema serializer writes', async () => {
    // The list is sent as PostgreSQL wrote it, past the route's serializer (docs/decisions.md, "Order list answer").
    const schema = envelope(orderListAnswer);
    const write = fastSerializerCompiler({ verify: true })({ schema, method: 'POST', url: '/api/order/getOrderList', httpStatus: '200' });
    const bodies = [{}, { page: 2, pageSize: 3 }, { page: 9, pageSize: 3 }, { tab: 'to_purchase' }, { orderIds: Object.values(o) }, { keyword: o.refunding.slice(-6) }];
    for (const body of bodies) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/order/getOrderList', headers: { authtoken: shop.token }, payload: body });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const answer = JSON.parse(res.body);
      // Every field of the schema, of its type, and no other (zod drops unknown keys, so they would differ).
      expect(schema.parse(answer)).toEqual(answer);
      // The same text, key for key and in the same order, as the schema's serializer writes for it.
      expect(res.body).toBe(write(answer));
    }
  });

  it('shows countdown and deadline for orders waiting for purchase only', async () => {
    const rows = (await list({})).body.data.list as { orderId: string; countdownSeconds: number | null; awaitingPurchase: boolean }[];
    expect(rows.find((r) => r.orderId === o.awaiting)).toMatchObject({ awaitingPurchase: true });
    expect(rows.find((r) => r.orderId === o.awaiting)!.countdownSeconds).toBeGreaterThan(0);
    expect(rows.find((r) => r.orderId === o.signed)).toMatchObject({ awaitingPurchase: false, countdownSeconds: null });
  });
});

describe('GET /api/order/exportOrders', () => {
  it('exports the filtered list as CSV with decimal amounts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: shop.token }, query: { tab: 'signed' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 8)).toEqual(['Order ID', 'Created', 'Product', 'Qty', 'Unit price', 'Amount', 'Purchase amount', 'Profit']);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(o.signed);
    expect(lines[1]).toContain(',12.00,12.00,10.00,2.00,');
    const several = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: shop.token }, query: { orderIds: `${o.awaiting},${o.old}` } });
    expect(several.body.trim().split('\r\n')).toHaveLength(3);
  });

  it("writes headers, statuses and times in the seller's language and time zone", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: shop.token, 'x-lang': 'vi-VN' }, query: { tab: 'signed', tzOffset: '-330' } });
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, row] = res.body.replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(','));
    expect(header.slice(0, 3)).toEqual(['Mã đơn hàng', 'Ngày tạo', 'Sản phẩm']);
    expect(header).not.toContain('paymentStatus');
    expect(row[header.indexOf('Trạng thái thanh toán')]).toBe('Hoàn tất');
    expect(row[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d -05:30$/);
    expect(res.body).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:/); // no ISO UTC time left
  });

  it('exports nothing of another shop', async () => {
    const other = await newShop(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: other.token } });
    expect(res.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    expect((await call(ctx.app, 'POST', '/api/order/getOrderList', { token: other.token, body: {} })).body.data.total).toBe(0);
  });
});
