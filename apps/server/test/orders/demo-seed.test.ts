import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO } from '@shopdesk/shared/constants';
import { PAYMENT_STATUSES, PURCHASE_STATUSES, REFUND_STATUSES, SHIPPING_STATUSES } from '@shopdesk/shared/orders/statuses';
import { seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, createTestApp, loginToken, type TestContext } from '../helper.ts';
import { BUYER_PASSWORD, CARRIER_KEY, creditOf, encodeFund, operatorToken, reconciled } from './fixtures.ts';

let ctx: TestContext;
let token: string;
let shopId: number;
beforeAll(async () => {
  ctx = await createTestApp({ carrierKey: CARRIER_KEY });
  await seedDemoMarketplace(ctx.db);
  token = await loginToken(ctx.app, DEMO.USERNAME, DEMO.PASSWORD);
  shopId = (await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).body.data.shop.shopId;
});
afterAll(() => ctx.close());

describe('the demo seed', () => {
  it('has orders in every status of SPEC §4, and a reconciled ledger', async () => {
    const rows = rowsOf<{ payment_status: string; purchase_status: string; shipping_status: string; refund_status: string | null }>(
      await ctx.db.execute(sql`select distinct payment_status, purchase_status, shipping_status, refund_status from orders where shop_id = ${shopId}`),
    );
    for (const s of PAYMENT_STATUSES) expect(rows.some((r) => r.payment_status === s), s).toBe(true);
    for (const s of PURCHASE_STATUSES) expect(rows.some((r) => r.purchase_status === s), s).toBe(true);
    for (const s of SHIPPING_STATUSES) expect(rows.some((r) => r.shipping_status === s), s).toBe(true);
    for (const s of REFUND_STATUSES) expect(rows.some((r) => r.refund_status === s), s).toBe(true);
    expect((await reconciled(ctx, await operatorToken(ctx))).breaks).toEqual([]);
  });

  it('has refund requests waiting, reviews with and without replies, an active gold package and enough products on sale', async () => {
    const refunds = await call(ctx.app, 'POST', '/api/order/refundList', { token, body: { refundStatus: 'refunding' } });
    expect(refunds.body.data.total).toBeGreaterThanOrEqual(3);
    expect(refunds.body.data.list[0].refundReason).toBeTruthy();
    const unanswered = await call(ctx.app, 'POST', '/api/review/list', { token, body: { rating: 'all', unanswered: true } });
    const answered = await call(ctx.app, 'POST', '/api/review/list', { token, body: { rating: 'all', unanswered: false } });
    expect(unanswered.body.data.total).toBeGreaterThan(5);
    expect(answered.body.data.total).toBeGreaterThan(5);
    expect(answered.body.data.list[0].reply).toBeTruthy();
    const status = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token });
    expect(status.body.data).toMatchObject({ packageActive: true, package: { type: 'gold', maxRecommended: 20 } });
    expect(status.body.data.onSale).toBeGreaterThanOrEqual(10);
    const notRecommended = (await call(ctx.app, 'GET', '/api/product/list', { token, query: { recommended: 'false', status: 'on_sale', isNew: 'false' } })).body.data.list[0];
    expect((await call(ctx.app, 'POST', '/api/product/recommend', { token, body: { id: notRecommended.id, recommended: true } })).status).toBe(200);
  });

  it('lets the demo seller purchase a waiting order; the overtime job leaves the seeded history alone', async () => {
    const credit = await creditOf(ctx.db, shopId);
    expect((await call(ctx.app, 'POST', '/api/ops/jobs/overtime', { token: await operatorToken(ctx) })).body.data.penalized).toBe(0);
    expect(await creditOf(ctx.db, shopId)).toBe(credit);
    const waiting = await call(ctx.app, 'POST', '/api/order/getOrderList', { token, body: { tab: 'to_purchase' } });
    const count = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token });
    expect(count.body.data).toBe(waiting.body.data.total);
    const order = waiting.body.data.list.find((o: { overdue: boolean }) => !o.overdue) ?? waiting.body.data.list[0];
    const bought = await call(ctx.app, 'POST', '/api/order/purchaseOrder', { token, body: { orderIds: [order.orderId], fundPassword: encodeFund(DEMO.FUND_PASSWORD) } });
    expect(bought.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token })).body.data).toBe(count.body.data - 1);
    // The demo carrier moves it on (here run by hand, as the timer would).
    const op = await operatorToken(ctx);
    expect((await call(ctx.app, 'POST', '/api/ops/jobs/demoCarrier', { token: op })).body.data.moved).toBeGreaterThanOrEqual(1);
    expect((await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token, query: { orderId: order.orderId } })).body.data.shippingStatus).toBe('in_transit');
    expect((await reconciled(ctx, op)).ok).toBe(true);
  });

  it('lets seeded buyers log in', async () => {
    const login = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username: 'buyer1', password: encodeFund(BUYER_PASSWORD) } });
    expect(login.status).toBe(200);
    expect(login.body.data.buyerToken).toEqual(expect.any(String));
  });
});
