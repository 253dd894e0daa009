import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { call, useTestApp } from '../helper.ts';
import {
  addShopProducts,
  available,
  buyerCall,
  CARRIER_KEY,
  carrier,
  checkout,
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
let other: ShopFixture;
let productId: number;
let buyer: { token: string };
beforeAll(async () => {
  opToken = await operatorToken(ctx);
  shop = await newShop(ctx);
  other = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 10_000_00);
  [productId] = await addShopProducts(ctx, shop, [10_00], 20); // price 12.00
  buyer = await newBuyer(ctx);
});

const order = (quantity = 1) => placeOrder(ctx, buyer.token, shop.shopId, productId, quantity);

describe('purchase refusals', () => {
  it('refuses a wrong fund password (counted toward the lockout) and moves nothing', async () => {
    const orderId = await order();
    const before = await available(ctx.db, shop.shopId);
    const wrong = await purchase(ctx.app, shop, [orderId], { fundPassword: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ error: 'FUND_PASSWORD_WRONG', code: 1012 });
    expect(wrong.body.msg).toMatch(/4/);
    const [user] = await ctx.db.select({ failures: users.fundFailures }).from(users).where(eq(users.id, shop.userId));
    expect(user.failures).toBe(1);
    expect(await available(ctx.db, shop.shopId)).toBe(before);
    expect((await orderRow(ctx.db, orderId)).purchaseStatus).toBe('to_purchase');
    // A right answer resets the count. A wrong password is not kept as the Idempotency-Key's answer:
    // the same key with the right password purchases, and a retry replays that answer.
    const headers = { 'idempotency-key': `wrong-then-right-${orderId}` };
    expect((await purchase(ctx.app, shop, [orderId], { fundPassword: '000001', headers })).body.error).toBe('FUND_PASSWORD_WRONG');
    const right = await purchase(ctx.app, shop, [orderId], { headers });
    expect(right.status).toBe(200);
    const replay = await purchase(ctx.app, shop, [orderId], { headers });
    expect(replay.body).toEqual(right.body);
    expect(await available(ctx.db, shop.shopId)).toBe(before - 10_00);
    const [after] = await ctx.db.select({ failures: users.fundFailures }).from(users).where(eq(users.id, shop.userId));
    expect(after.failures).toBe(0);
  });

  it('refuses when the balance is insufficient and moves nothing (single order answers the error itself)', async () => {
    const poor = await newShop(ctx);
    await fundShopDirect(ctx.db, poor.shopId, 5_00);
    const [poorProduct] = await addShopProducts(ctx, poor, [10_00], 20);
    const orderId = await placeOrder(ctx, buyer.token, poor.shopId, poorProduct);
    const refused = await purchase(ctx.app, poor, orderId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'INSUFFICIENT_BALANCE', code: 1020, msg: 'Insufficient balance, please recharge first' });
    expect(await available(ctx.db, poor.shopId)).toBe(5_00);
    expect((await orderRow(ctx.db, orderId)).purchaseStatus).toBe('to_purchase');
    expect((await transfersOf(ctx.db, orderId)).map((t) => t.type)).toEqual(['buyer_payment']);
  });

  it('answers per order in a batch: purchased, insufficient balance, already purchased', async () => {
    const mid = await newShop(ctx);
    await fundShopDirect(ctx.db, mid.shopId, 25_00);
    const [p] = await addShopProducts(ctx, mid, [10_00], 20);
    const a = await placeOrder(ctx, buyer.token, mid.shopId, p, 2); // 20.00
    const b = await placeOrder(ctx, buyer.token, mid.shopId, p, 1); // 10.00: only 5.00 left
    const res = await purchase(ctx.app, mid, [a, b, a], { headers: { 'accept-language': 'vi-VN' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ purchased: 1, failed: 1, purchaseAmountCents: 20_00, availableCents: 5_00 });
    expect(res.body.data.results).toEqual([
      expect.objectContaining({ orderId: a, ok: true }),
      expect.objectContaining({ orderId: b, ok: false, error: 'INSUFFICIENT_BALANCE' }),
    ]);
    expect(res.body.data.results[1].msg).not.toBe('Insufficient balance, please recharge first');
    const again = await purchase(ctx.app, mid, [a, 'SD-NOT-THERE']);
    expect(again.body.data.results).toEqual([
      expect.objectContaining({ orderId: a, ok: false, error: 'ALREADY_PURCHASED' }),
      expect.objectContaining({ orderId: 'SD-NOT-THERE', ok: false, error: 'NOT_FOUND' }),
    ]);
  });

  it('refuses purchasing twice', async () => {
    const orderId = await order();
    expect((await purchase(ctx.app, shop, [orderId])).status).toBe(200);
    const before = await available(ctx.db, shop.shopId);
    const twice = await purchase(ctx.app, shop, [orderId]);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('ALREADY_PURCHASED');
    expect(await available(ctx.db, shop.shopId)).toBe(before);
  });

  it('refuses purchasing a cancelled order', async () => {
    const orderId = await order();
    const escrowBefore = await escrow(ctx.db);
    const cancelled = await buyerCall(ctx.app, buyer.token, 'cancel', { orderId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.paymentStatus).toBe('cancelled');
    expect(await escrow(ctx.db)).toBe(escrowBefore - 12_00);
    const refused = await purchase(ctx.app, shop, [orderId]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ORDER_CANCELLED');
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId })).body.error).toBe('ORDER_CANCELLED');
  });

  it('refuses purchasing while a refund request waits', async () => {
    const orderId = await order();
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'other', note: 'Ordered by mistake' });
    const refused = await purchase(ctx.app, shop, [orderId]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('REFUND_PENDING');
  });

  it("answers 404 for another shop's order: detail, purchase, refund decision (and moves nothing)", async () => {
    const orderId = await order();
    const otherBefore = await available(ctx.db, other.shopId);
    expect((await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: other.token, query: { orderId } })).status).toBe(404);
    const bought = await purchase(ctx.app, other, [orderId]);
    expect(bought.status).toBe(404);
    expect(bought.body.error).toBe('NOT_FOUND');
    expect((await call(ctx.app, 'POST', '/api/order/refundDecision', { token: other.token, body: { orderId, approve: true } })).status).toBe(404);
    const list = await call(ctx.app, 'POST', '/api/order/getOrderList', { token: other.token, body: { orderIds: orderId } });
    expect(list.body.data.total).toBe(0);
    expect(await available(ctx.db, other.shopId)).toBe(otherBefore);
    expect((await orderRow(ctx.db, orderId)).purchaseStatus).toBe('to_purchase');
  });

  it('refuses an empty selection and a malformed fund password', async () => {
    expect((await purchase(ctx.app, shop, [])).body.error).toBe('NO_SELECTION');
    const orderId = await order();
    const garbled = await call(ctx.app, 'POST', '/api/order/purchaseOrder', { token: shop.token, body: { orderIds: [orderId], fundPassword: '***' } });
    expect(garbled.status).toBe(400);
  });
});

