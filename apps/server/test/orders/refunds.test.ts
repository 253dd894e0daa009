import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from '../helper.ts';
import {
  addShopProducts,
  available,
  buyerCall,
  CARRIER_KEY,
  deliver,
  escrow,
  fundShopDirect,
  newBuyer,
  newShop,
  operatorToken,
  orderRow,
  placeOrder,
  purchase,
  reconciled,
  transfersOf,
  type ShopFixture,
} from './fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY });
let opToken: string;
let shop: ShopFixture;
let productId: number;
let buyer: { token: string };
beforeAll(async () => {
  opToken = await operatorToken(ctx);
  shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
  [productId] = await addShopProducts(ctx, shop, [80_00], 25); // price 100.00, profit 20.00
  buyer = await newBuyer(ctx);
});

const decide = (orderId: string, approve: boolean, rejectReason?: string) =>
  call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve, rejectReason } });
const stockOf = async () => (await call(ctx.app, 'GET', '/api/product/detail', { token: shop.token, query: { id: productId } })).body.data;

describe('refunds by where the order stands', () => {
  it('before the purchase: only the buyer is paid back from escrow; the order is cancelled and its stock returns', async () => {
    const stockBefore = (await stockOf()).stock;
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    const escrowBefore = await escrow(ctx.db);
    const sellerBefore = await available(ctx.db, shop.shopId);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'dislike', note: '' });
    expect((await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: shop.token })).body.data).toBe(0);
    const approved = await decide(orderId, true);
    expect(approved.body.data).toMatchObject({ refundStatus: 'approved', paymentStatus: 'cancelled', purchaseStatus: 'to_purchase' });
    expect(await escrow(ctx.db)).toBe(escrowBefore - 100_00);
    expect(await available(ctx.db, shop.shopId)).toBe(sellerBefore);
    expect((await stockOf()).stock).toBe(stockBefore);
    expect(await transfersOf(ctx.db, orderId)).toEqual([
      { type: 'buyer_payment', amount: 100_00 },
      { type: 'refund_buyer', amount: 100_00 },
    ]);
    expect((await purchase(ctx.app, shop, [orderId])).body.error).toBe('ORDER_CANCELLED');
  });

  it('after settlement: the purchase amount comes back and the seller pays the buyer back from available (net: the profit)', async () => {
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await purchase(ctx.app, shop, [orderId]);
    await deliver(ctx.app, orderId);
    const sellerBefore = await available(ctx.db, shop.shopId);
    const escrowBefore = await escrow(ctx.db);
    const summaryBefore = (await call(ctx.app, 'GET', '/api/wallet/summary', { token: shop.token })).body.data.totalEarningsCents;
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'quality', note: 'Broken' });
    const listed = await call(ctx.app, 'POST', '/api/order/refundList', { token: shop.token, body: { refundStatus: 'refunding', orderIds: [orderId] } });
    expect(listed.body.data.list[0]).toMatchObject({ settled: true, paymentStatus: 'completed' });
    expect((await decide(orderId, true)).status).toBe(200);
    expect(await available(ctx.db, shop.shopId)).toBe(sellerBefore + 80_00 - 100_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore);
    expect((await transfersOf(ctx.db, orderId)).map((t) => t.type)).toEqual(['buyer_payment', 'purchase', 'settlement', 'refund_purchase', 'refund_buyer']);
    const summary = (await call(ctx.app, 'GET', '/api/wallet/summary', { token: shop.token })).body.data;
    expect(summary.totalEarningsCents).toBe(summaryBefore - 20_00);
    const lines = (await call(ctx.app, 'GET', '/api/wallet/transactions', { token: shop.token, query: { orderId } })).body.data.list;
    expect(lines.map((l: { type: string; changeCents: number }) => [l.type, l.changeCents])).toEqual([
      ['refund_buyer', -100_00],
      ['refund_purchase', 80_00],
      ['settlement', 100_00],
      ['purchase', -80_00],
    ]);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('after settlement with too little left: refused as insufficient balance, nothing moves, the request still waits', async () => {
    const poor = await newShop(ctx);
    await fundShopDirect(ctx.db, poor.shopId, 80_00);
    const [p] = await addShopProducts(ctx, poor, [80_00], 25);
    const orderId = await placeOrder(ctx, buyer.token, poor.shopId, p);
    await purchase(ctx.app, poor, [orderId]);
    await deliver(ctx.app, orderId); // available: 100.00
    // The seller spends most of it (a 95.00 purchase for another order).
    const [q] = await addShopProducts(ctx, poor, [95_00], 10);
    await purchase(ctx.app, poor, [await placeOrder(ctx, buyer.token, poor.shopId, q)]);
    expect(await available(ctx.db, poor.shopId)).toBe(5_00);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'quality', note: '' });
    const refused = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: poor.token, body: { orderId, approve: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await available(ctx.db, poor.shopId)).toBe(5_00);
    expect((await orderRow(ctx.db, orderId)).refundStatus).toBe('refunding');
    expect((await transfersOf(ctx.db, orderId)).map((t) => t.type)).toEqual(['buyer_payment', 'purchase', 'settlement']);
  });

  it('closes the return window 7 days after signing', async () => {
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await purchase(ctx.app, shop, [orderId]);
    await deliver(ctx.app, orderId);
    await ctx.db.execute(sql`update orders set signed_time = now() - interval '7 days 1 minute' where order_no = ${orderId}`);
    const late = await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'dislike', note: '' });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ error: 'REFUND_WINDOW_CLOSED', msg: 'The 7-day return period for this order has ended' });
    await ctx.db.execute(sql`update orders set signed_time = now() - interval '6 days 23 hours' where order_no = ${orderId}`);
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'dislike', note: '' })).status).toBe(200);
  });

  it('a refund requested in transit and approved before signing stops the order; a rejected one may be purchased', async () => {
    const waiting = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId: waiting, reason: 'other', note: 'n/a' });
    expect((await decide(waiting, false, 'The order is fine')).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId: waiting } })).body.data).toMatchObject({
      awaitingPurchase: true,
      refundStatus: 'rejected',
    });
    expect((await purchase(ctx.app, shop, [waiting])).status).toBe(200);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });
});
