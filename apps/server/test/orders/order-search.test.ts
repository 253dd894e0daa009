import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { orders } from '../../src/db/schema.ts';
import { orderWhere } from '../../src/modules/orders/order-queries.ts';
import { addShopProducts, newBuyer, newShop, placeOrder, type ShopFixture } from './fixtures.ts';

/** Issue 15: orders found by any part of the id, product, buyer, receiver name or phone. */
let ctx: TestContext;
let shop: ShopFixture;
let other: ShopFixture;
const o: Record<string, string> = {};
let buyerA: { nickname: string; username: string };
beforeAll(async () => {
  ctx = await createTestApp();
  shop = await newShop(ctx);
  other = await newShop(ctx);
  const [p] = await addShopProducts(ctx, shop, [10_00]);
  const [q] = await addShopProducts(ctx, other, [10_00]);
  const a = await newBuyer(ctx);
  const b = await newBuyer(ctx);
  buyerA = a;
  o.mug = await placeOrder(ctx, a.token, shop.shopId, p);
  o.lamp = await placeOrder(ctx, b.token, shop.shopId, p);
  o.elsewhere = await placeOrder(ctx, a.token, other.shopId, q);
  const set = (orderNo: string, product: string, name: string, phone: string) =>
    ctx.db.execute(sql`update orders set product_name = ${product}, receiver_name = ${name}, receiver_phone = ${phone} where order_no = ${orderNo}`);
  await set(o.mug, 'Blue Ceramic Mug', 'Siriporn Wongsakul', '+66 81 234 5678');
  await set(o.lamp, 'Desk Lamp 100% LED', 'Tran Thi Mai', '+84 90 765 4321');
  await set(o.elsewhere, 'Blue Ceramic Mug', 'Siriporn Wongsakul', '+66 81 234 5678');
});
afterAll(() => ctx.close());

const search = (keyword: string, token = shop.token) => call(ctx.app, 'POST', '/api/order/getOrderList', { token, body: { keyword } });
const ids = async (keyword: string) => ((await search(keyword)).body.data.list as { orderId: string }[]).map((r) => r.orderId).sort();

describe('order search (keyword)', () => {
  it('finds an order by any part of its id, case-insensitive', async () => {
    expect(await ids(o.mug.slice(4, 14))).toEqual([o.mug]);
    expect(await ids(o.lamp.slice(-6).toLowerCase())).toEqual([o.lamp]);
  });

  it('finds by product name, receiver name and buyer', async () => {
    expect(await ids('ceramic')).toEqual([o.mug]);
    expect(await ids('thi mai')).toEqual([o.lamp]);
    expect(await ids(buyerA.nickname.slice(5))).toEqual([o.mug]);
  });

  it('finds by phone typed with or without its spaces and signs', async () => {
    expect(await ids('765 4321')).toEqual([o.lamp]);
    expect(await ids('7654321')).toEqual([o.lamp]);
    expect(await ids('081-234-5678')).toEqual([]); // the stored number has no leading 0
    expect(await ids('81-234-5678')).toEqual([o.mug]);
  });

  it('takes wildcards literally, keeps to the shop, and counts the matches', async () => {
    expect(await ids('100%')).toEqual([o.lamp]);
    expect(await ids('%')).toEqual([o.lamp]); // only the product with a % in its name
    const res = await search('ceramic');
    expect(res.body.data.total).toBe(1);
    expect(((await search('ceramic', other.token)).body.data.list as { orderId: string }[]).map((r) => r.orderId)).toEqual([o.elsewhere]);
    expect(await ids('nothing like this')).toEqual([]);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });

  it('exports the same search as CSV', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/order/exportOrders', headers: { authtoken: shop.token }, query: { keyword: 'ceramic' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(o.mug);
    expect(res.body).not.toContain(o.lamp);
  });

  it('finds the same orders through the trigram index (a big shop) as by reading a small shop', async () => {
    for (const keyword of ['ceramic', o.lamp.slice(-6), '7654321', buyerA.nickname.slice(5)]) {
      const found = async (smallShop: boolean) =>
        (await ctx.db.select({ id: orders.orderNo }).from(orders).where(orderWhere(shop.shopId, { tab: 'all', keyword, tzOffset: 0 }, smallShop))).map((r) => r.id).sort();
      expect(await found(false)).toEqual(await found(true));
      expect((await found(false)).length).toBe(1);
    }
  });

  it('answers from the trigram index (migration 0010)', async () => {
    const plan = rowsOf<Record<string, string>>(
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from orders where (order_no || ' ' || product_name || ' ' || receiver_name || ' ' || receiver_phone || ' ' || regexp_replace(receiver_phone, '[^0-9]', '', 'g')) ilike '%ceramic%'`);
      }),
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('orders_search_trgm_idx');
  });
});
