import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { notifications } from '../../src/db/schema.ts';
import { call, useTestApp } from '../helper.ts';
import {
  addShopProducts,
  available,
  buyerCall,
  CARRIER_KEY,
  carrier,
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
} from './fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY, purchaseDeadlineHours: 24 });
let opToken: string;
beforeAll(async () => {
  opToken = await operatorToken(ctx);
});

describe('the order journey', () => {
  it('buyer orders → seller notified → purchase with the fund password → carrier ships and signs → settlement lands; ledger reconciles', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    // Purchase price 50.00, profit ratio 20% → price 60.00.
    const [productId] = await addShopProducts(ctx, shop, [50_00], 20);
    const buyer = await newBuyer(ctx);
    const escrowBefore = await escrow(ctx.db);

    const started = Date.now();
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId, 2);
    const detail = await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId } });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      orderId,
      quantity: 2,
      unitPriceCents: 60_00,
      amountCents: 120_00,
      purchaseAmountCents: 100_00,
      profitCents: 20_00,
      paymentMethod: 'balance',
      paymentStatus: 'paid',
      purchaseStatus: 'to_purchase',
      shippingStatus: 'pending_shipment',
      refundStatus: null,
      receiverName: 'Nguyen Van An',
      receiverPhone: '+84 901234567',
      receiverAddress: '12 Le Loi St, District 1, HCMC',
      buyerNickname: buyer.nickname,
      awaitingPurchase: true,
      overdue: false,
      review: null,
    });
    const deadline = Date.parse(detail.body.data.purchaseDeadline);
    expect(deadline - started).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(detail.body.data.countdownSeconds).toBeGreaterThan(24 * 3600 - 120);
    expect(detail.body.data.countdownSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(await escrow(ctx.db)).toBe(escrowBefore + 120_00);

    // The seller's stored notification: title 0, content 0, with the order.
    const [note] = await ctx.db.select().from(notifications).where(and(eq(notifications.shopId, shop.shopId), eq(notifications.orderNo, orderId)));
    expect(note).toMatchObject({ title: NOTIFICATION_TITLE.NEW_ORDER, content: NOTIFICATION_CONTENT.NEW_ORDER });
    const unread = await call(ctx.app, 'GET', '/api/notifications/unread', { token: shop.token });
    expect(unread.body.data.list[0]).toMatchObject({ title: 0, content: 0, orderId, unread: true });
    expect(unread.body.data.unreadCount).toBe(1);

    const count = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: shop.token, query: { shopId: shop.shopId } });
    expect(count.body.data).toBe(1);
    const balance = await call(ctx.app, 'GET', '/api/order/getAccountBalance', { token: shop.token });
    expect(balance.body.data.availableCents).toBe(1_000_00);

    // The seller purchases the stock with the fund password: available → supplier.
    const bought = await purchase(ctx.app, shop, [orderId]);
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ purchased: 1, failed: 0, purchaseAmountCents: 100_00, availableCents: 900_00 });
    expect(bought.body.data.results[0]).toMatchObject({ orderId, ok: true, purchaseAmountCents: 100_00 });
    expect(await available(ctx.db, shop.shopId)).toBe(900_00);
    expect((await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: shop.token })).body.data).toBe(0);
    const purchased = (await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId } })).body.data;
    expect(purchased).toMatchObject({ purchaseStatus: 'purchased', awaitingPurchase: false, countdownSeconds: null });
    expect(purchased.purchaseTime).not.toBeNull();

    // The carrier ships and signs; signing settles the sale amount into the seller's available.
    const shipped = await carrier(ctx.app, orderId, 'in_transit');
    expect(shipped.body.data).toMatchObject({ shippingStatus: 'in_transit', changed: true });
    expect((await carrier(ctx.app, orderId, 'in_transit')).body.data.changed).toBe(false);
    const signed = await carrier(ctx.app, orderId, 'signed');
    expect(signed.status).toBe(200);
    expect(signed.body.data).toMatchObject({ shippingStatus: 'signed', paymentStatus: 'completed' });
    expect(await available(ctx.db, shop.shopId)).toBe(900_00 + 120_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore);
    const done = await orderRow(ctx.db, orderId);
    expect(done.signedTime).not.toBeNull();
    expect(done.shippedTime).not.toBeNull();

    // The profit counts into total earnings.
    const summary = await call(ctx.app, 'GET', '/api/wallet/summary', { token: shop.token });
    expect(summary.body.data).toMatchObject({ availableCents: 1_020_00, totalEarningsCents: 20_00 });
    expect(await transfersOf(ctx.db, orderId)).toEqual([
      { type: 'buyer_payment', amount: 120_00 },
      { type: 'purchase', amount: 100_00 },
      { type: 'settlement', amount: 120_00 },
    ]);
    expect(await reconciled(ctx, opToken)).toEqual(expect.objectContaining({ ok: true, breaks: [] }));

    // The buyer reviews the signed order; the seller replies once; the product rating follows.
    const review = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 4, content: 'Nice phone case', images: ['/api/catalog/covers/1.svg'] });
    expect(review.status).toBe(200);
    const product = await call(ctx.app, 'GET', '/api/product/detail', { token: shop.token, query: { id: productId } });
    expect(product.body.data).toMatchObject({ rating: 4, totalSales: 2 });
    const reviews = await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: { rating: 'all', unanswered: true } });
    expect(reviews.body.data.list[0]).toMatchObject({ rating: 4, content: 'Nice phone case', images: ['/api/catalog/covers/1.svg'], nickname: buyer.nickname, reply: null, orderId });
    const reply = await call(ctx.app, 'POST', '/api/review/reply', { token: shop.token, body: { id: review.body.data.id, reply: 'Thank you!' } });
    expect(reply.status).toBe(200);
    const withReply = await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId } });
    expect(withReply.body.data.review).toMatchObject({ rating: 4, reply: 'Thank you!' });
  });

  it('a refund is approved (purchase amount back to the seller, payment back to the buyer) and another rejected', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 500_00);
    const [productId] = await addShopProducts(ctx, shop, [40_00], 25); // price 50.00
    const buyer = await newBuyer(ctx);
    const first = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    const second = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    expect((await purchase(ctx.app, shop, [first, second])).body.data).toMatchObject({ purchased: 2, availableCents: 420_00 });
    await carrier(ctx.app, first, 'in_transit');
    const escrowBefore = await escrow(ctx.db);

    const asked = await buyerCall(ctx.app, buyer.token, 'refund', { orderId: first, reason: 'quality', note: 'Cracked screen' });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ refundStatus: 'refunding', refundReason: 'quality' });
    expect(asked.body.data).not.toHaveProperty('purchaseAmountCents');
    const [note] = await ctx.db.select().from(notifications).where(and(eq(notifications.shopId, shop.shopId), eq(notifications.title, NOTIFICATION_TITLE.REFUND_REQUEST)));
    expect(note).toMatchObject({ content: NOTIFICATION_CONTENT.REFUND_REQUEST, orderNo: first });
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId: second, reason: 'dislike', note: '' });

    const waiting = await call(ctx.app, 'POST', '/api/order/refundList', { token: shop.token, body: { refundStatus: 'refunding' } });
    expect(waiting.body.data.total).toBe(2);
    expect(waiting.body.data.list.map((r: { orderId: string }) => r.orderId).sort()).toEqual([first, second].sort());
    expect(waiting.body.data.list.find((r: { orderId: string }) => r.orderId === first)).toMatchObject({
      refundReason: 'quality',
      refundNote: 'Cracked screen',
      buyerNickname: buyer.nickname,
      settled: false,
    });

    const approved = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId: first, approve: true } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ refundStatus: 'approved' });
    expect(approved.body.data.refundTime).not.toBeNull();
    expect(await available(ctx.db, shop.shopId)).toBe(420_00 + 40_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore - 50_00);
    // A refunded order does not ship on.
    expect((await carrier(ctx.app, first, 'signed')).status).toBe(409);

    const rejected = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId: second, approve: false, rejectReason: 'Item already shipped as described' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ refundStatus: 'rejected', refundRejectReason: 'Item already shipped as described' });
    expect(await available(ctx.db, shop.shopId)).toBe(460_00);
    // The rejected order ships and settles as usual.
    await deliver(ctx.app, second);
    expect(await available(ctx.db, shop.shopId)).toBe(460_00 + 50_00);

    const decided = await call(ctx.app, 'POST', '/api/order/refundList', { token: shop.token, body: { refundStatus: 'all' } });
    expect(decided.body.data.list.map((r: { refundStatus: string }) => r.refundStatus).sort()).toEqual(['approved', 'rejected']);
    expect(await reconciled(ctx, opToken)).toEqual(expect.objectContaining({ ok: true }));
  });
});
