import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { call, useTestApp } from '../helper.ts';
import { penalizeOverdueOrders } from '../../src/modules/orders/overtime-job.ts';
import {
  addShopProducts,
  buyerCall,
  creditOf,
  expireDeadline,
  fundShopDirect,
  newBuyer,
  newShop,
  operatorToken,
  orderRow,
  placeOrder,
  purchase,
} from './fixtures.ts';

const ctx = useTestApp();
let opToken: string;
beforeAll(async () => {
  opToken = await operatorToken(ctx);
});

const runJob = () => call(ctx.app, 'POST', '/api/ops/jobs/overtime', { token: opToken });

describe('the overtime purchase job', () => {
  it('takes exactly 5 credit points per late order, once, even when run twice; the order stays purchasable', async () => {
    const shop = await newShop(ctx, { creditScore: 100 });
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const late1 = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const late2 = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const onTime = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const purchasedLate = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const refundWaiting = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const cancelled = await placeOrder(ctx, buyer.token, shop.shopId, p);
    await purchase(ctx.app, shop, [purchasedLate]);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId: refundWaiting, reason: 'other', note: '' });
    await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: cancelled });
    for (const orderId of [late1, late2, purchasedLate, refundWaiting, cancelled]) await expireDeadline(ctx.db, orderId);

    // The seller sees the deadline pass before the penalty: countdown 0, overdue.
    const before = (await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId: late1 } })).body.data;
    expect(before).toMatchObject({ countdownSeconds: 0, overdue: true, overtimePenalizedAt: null });

    const first = await runJob();
    expect(first.status).toBe(200);
    expect(first.body.data.penalized).toBeGreaterThanOrEqual(2);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(100 - 2 * SHOP.OVERTIME_PURCHASE_PENALTY);
    const second = await runJob();
    expect(second.body.data).toEqual({ penalized: 0, shops: 0 });
    await penalizeOverdueOrders(ctx.db);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(90);

    expect((await orderRow(ctx.db, late1)).overtimePenalizedAt).not.toBeNull();
    expect((await orderRow(ctx.db, onTime)).overtimePenalizedAt).toBeNull();
    expect((await orderRow(ctx.db, purchasedLate)).overtimePenalizedAt).toBeNull();
    expect((await orderRow(ctx.db, refundWaiting)).overtimePenalizedAt).toBeNull();
    expect((await orderRow(ctx.db, cancelled)).overtimePenalizedAt).toBeNull();

    // Still purchasable after the penalty, and purchasing does not give the points back.
    expect((await purchase(ctx.app, shop, [late1])).status).toBe(200);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(90);
    const count = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: shop.token });
    expect(count.body.data).toBe(2); // late2 and onTime
  });

  it('never takes the credit score below 0', async () => {
    const shop = await newShop(ctx, { creditScore: 7 });
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const orders = [await placeOrder(ctx, buyer.token, shop.shopId, p), await placeOrder(ctx, buyer.token, shop.shopId, p)];
    for (const orderId of orders) await expireDeadline(ctx.db, orderId);
    await runJob();
    expect(await creditOf(ctx.db, shop.shopId)).toBe(0);
  });

  it('is an operator action: sellers get 403', async () => {
    const shop = await newShop(ctx);
    expect((await call(ctx.app, 'POST', '/api/ops/jobs/overtime', { token: shop.token })).status).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/ops/jobs/overtime')).status).toBe(401);
  });
});