describe('refund refusals', () => {
  it('refuses deciding a refund twice, and rejecting without a reason', async () => {
    const orderId = await order();
    await purchase(ctx.app, shop, [orderId]);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'logistics', note: 'Too slow' });
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'logistics', note: 'again' })).body.error).toBe('REFUND_ALREADY_REQUESTED');
    const noReason = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve: false, rejectReason: '  ' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('REJECT_REASON_REQUIRED');
    const before = await available(ctx.db, shop.shopId);
    expect((await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve: true } })).status).toBe(200);
    expect(await available(ctx.db, shop.shopId)).toBe(before + 10_00);
    const twice = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve: true } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('ALREADY_DECIDED');
    expect(await available(ctx.db, shop.shopId)).toBe(before + 10_00);
    const rejectAfter = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve: false, rejectReason: 'late' } });
    expect(rejectAfter.body.error).toBe('ALREADY_DECIDED');
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('replays the first answer for a retried decision with the same Idempotency-Key', async () => {
    const orderId = await order();
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'dislike', note: '' });
    const headers = { 'idempotency-key': `refund-${orderId}` };
    const first = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, headers, body: { orderId, approve: true } });
    const retry = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, headers, body: { orderId, approve: true } });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await transfersOf(ctx.db, orderId)).map((t) => t.type)).toEqual(['buyer_payment', 'refund_buyer']);
  });

  it('refuses a refund with an unknown reason, and on a cancelled order', async () => {
    const orderId = await order();
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'because', note: '' })).status).toBe(400);
    await buyerCall(ctx.app, buyer.token, 'cancel', { orderId });
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId, reason: 'other', note: '' })).body.error).toBe('ORDER_CANCELLED');
  });
});

