import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ORDER_CONDITIONS, ORDER_STATUS_VALUES } from '@shopdesk/shared/orders/lifecycle';
import { orders } from '../../src/db/schema.ts';
import { runJobOnce } from '../../src/jobs.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { foldShopTotals } from '../../src/modules/dashboard/shop-totals.ts';
import { orderConditionSql } from '../../src/modules/orders/order-lifecycle.ts';
import { call, useTestApp, type TestContext } from '../helper.ts';
import {
  addShopProducts,
  buyerCall,
  CARRIER_KEY,
  carrier,
  deliver,
  fundShopDirect,
  newBuyer,
  newShop,
  placeOrder,
  purchase,
  type ShopFixture,
} from '../orders/fixtures.ts';

// The dashboard's all-time figures (orders, sales, reviews, rating, reviews without a reply) come from
// per-shop totals kept by triggers on orders and reviews and folded by a job (migration 0038,
// shop-totals.ts): they must always equal the direct aggregates over the orders and reviews, which is
// what this file compares them with.

const ctx = useTestApp({ carrierKey: CARRIER_KEY });

const saleSql = orderConditionSql(ORDER_CONDITIONS.sale);

/** The direct figures: every order of the shop, the amounts of its sales, its reviews and their average rating, those without a reply. */
async function direct(db: TestContext['db'], shopId: number) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select (select count(*) from orders where shop_id = ${shopId}) as n,
        (select coalesce(sum(amount_cents) filter (where ${saleSql}), 0) from orders where shop_id = ${shopId}) as sales,
        (select count(*) from reviews where shop_id = ${shopId}) as reviews,
        (select round(avg(rating) * 10) from reviews where shop_id = ${shopId}) as rating,
        (select count(*) from reviews where shop_id = ${shopId} and reply is null) as unanswered`),
  );
  return {
    orderCount: Number(row.n),
    totalSalesCents: Number(row.sales),
    reviewCount: Number(row.reviews),
    ratingX10: row.rating === null ? null : Number(row.rating),
    reviewsUnanswered: Number(row.unanswered),
  };
}

/** Every shop's figures by both ways (shops without orders or reviews have none or a zero row). */
async function everyShopMatches(db: TestContext['db']) {
  const figures = (q: ReturnType<typeof sql>) => db.execute(q).then((r) => rowsOf<Record<string, unknown>>(r).map((x) => Object.values(x).map(Number).join(':')).sort());
  const fromRows = await figures(sql`
    select shop_id, sum(n) as n, sum(sales) as sales, sum(reviews) as reviews, sum(rating) as rating, sum(unanswered) as unanswered
    from (select shop_id, count(*) as n, coalesce(sum(amount_cents) filter (where ${saleSql}), 0) as sales, 0 as reviews, 0 as rating, 0 as unanswered from orders group by shop_id
          union all
          select shop_id, 0, 0, count(*), sum(rating), count(*) filter (where reply is null) from reviews group by shop_id) t
    group by shop_id`);
  const fromTotals = await figures(sql`
    select shop_id, sum(order_count) as n, sum(sales_cents) as sales, sum(review_count) as reviews, sum(rating_sum) as rating, sum(unanswered_reviews) as unanswered
    from (select * from shop_totals union all select shop_id, order_count, sales_cents, review_count, rating_sum, unanswered_reviews from shop_total_deltas) t
    group by shop_id having sum(order_count) <> 0 or sum(sales_cents) <> 0 or sum(review_count) <> 0 or sum(unanswered_reviews) <> 0`);
  expect(fromTotals).toEqual(fromRows);
}

const overviewOf = async (shop: ShopFixture) => {
  const { status, body } = await call(ctx.app, 'GET', '/api/dashboard/view', { token: shop.token, query: { window: 7, tzOffset: 0 } });
  expect(status, JSON.stringify(body)).toBe(200);
  const { orderCount, totalSalesCents, reviewCount, ratingX10 } = body.data.sections.overview.store;
  return { orderCount, totalSalesCents, reviewCount, ratingX10, reviewsUnanswered: body.data.sections.todo.reviewsUnanswered };
};

const unfolded = async () => Number(rowsOf<{ n: unknown }>(await ctx.db.execute(sql`select count(*) as n from shop_total_deltas`))[0].n);

describe('the overview: orders and sales ever from the shop totals', () => {
  let shop: ShopFixture;
  let other: ShopFixture;
  let products: number[];
  let otherProduct: number;
  let buyer: { token: string };
  beforeAll(async () => {
    [shop, other] = [await newShop(ctx), await newShop(ctx)];
    await fundShopDirect(ctx.db, shop.shopId, 10_000_00);
    products = await addShopProducts(ctx, shop, [80_00, 45_50], 25);
    [otherProduct] = await addShopProducts(ctx, other, [12_00], 10);
    buyer = await newBuyer(ctx);
  });

  const matches = async () => {
    const figures = await direct(ctx.db, shop.shopId);
    expect(await overviewOf(shop)).toEqual(figures);
    expect(await overviewOf(other)).toEqual(await direct(ctx.db, other.shopId));
    await everyShopMatches(ctx.db);
    return figures;
  };

  it('equal the direct aggregate after orders, purchases, shipping, settling, refunds and cancels, before and after each fold', async () => {
    expect(await matches()).toEqual({ orderCount: 0, totalSalesCents: 0, reviewCount: 0, ratingX10: null, reviewsUnanswered: 0 });
    const placed: string[] = [];
    for (let i = 0; i < 8; i++) placed.push(await placeOrder(ctx, buyer.token, shop.shopId, products[i % 2], 1 + (i % 3)));
    await placeOrder(ctx, buyer.token, other.shopId, otherProduct, 2);
    const [settled, refundedAfterSettle, rejected, cancelled, refundedBeforePurchase, shipped, purchasedOnly] = placed;
    expect((await matches()).orderCount).toBe(8);

    expect((await purchase(ctx.app, shop, [settled, refundedAfterSettle, rejected, shipped, purchasedOnly])).status).toBe(200);
    await deliver(ctx.app, settled);
    await deliver(ctx.app, refundedAfterSettle);
    expect((await carrier(ctx.app, shipped, 'in_transit')).status).toBe(200);
    const before = await matches();

    // A fold in the middle: every delta goes into the totals, the figures stay.
    expect((await foldShopTotals(ctx.db)).deltas).toBeGreaterThan(0);
    expect(await unfolded()).toBe(0);
    expect(await matches()).toEqual(before);

    // Reviews of the settled orders, one answered.
    const review = async (orderId: string, rating: number) => {
      const { status, body } = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating, content: 'ok' });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data.id as number;
    };
    const firstReview = await review(settled, 4);
    await review(refundedAfterSettle, 3);
    expect(await matches()).toMatchObject({ reviewCount: 2, ratingX10: 35, reviewsUnanswered: 2 });
    expect((await call(ctx.app, 'POST', '/api/review/reply', { token: shop.token, body: { id: firstReview, reply: 'Thank you!' } })).status).toBe(200);
    expect(await matches()).toMatchObject({ reviewCount: 2, reviewsUnanswered: 1 });

    // Refunds (approved after settlement, approved before purchase, rejected) and a cancel.
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: cancelled })).status).toBe(200);
    for (const orderId of [refundedAfterSettle, refundedBeforePurchase, rejected]) {
      expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'other', note: '' })).status).toBe(200);
    }
    await matches(); // a waiting refund still counts
    const decide = (orderId: string, approve: boolean) => call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve, rejectReason: approve ? undefined : 'Not eligible' } });
    expect((await decide(refundedAfterSettle, true)).status).toBe(200);
    expect((await decide(refundedBeforePurchase, true)).status).toBe(200);
    expect((await decide(rejected, false)).status).toBe(200);
    const after = await matches();
    expect(after.orderCount).toBe(8);
    expect(after.totalSalesCents).toBeLessThan(before.totalSalesCents);

    // Folded by the job, twice (the second run finds nothing to fold).
    const run = await runJobOnce(ctx.app, 'shop-totals');
    expect(run).toMatchObject({ ran: true, result: { deltas: expect.any(Number) } });
    expect(await runJobOnce(ctx.app, 'shop-totals')).toEqual({ ran: true, result: { deltas: 0, shops: 0 } });
    expect(await matches()).toEqual(after);
  });

  it('follow writes that no route makes: bulk inserts, amount, rating, reply and shop changes, deletes', async () => {
    const insertSynthetic = (prefix: string, shopId: number, n: number, payment: string) =>
      ctx.db.execute(sql`
        insert into orders (order_no, shop_id, buyer_id, product_name, product_image, quantity, unit_price_cents, amount_cents,
          purchase_amount_cents, profit_cents, payment_method, receiver_name, receiver_phone, receiver_address,
          payment_status, purchase_status, shipping_status, purchase_deadline)
        select ${prefix} || g, ${shopId}, (select min(id) from buyers), 'p', '/x.svg', 1, 100 * g, 100 * g, 50 * g, 50 * g, 'usdt', 'r', '+1', 'a',
          ${payment}, 'purchased', 'signed', now()
        from generate_series(1, ${n}::int) g`);
    const tag = `T${Date.now()}-`;
    await insertSynthetic(`${tag}a`, shop.shopId, 50, 'completed');
    await insertSynthetic(`${tag}b`, other.shopId, 20, 'pending');
    await matches();
    await ctx.db.execute(sql`update orders set amount_cents = amount_cents + 1 where order_no like ${`${tag}%`}`);
    await matches();
    await foldShopTotals(ctx.db);
    await ctx.db.execute(sql`update orders set payment_status = 'paid' where order_no like ${`${tag}b%`}`);
    await ctx.db.execute(sql`update orders set shop_id = ${other.shopId} where order_no like ${`${tag}a1%`}`);
    await ctx.db.execute(sql`update orders set refund_status = 'approved' where order_no like ${`${tag}a2%`}`);
    await matches();
    await foldShopTotals(ctx.db);
    // Reviews of the synthetic orders, in bulk: ratings changed, replies given and taken back, one moved to the other shop.
    await ctx.db.execute(sql`
      insert into reviews (shop_id, order_id, buyer_id, rating, content, reply)
      select o.shop_id, o.id, o.buyer_id, 1 + (o.id % 5)::int, 'x', case when o.id % 3 = 0 then 'thanks' end from orders o where o.order_no like ${`${tag}%`}`);
    await matches();
    await foldShopTotals(ctx.db);
    await ctx.db.execute(sql`update reviews set rating = 6 - rating where order_id in (select id from orders where order_no like ${`${tag}a%`})`);
    await ctx.db.execute(sql`update reviews set reply = case when reply is null then 'late' end where order_id in (select id from orders where order_no like ${`${tag}b%`})`);
    await ctx.db.execute(sql`update reviews set content = 'edited' where order_id in (select id from orders where order_no like ${`${tag}%`})`);
    await ctx.db.execute(sql`update reviews set shop_id = ${other.shopId} where order_id = (select min(id) from orders where order_no like ${`${tag}a%`})`);
    await matches();
    await ctx.db.execute(sql`delete from reviews where order_id in (select id from orders where order_no like ${`${tag}%`} and amount_cents % 2 = 1)`);
    await matches();
    await foldShopTotals(ctx.db);
    await ctx.db.execute(sql`delete from reviews where order_id in (select id from orders where order_no like ${`${tag}%`})`);
    await ctx.db.execute(sql`delete from orders where order_no like ${`${tag}%`} and amount_cents % 2 = 1`);
    await matches();
    await foldShopTotals(ctx.db);
    await ctx.db.execute(sql`delete from orders where order_no like ${`${tag}%`}`);
    await matches();
    await foldShopTotals(ctx.db);
    await matches();
  });

  it("spell ORDER_CONDITIONS.sale in the triggers' order_is_sale for every status", async () => {
    const o = alias(orders, 'o');
    const values = ORDER_STATUS_VALUES.payment.flatMap((payment) =>
      ORDER_STATUS_VALUES.refund.map((refund) => sql`(${payment}::text, 'to_purchase'::text, 'pending_shipment'::text, ${refund === 'none' ? null : refund}::text)`),
    );
    const rows = rowsOf<{ lifecycle: boolean; trigger: boolean }>(
      await ctx.db.execute(sql`
        select coalesce(${orderConditionSql(ORDER_CONDITIONS.sale, o)}, false) as lifecycle, order_is_sale(o.payment_status, o.refund_status) as trigger
        from (values ${sql.join(values, sql`, `)}) as o (payment_status, purchase_status, shipping_status, refund_status)`),
    );
    expect(rows).toHaveLength(ORDER_STATUS_VALUES.payment.length * ORDER_STATUS_VALUES.refund.length);
    expect(rows.some((r) => r.lifecycle)).toBe(true);
    for (const r of rows) expect(r.trigger).toBe(r.lifecycle);
  });
});

// Two folds at once on their own connections: the PostgreSQL server only (PGlite is one connection).
describe.skipIf(!process.env.DATABASE_URL)('folding on the PostgreSQL server', () => {
  it('two folds at once never count a delta twice, beside checkouts', async () => {
    const shop = await newShop(ctx);
    const [product] = await addShopProducts(ctx, shop, [20_00], 20);
    const buyer = await newBuyer(ctx);
    for (let i = 0; i < 5; i++) await placeOrder(ctx, buyer.token, shop.shopId, product);

    // The first fold holds the deltas it deleted until it commits; the second waits for them, then skips them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstFolded!: () => void;
    const folded = new Promise<void>((resolve) => (firstFolded = resolve));
    const first = ctx.db.transaction(async (tx) => {
      const result = await foldShopTotals(tx);
      firstFolded();
      await held;
      return result;
    });
    await folded;
    const second = ctx.db.transaction((tx) => foldShopTotals(tx));
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.deltas).toBeGreaterThanOrEqual(5);
    expect(b.deltas).toBe(0);
    expect(await overviewOf(shop)).toEqual(await direct(ctx.db, shop.shopId));
    await everyShopMatches(ctx.db);

    // Many folds while orders are placed.
    const folds = Array.from({ length: 6 }, async () => {
      for (let i = 0; i < 5; i++) await foldShopTotals(ctx.db);
    });
    const checkouts = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 5; i++) await placeOrder(ctx, buyer.token, shop.shopId, product);
    });
    await Promise.all([...folds, ...checkouts]);
    expect(await overviewOf(shop)).toEqual({ ...(await direct(ctx.db, shop.shopId)), orderCount: 25 });
    await everyShopMatches(ctx.db);
    await foldShopTotals(ctx.db);
    expect(await unfolded()).toBe(0);
    await everyShopMatches(ctx.db);
  });
});
