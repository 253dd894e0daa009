import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { orderListBody } from '@shopdesk/shared/orders/schemas';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { listOrdersJson, type SearchLimits } from '../../src/modules/orders/order-queries.ts';
import { addShopProducts, newBuyer, newShop, placeOrder, type ShopFixture } from './fixtures.ts';

/** Orders found by any part of the id, product, buyer, receiver name or phone. */
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
    // An order number is SD, the day, the shop's 4 digits and 8 random ones: a middle part that
    // holds 7 of the random digits tells the shop's two orders apart (1 in 10^7 of a clash).
    expect(await ids(o.mug.slice(9, 19))).toEqual([o.mug]);
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

  it('answers the same pages, in the same order, on every read path (window, index, lower-bound total)', async () => {
    // Seven orders, five with "Green Tea": small windows reach, with a few orders, the paths a big
    // shop takes (searchPageJson): the page from the newest orders alone, with the window's
    // matches as a lower bound of the total, or from all the matches through the index (exact).
    const third = await newShop(ctx);
    const [p] = await addShopProducts(ctx, third, [5_00]);
    const buyer = await newBuyer(ctx);
    for (let i = 0; i < 7; i++) {
      const orderNo = await placeOrder(ctx, buyer.token, third.shopId, p);
      await ctx.db.execute(sql`update orders set product_name = ${i % 3 === 1 ? 'Black Coffee' : 'Green Tea'} where order_no = ${orderNo}`);
    }
    const answer = async (keyword: string, page: number, limits: SearchLimits) =>
      JSON.parse(await listOrdersJson(ctx.db, third.shopId, orderListBody.parse({ keyword, page, pageSize: 2 }), limits)) as {
        list: { orderId: string }[];
        total: number;
        totalCapped: boolean;
      };
    const whole = { window: 100 };
    for (const keyword of ['tea', 'coffee', 'GREEN', 'nothing like this']) {
      for (const page of [1, 2, 3, 4]) {
        const expected = await answer(keyword, page, whole);
        expect(expected.totalCapped).toBe(false);
        for (const window of [1, 2, 3, 4, 6, 7]) {
          const got = await answer(keyword, page, { window });
          expect(got.list.map((r) => r.orderId)).toEqual(expected.list.map((r) => r.orderId));
          if (got.totalCapped) {
            // A lower bound, past the page's end (the next page is offered), never past the truth.
            expect(got.total).toBeGreaterThan(page * 2);
            expect(got.total).toBeLessThanOrEqual(expected.total);
          } else expect(got.total).toBe(expected.total);
        }
      }
    }
    // "tea": the newest 6 orders hold 4 matches, more than page 1 needs: at least 4, of 5.
    expect(await answer('tea', 1, { window: 6 })).toMatchObject({ total: 4, totalCapped: true });
    // Page 2 needs 4: the window's 4 do not show more, so every match is read: exactly 5.
    expect(await answer('tea', 2, { window: 6 })).toMatchObject({ total: 5, totalCapped: false });
    expect(await answer('tea', 1, { window: 8 })).toMatchObject({ total: 5, totalCapped: false }); // the window held the whole shop
  });

  it("answers from the shop's trigram index (migration 0012)", async () => {
    const plan = rowsOf<Record<string, string>>(
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select id from orders where search_text like '%ceramic%'`);
      }),
    )
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('orders_shop_search_trgm_idx');
  });
});