describe('review refusals', () => {
  it('refuses replying twice, ratings of 0 and 6, reviewing twice and reviewing an unsigned order', async () => {
    const orderId = await order();
    const unsigned = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, content: 'too early' });
    expect(unsigned.status).toBe(409);
    expect(unsigned.body.error).toBe('REVIEW_NOT_ALLOWED');
    await purchase(ctx.app, shop, [orderId]);
    await deliver(ctx.app, orderId);
    for (const rating of [0, 6, 4.5]) {
      const bad = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating, content: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_FAILED');
      expect(bad.body.details[0]).toMatchObject({ path: 'rating', message: 'The rating must be 1 to 5 stars' });
    }
    const tooMany = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, images: Array(7).fill('https://img.example/x.png') });
    expect(tooMany.status).toBe(400);
    const script = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, images: ['javascript:alert(1)'] });
    expect(script.status).toBe(400);
    const ok = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, content: 'Great', images: ['data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAsSAAALEgHS3X78AAAADElEQVQImWNgYGAAAAAEAAGjChXjAAAAAElFTkSuQmCC'] });
    expect(ok.status).toBe(200);
    expect((await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 4 })).body.error).toBe('ALREADY_REVIEWED');

    const id = ok.body.data.id;
    expect((await call(ctx.app, 'POST', '/api/review/reply', { token: other.token, body: { id, reply: 'not mine' } })).status).toBe(404);
    expect((await call(ctx.app, 'POST', '/api/review/reply', { token: shop.token, body: { id, reply: 'Thanks!' } })).status).toBe(200);
    const twice = await call(ctx.app, 'POST', '/api/review/reply', { token: shop.token, body: { id, reply: 'Thanks again!' } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('ALREADY_REPLIED');
    const list = await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: { rating: 5 } });
    expect(list.body.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({ reply: 'Thanks!' });
  });

  it('requires a rating to filter reviews (1–5 or all)', async () => {
    const missing = await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].path).toBe('rating');
    for (const rating of [0, 6, 'some']) expect((await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: { rating } })).status).toBe(400);
    expect((await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: { rating: 'all' } })).status).toBe(200);
  });
});

describe('buyer and carrier credentials', () => {
  it('refuses buyer routes without a valid buyerToken, and a seller token in its place', async () => {
    const body = { shopId: shop.shopId, shopProductId: productId };
    expect((await checkout(ctx.app, '', body)).status).toBe(401);
    expect((await checkout(ctx.app, 'garbage', body)).status).toBe(401);
    expect((await checkout(ctx.app, shop.token, body)).status).toBe(401);
    const wrong = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username: 'nobody1', password: Buffer.from('wrongpass').toString('base64') } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('INVALID_CREDENTIALS');
  });

  it('refuses checkout of an off-sale product, another shop pairing, and more than the stock', async () => {
    await call(ctx.app, 'POST', '/api/product/setStatus', { token: shop.token, body: { ids: [productId], status: 'off_sale' } });
    expect((await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId })).body.error).toBe('PRODUCT_NOT_ON_SALE');
    await call(ctx.app, 'POST', '/api/product/setStatus', { token: shop.token, body: { ids: [productId], status: 'on_sale' } });
    expect((await checkout(ctx.app, buyer.token, { shopId: other.shopId, shopProductId: productId })).status).toBe(404);
    await call(ctx.app, 'POST', '/api/product/update', { token: shop.token, body: { id: productId, stock: 2 } });
    const tooMany = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, quantity: 3 });
    expect(tooMany.body.error).toBe('OUT_OF_STOCK');
    await call(ctx.app, 'POST', '/api/product/update', { token: shop.token, body: { id: productId, stock: 1000 } });
    expect((await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, receiverPhone: 'call me' })).status).toBe(400);
  });

  it('refuses the carrier endpoint without the platform key (a seller token is not one) and moves only purchased orders in order', async () => {
    const orderId = await order();
    expect((await carrier(ctx.app, orderId, 'in_transit', 'wrong-key')).status).toBe(401);
    const asSeller = await call(ctx.app, 'POST', '/api/carrier/update', { token: shop.token, body: { orderId, status: 'in_transit' } });
    expect(asSeller.status).toBe(401);
    const unpurchased = await carrier(ctx.app, orderId, 'in_transit');
    expect(unpurchased.status).toBe(409);
    expect(unpurchased.body.error).toBe('INVALID_STATE');
    await purchase(ctx.app, shop, [orderId]);
    expect((await carrier(ctx.app, orderId, 'signed')).status).toBe(409);
    expect((await carrier(ctx.app, orderId, 'in_transit')).status).toBe(200);
    expect((await carrier(ctx.app, 'SD-NO-SUCH', 'in_transit')).status).toBe(404);
    expect((await carrier(ctx.app, orderId, 'signed')).status).toBe(200);
    expect((await carrier(ctx.app, orderId, 'in_transit')).status).toBe(409);
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId })).body.error).toBe('ALREADY_PURCHASED');
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });
});
