import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO } from '@shopdesk/shared/constants';
import { PAYMENT_STATUSES, PURCHASE_STATUSES, REFUND_STATUSES, SHIPPING_STATUSES } from '@shopdesk/shared/orders/lifecycle';
import { seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { BUYERS, COUNTRIES, REFUND_NOTES, REPLIES, replyTone } from '../../src/db/seed/demo-catalog.ts';
import { newOrderNo } from '../../src/modules/storefront/checkout-service.ts';
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

describe('the demo seed tells a coherent story', () => {
  it('answers every review in the tone of its rating', async () => {
    const rows = rowsOf<{ rating: number; reply: string }>(await ctx.db.execute(sql`select rating, reply from reviews where reply is not null`));
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(REPLIES[replyTone(r.rating)], `${r.rating} stars: ${r.reply}`).toContain(r.reply);
    expect(rows.some((r) => r.rating >= 4 && REPLIES.positive.includes(r.reply as never))).toBe(true);
  });

  it('writes refund notes that match their reason', async () => {
    const rows = rowsOf<{ refund_reason: keyof typeof REFUND_NOTES; refund_note: string }>(await ctx.db.execute(sql`select refund_reason, refund_note from orders where refund_reason is not null`));
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(REFUND_NOTES[r.refund_reason], `${r.refund_reason}: ${r.refund_note}`).toContain(r.refund_note);
  });

  it("gives each order the buyer's own name as receiver, and a phone and an address of the buyer's country", async () => {
    const rows = rowsOf<{ nickname: string; receiver_name: string; receiver_phone: string; receiver_address: string }>(
      await ctx.db.execute(sql`select b.nickname, o.receiver_name, o.receiver_phone, o.receiver_address from orders o join buyers b on b.id = o.buyer_id`),
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) {
      const buyer = BUYERS.find((b) => b.name === r.nickname);
      expect(buyer, r.nickname).toBeDefined();
      const country = COUNTRIES[buyer!.country];
      expect(r.receiver_name).toBe(r.nickname);
      expect(r.receiver_phone.startsWith(`${country.callingCode} `), `${r.nickname}: ${r.receiver_phone}`).toBe(true);
      expect(country.streets, `${r.nickname}: ${r.receiver_address}`).toContain(r.receiver_address);
    }
  });

  it('numbers seeded orders in the one format of new orders (SD + yymmdd + shop + 8 digits, 20 characters)', async () => {
    const rows = rowsOf<{ order_no: string; shop_id: number; created_at: string | Date }>(await ctx.db.execute(sql`select order_no, shop_id, created_at from orders`));
    const sample = newOrderNo(shopId);
    expect(sample).toHaveLength(20);
    for (const r of rows) {
      const day = new Date(r.created_at).toISOString().slice(2, 10).replace(/-/g, '');
      expect(r.order_no).toMatch(new RegExp(`^SD${day}${String(r.shop_id).padStart(4, '0')}\\d{8}$`));
    }
  });
});
