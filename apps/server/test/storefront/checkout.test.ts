import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from '../helper.ts';
import {
  addShopProducts,
  available,
  carrier,
  CARRIER_KEY,
  deliver,
  escrow,
  fundShopDirect,
  newShop,
  orderRow,
  purchase,
  reconciled,
  transfersOf,
  twoShopsWithProducts,
  type ShopFixture,
} from '../orders/fixtures.ts';
import { ADDRESS, addCoupon, buyerApi, claim, fillCart, mallCheckout, marketing, registerBuyer, setStock, stockOf, walletOf } from './fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY, seedDemo: true });
let opToken: string;
let shopA: ShopFixture;
let shopB: ShopFixture;
/** Purchase prices 10.00 and 20.00 at 20% profit: list prices 12.00 and 24.00. */
let a1: number;
let a2: number;
let b1: number;

beforeAll(async () => {
  ({ opToken, shopA, shopB, a1, a2, b1 } = await twoShopsWithProducts(ctx));
});

describe('cart', () => {
  it('merges lines, caps by stock, groups by shop and keeps other buyers out', async () => {
    const buyer = await registerBuyer(ctx);
    await fillCart(ctx, buyer, [{ productId: a1, quantity: 2 }, { productId: b1 }, { productId: a1, quantity: 1 }]);
    const { body } = await buyerApi(ctx, buyer, 'GET', '/api/buyer/cart');
    expect(body.data.shops.map((s: { shopId: number }) => s.shopId)).toEqual([shopA.shopId, shopB.shopId]);
    const line = body.data.shops[0].items[0];
    expect(line).toMatchObject({ productId: a1, quantity: 3, salePriceCents: 12_00, lineCents: 36_00, available: true });
    expect(body.data.totalCents).toBe(36_00 + 24_00);

    await setStock(ctx.db, a2, 2);
    const over = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart', { productId: a2, quantity: 3 });
    expect(over.status).toBe(422);
    expect(over.body.error).toBe('OUT_OF_STOCK');
    const zero = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart', { productId: a2, quantity: 0 });
    expect(zero.status).toBe(400);
    await setStock(ctx.db, a2, 1000);

    const changed = await buyerApi(ctx, buyer, 'PUT', `/api/buyer/cart/${line.itemId}`, { quantity: 5 });
    expect(changed.body.data.shops[0].items[0].quantity).toBe(5);
    const other = await registerBuyer(ctx);
    expect((await buyerApi(ctx, other, 'PUT', `/api/buyer/cart/${line.itemId}`, { quantity: 1 })).status).toBe(404);
    expect((await buyerApi(ctx, other, 'DELETE', `/api/buyer/cart/${line.itemId}`)).status).toBe(404);
    const removed = await buyerApi(ctx, buyer, 'DELETE', `/api/buyer/cart/${line.itemId}`);
    expect(removed.body.data.shops).toHaveLength(1);
    expect((await call(ctx.app, 'GET', '/api/buyer/cart')).status).toBe(401);
  });

  it('answers a bad quantity with the limit it broke, in the buyer\'s language, and changes nothing', async () => {
    const buyer = await registerBuyer(ctx);
    const [itemId] = await fillCart(ctx, buyer, [{ productId: a1, quantity: 2 }]);
    const refusal = async (method: 'POST' | 'PUT', url: string, body: unknown, lang = 'en-US') => {
      const { status, body: answer } = await call(ctx.app, method, url, { headers: { buyertoken: buyer.token }, lang, body });
      expect(status, JSON.stringify(answer)).toBe(400);
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(answer.details[0].path).toBe('quantity');
      return answer.msg as string;
    };
    expect(await refusal('PUT', `/api/buyer/cart/${itemId}`, { quantity: 0 })).toBe('The quantity must be at least 1');
    expect(await refusal('PUT', `/api/buyer/cart/${itemId}`, { quantity: 100 })).toBe('The quantity must be at most 99');
    expect(await refusal('PUT', `/api/buyer/cart/${itemId}`, { quantity: 1.5 })).toBe('Enter the quantity as a whole number');
    expect(await refusal('PUT', `/api/buyer/cart/${itemId}`, { quantity: 'abc' })).toBe('Enter the quantity as a whole number');
    expect(await refusal('POST', '/api/buyer/cart', { productId: a1, quantity: -3 }, 'vi-VN')).toBe('Số lượng phải ít nhất là 1');
    expect(await refusal('PUT', `/api/buyer/cart/${itemId}`, { quantity: 100 }, 'th-TH')).toBe('จำนวนต้องไม่เกิน 99');
    // Adding to a line may not take it past the limit either: the message names it.
    expect(await refusal('POST', '/api/buyer/cart', { productId: a1, quantity: 98 })).toBe('The quantity must be at most 99');

    // Above the stock: the stock left is named.
    await setStock(ctx.db, a1, 4);
    const over = await buyerApi(ctx, buyer, 'PUT', `/api/buyer/cart/${itemId}`, { quantity: 5 });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('Not enough stock for this quantity: 4 left');
    await setStock(ctx.db, a1, 1000);

    const { body } = await buyerApi(ctx, buyer, 'GET', '/api/buyer/cart');
    expect(body.data.shops[0].items).toMatchObject([{ itemId, quantity: 2 }]);
  });
});

describe('split checkout', () => {
  it('makes one order per line grouped by shop, pays from the wallet into escrow, notifies each seller, empties the cart', async () => {
    const buyer = await registerBuyer(ctx, 500_00);
    const escrowBefore = await escrow(ctx.db);
    const items = await fillCart(ctx, buyer, [{ productId: b1 }, { productId: a1, quantity: 2 }, { productId: a2 }]);
    const { status, body } = await mallCheckout(ctx, buyer, { itemIds: items });
    expect(status).toBe(200);
    const answer = body.data;
    expect(answer.orders).toHaveLength(3);
    expect(answer.orders.map((o: { shopId: number }) => o.shopId)).toEqual([shopA.shopId, shopA.shopId, shopB.shopId]);
    expect(answer.shops).toEqual([
      expect.objectContaining({ shopId: shopA.shopId, amountCents: 24_00 + 24_00, discountCents: 0 }),
      expect.objectContaining({ shopId: shopB.shopId, amountCents: 24_00, discountCents: 0 }),
    ]);
    expect(answer).toMatchObject({ totalCents: 72_00, discountCents: 0, paidCents: 72_00, balanceCents: 500_00 - 72_00 });
    for (const o of answer.orders) {
      expect(o).toMatchObject({ paymentMethod: 'balance', paymentStatus: 'paid', purchaseStatus: 'to_purchase', checkoutNo: answer.checkoutNo, receiverName: ADDRESS.name });
      expect(o.receiverAddress).toBe(`${ADDRESS.area} ${ADDRESS.address}`);
      expect(await transfersOf(ctx.db, o.orderId)).toEqual([{ type: 'buyer_payment', amount: o.amountCents }]);
    }
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(500_00 - 72_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore + 72_00);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/cart')).body.data.shops).toEqual([]);

    // Each seller sees its new orders and was notified (title 0) for each.
    const list = await call(ctx.app, 'POST', '/api/order/getOrderList', { token: shopB.token, body: { page: 1, pageSize: 10 } });
    expect(list.body.data.list.map((o: { orderId: string }) => o.orderId)).toContain(answer.orders[2].orderId);
    const notes = await ctx.db.execute(sql`select count(*)::int as n from notifications where shop_id = ${shopA.shopId}::integer and title = 0 and order_no in (${answer.orders[0].orderId}, ${answer.orders[1].orderId})`);
    expect(((notes as { rows?: { n: number }[] }).rows ?? (notes as unknown as { n: number }[]))[0].n).toBe(2);

    // The seller side works on it as on any order: purchase, ship, sign, settle.
    expect((await purchase(ctx.app, shopB, [answer.orders[2].orderId])).status).toBe(200);
    await deliver(ctx.app, answer.orders[2].orderId);
    expect((await orderRow(ctx.db, answer.orders[2].orderId)).paymentStatus).toBe('completed');
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('uses a saved address, and refuses a checkout naming both or neither', async () => {
    const buyer = await registerBuyer(ctx, 100_00);
    const saved = await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', { ...ADDRESS, name: 'Le Van C' });
    const addressId = saved.body.data[0].id;
    const items = await fillCart(ctx, buyer, [{ productId: a1 }]);
    const both = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { itemIds: items, addressId, address: ADDRESS });
    expect(both.status).toBe(400);
    const neither = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { itemIds: items });
    expect(neither.status).toBe(400);
    const other = await registerBuyer(ctx, 100_00);
    const otherItems = await fillCart(ctx, other, [{ productId: a1 }]);
    expect((await buyerApi(ctx, other, 'POST', '/api/buyer/cart/checkout', { itemIds: otherItems, addressId })).status).toBe(404);
    const ok = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { itemIds: items, addressId });
    expect(ok.status).toBe(200);
    expect(ok.body.data.orders[0].receiverName).toBe('Le Van C');
    // Another buyer's cart line is not found.
    expect((await mallCheckout(ctx, buyer, { itemIds: otherItems })).status).toBe(404);
  });

  it('refuses OUT_OF_STOCK, PRODUCT_NOT_ON_SALE and INSUFFICIENT_BALANCE with nothing changed', async () => {
    const buyer = await registerBuyer(ctx, 100_00);
    const [p1, p2] = await addShopProducts(ctx, shopA, [10_00, 10_00], 20);
    const items = await fillCart(ctx, buyer, [{ productId: p1 }, { productId: p2, quantity: 3 }]);
    await setStock(ctx.db, p2, 2);
    const escrowBefore = await escrow(ctx.db);
    const refused = await mallCheckout(ctx, buyer, { itemIds: items });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('OUT_OF_STOCK');
    expect(await stockOf(ctx.db, p1)).toEqual({ stock: 1000, totalSales: 0 });
    expect(await stockOf(ctx.db, p2)).toEqual({ stock: 2, totalSales: 0 });
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(100_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/cart')).body.data.shops[0].items).toHaveLength(2);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/orders')).body.data.total).toBe(0);

    await setStock(ctx.db, p2, 1000);
    await ctx.db.execute(sql`update shop_products set status = 'off_sale' where id = ${p2}::integer`);
    expect((await mallCheckout(ctx, buyer, { itemIds: items })).body.error).toBe('PRODUCT_NOT_ON_SALE');
    await ctx.db.execute(sql`update shop_products set status = 'on_sale' where id = ${p2}::integer`);

    const poor = await registerBuyer(ctx, 10_00);
    const poorItems = await fillCart(ctx, poor, [{ productId: p1 }]);
    const short = await mallCheckout(ctx, poor, { itemIds: poorItems });
    expect(short.status).toBe(422);
    expect(short.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await stockOf(ctx.db, p1)).toEqual({ stock: 1000, totalSales: 0 });
    expect(await walletOf(ctx.db, poor.buyerId)).toBe(10_00);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, paying once', async () => {
    const buyer = await registerBuyer(ctx, 100_00);
    const items = await fillCart(ctx, buyer, [{ productId: a1 }]);
    const first = await mallCheckout(ctx, buyer, { itemIds: items }, 'checkout-retry-1');
    const again = await mallCheckout(ctx, buyer, { itemIds: items }, 'checkout-retry-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(100_00 - 12_00);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/orders')).body.data.total).toBe(1);
    // The same key with another body is refused.
    const reused = await mallCheckout(ctx, buyer, { itemIds: [items[0] + 1000] }, 'checkout-retry-1');
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('coupons', () => {
  it('claims within the dates and the per-buyer limit', async () => {
    const buyer = await registerBuyer(ctx);
    const twice = await addCoupon(ctx.db, { perBuyerLimit: 2 });
    await claim(ctx, buyer, twice.id);
    await claim(ctx, buyer, twice.id);
    const third = await buyerApi(ctx, buyer, 'POST', '/api/buyer/coupons/claim', { couponId: twice.id });
    expect(third.status).toBe(409);
    expect(third.body.error).toBe('COUPON_LIMIT');
    const future = await addCoupon(ctx.db, { startsAt: new Date(Date.now() + 3600_000) });
    expect((await buyerApi(ctx, buyer, 'POST', '/api/buyer/coupons/claim', { couponId: future.id })).body.error).toBe('COUPON_EXPIRED');
    const listed = await buyerApi(ctx, buyer, 'GET', '/api/mall/coupons');
    expect(listed.body.data.find((c: { id: number }) => c.id === twice.id).claimedByMe).toBe(2);
    const anonymous = await call(ctx.app, 'GET', '/api/mall/coupons');
    expect(anonymous.body.data.find((c: { id: number }) => c.id === twice.id).claimedByMe).toBe(0);
    const mine = await buyerApi(ctx, buyer, 'GET', '/api/buyer/coupons');
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.data[0]).toMatchObject({ id: twice.id, usedAt: null, checkoutNo: null });
  });

  it('applies the minimum spend, the percent cap and the dates at checkout', async () => {
    const buyer = await registerBuyer(ctx, 1_000_00);
    const minSpend = await addCoupon(ctx.db, { amountOffCents: 5_00, minSpendCents: 50_00 });
    const claimId = await claim(ctx, buyer, minSpend.id);
    const small = await fillCart(ctx, buyer, [{ productId: a1 }]);
    const refused = await mallCheckout(ctx, buyer, { itemIds: small, claimId });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('COUPON_MIN_SPEND');
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);

    // 10% of 120.00 is 12.00, capped at 3.00.
    const percent = await addCoupon(ctx.db, { kind: 'percent', percentOff: 10, maxDiscountCents: 3_00 });
    const percentClaim = await claim(ctx, buyer, percent.id);
    await buyerApi(ctx, buyer, 'PUT', `/api/buyer/cart/${small[0]}`, { quantity: 10 });
    const capped = await mallCheckout(ctx, buyer, { itemIds: small, claimId: percentClaim });
    expect(capped.body.data).toMatchObject({ totalCents: 120_00, discountCents: 3_00, paidCents: 117_00 });

    // Used: refused the second time; the claim shows its checkout.
    const again = await fillCart(ctx, buyer, [{ productId: a1 }]);
    expect((await mallCheckout(ctx, buyer, { itemIds: again, claimId: percentClaim })).body.error).toBe('COUPON_USED');
    const mine = await buyerApi(ctx, buyer, 'GET', '/api/buyer/coupons');
    expect(mine.body.data.find((c: { claimId: number }) => c.claimId === percentClaim).checkoutNo).toBe(capped.body.data.checkoutNo);

    // Expired after the claim: refused at checkout.
    const ending = await addCoupon(ctx.db, { amountOffCents: 1_00 });
    const endingClaim = await claim(ctx, buyer, ending.id);
    await ctx.db.execute(sql`update coupons set ends_at = now() - interval '1 second' where id = ${ending.id}::integer`);
    const expired = await mallCheckout(ctx, buyer, { itemIds: again, claimId: endingClaim });
    expect(expired.body.error).toBe('COUPON_EXPIRED');
    // Another buyer's claim is not found.
    const other = await registerBuyer(ctx, 100_00);
    const otherItems = await fillCart(ctx, other, [{ productId: a1 }]);
    expect((await mallCheckout(ctx, other, { itemIds: otherItems, claimId })).status).toBe(404);
  });

  it('splits the discount over the orders pro rata, marketing paying it into escrow', async () => {
    const buyer = await registerBuyer(ctx, 1_000_00);
    const coupon = await addCoupon(ctx.db, { amountOffCents: 10_00, minSpendCents: 20_00 });
    const claimId = await claim(ctx, buyer, coupon.id);
    const marketingBefore = await marketing(ctx.db);
    const escrowBefore = await escrow(ctx.db);
    // 12.00 + 24.00 + 24.00 = 60.00: shares 2.00, 4.00, 4.00.
    const items = await fillCart(ctx, buyer, [{ productId: a1 }, { productId: a2 }, { productId: b1 }]);
    const { body } = await mallCheckout(ctx, buyer, { itemIds: items, claimId });
    expect(body.data).toMatchObject({ totalCents: 60_00, discountCents: 10_00, paidCents: 50_00, balanceCents: 950_00 });
    expect(body.data.orders.map((o: { discountCents: number }) => o.discountCents)).toEqual([2_00, 4_00, 4_00]);
    expect(body.data.orders.map((o: { paidCents: number }) => o.paidCents)).toEqual([10_00, 20_00, 20_00]);
    // The seller's sale amount is unchanged.
    expect(body.data.orders.map((o: { amountCents: number }) => o.amountCents)).toEqual([12_00, 24_00, 24_00]);
    expect(await marketing(ctx.db)).toBe(marketingBefore - 10_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore + 60_00);
    expect(await transfersOf(ctx.db, body.data.orders[1].orderId)).toEqual([
      { type: 'buyer_payment', amount: 20_00 },
      { type: 'buyer_payment', amount: 4_00 },
    ]);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });
});

describe('after the purchase', () => {
  async function couponOrder(buyerCents = 1_000_00) {
    const buyer = await registerBuyer(ctx, buyerCents);
    const coupon = await addCoupon(ctx.db, { amountOffCents: 3_00 });
    const claimId = await claim(ctx, buyer, coupon.id);
    const items = await fillCart(ctx, buyer, [{ productId: a1 }]);
    const { body } = await mallCheckout(ctx, buyer, { itemIds: items, claimId });
    return { buyer, orderId: body.data.orders[0].orderId as string };
  }

  it('a cancel gives the wallet its part and marketing the discount; the coupon stays used', async () => {
    const { buyer, orderId } = await couponOrder();
    const marketingBefore = await marketing(ctx.db);
    const stockBefore = await stockOf(ctx.db, a1);
    const detail = await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`);
    expect(detail.body.data).toMatchObject({ canCancel: true, canRefund: true, canReturn: false, canReview: false, discountCents: 3_00, paidCents: 9_00, purchaseTime: null });
    const cancelled = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cancel', { orderId }, { 'idempotency-key': `cancel-${orderId}` });
    expect(cancelled.status).toBe(200);
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);
    expect(await marketing(ctx.db)).toBe(marketingBefore + 3_00);
    expect(await stockOf(ctx.db, a1)).toEqual({ stock: stockBefore.stock + 1, totalSales: stockBefore.totalSales - 1 });
    expect((await transfersOf(ctx.db, orderId)).map((t) => t.type)).toEqual(['buyer_payment', 'buyer_payment', 'buyer_cancel_refund', 'buyer_cancel_refund']);
    const coupons = await buyerApi(ctx, buyer, 'GET', '/api/buyer/coupons');
    expect(coupons.body.data[0].usedAt).not.toBeNull();
    expect((await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`)).body.data.canCancel).toBe(false);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('refunds before the purchase, after the purchase and after settlement go back to the wallet and marketing', async () => {
    for (const stage of ['before', 'after', 'settled'] as const) {
      const { buyer, orderId } = await couponOrder();
      const marketingBefore = await marketing(ctx.db);
      const sellerBefore = await available(ctx.db, shopA.shopId);
      if (stage !== 'before') expect((await purchase(ctx.app, shopA, [orderId])).status).toBe(200);
      if (stage === 'settled') await deliver(ctx.app, orderId);
      const asked = await buyerApi(ctx, buyer, 'POST', '/api/buyer/refund', { orderId, reason: 'quality', note: 'broken' });
      expect(asked.status).toBe(200);
      const decided = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shopA.token, body: { orderId, approve: true } });
      expect(decided.status).toBe(200);
      expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);
      expect(await marketing(ctx.db)).toBe(marketingBefore + 3_00);
      // The seller ends where it started: the purchase came back, a settled sale went back.
      expect(await available(ctx.db, shopA.shopId)).toBe(sellerBefore);
      const refundLegs = (await transfersOf(ctx.db, orderId)).filter((t) => t.type === 'refund_buyer');
      expect(refundLegs).toEqual([
        { type: 'refund_buyer', amount: 9_00 },
        { type: 'refund_buyer', amount: 3_00 },
      ]);
    }
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('"Order received" settles a delivered order at once, once: pressed twice, or after the carrier signed, nothing more moves', async () => {
    const { buyer, orderId } = await couponOrder();
    const headers = (key: string) => ({ 'idempotency-key': key });
    // Not delivered yet: refused, nothing changes.
    expect((await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`)).body.data.canConfirmReceipt).toBe(false);
    const early = await buyerApi(ctx, buyer, 'POST', '/api/buyer/confirmReceipt', { orderId }, headers(`early-${orderId}`));
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('INVALID_STATE');
    await purchase(ctx.app, shopA, [orderId]);
    expect((await carrier(ctx.app, orderId, 'in_transit')).status).toBe(200);
    expect((await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`)).body.data.canConfirmReceipt).toBe(true);
    // Another buyer cannot sign it.
    const stranger = await registerBuyer(ctx);
    expect((await buyerApi(ctx, stranger, 'POST', '/api/buyer/confirmReceipt', { orderId })).status).toBe(404);

    const sellerBefore = await available(ctx.db, shopA.shopId);
    const escrowBefore = await escrow(ctx.db);
    const first = await buyerApi(ctx, buyer, 'POST', '/api/buyer/confirmReceipt', { orderId }, headers(`received-${orderId}`));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ orderId, shippingStatus: 'signed', paymentStatus: 'completed' });
    // Escrow paid the seller the whole sale (the buyer's part and the coupon's), as the carrier's signature does.
    expect(await available(ctx.db, shopA.shopId)).toBe(sellerBefore + 12_00);
    expect(await escrow(ctx.db)).toBe(escrowBefore - 12_00);
    const row = await orderRow(ctx.db, orderId);
    expect(row.signedTime).not.toBeNull();

    // The same request retried, a second press with a new key, and the carrier's late signature: once.
    const replay = await buyerApi(ctx, buyer, 'POST', '/api/buyer/confirmReceipt', { orderId }, headers(`received-${orderId}`));
    expect(replay.body).toEqual({ ...first.body, requestId: replay.body.requestId });
    const again = await buyerApi(ctx, buyer, 'POST', '/api/buyer/confirmReceipt', { orderId }, headers(`again-${orderId}`));
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ shippingStatus: 'signed', paymentStatus: 'completed' });
    const late = await carrier(ctx.app, orderId, 'signed');
    expect(late.body.data.changed).toBe(false);
    expect(await available(ctx.db, shopA.shopId)).toBe(sellerBefore + 12_00);
    expect((await transfersOf(ctx.db, orderId)).filter((t) => t.type === 'settlement')).toEqual([{ type: 'settlement', amount: 12_00 }]);
    expect((await orderRow(ctx.db, orderId)).signedTime).toEqual(row.signedTime);
    // Signed by the buyer, the order opens the return window and the review like a carrier's signature.
    expect((await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`)).body.data).toMatchObject({ canConfirmReceipt: false, canReturn: true, canReview: true });

    // Two presses at once settle once too.
    const racing = await couponOrder();
    await purchase(ctx.app, shopA, [racing.orderId]);
    await carrier(ctx.app, racing.orderId, 'in_transit');
    const both = await Promise.all([1, 2].map((n) => buyerApi(ctx, racing.buyer, 'POST', '/api/buyer/confirmReceipt', { orderId: racing.orderId }, headers(`race-${n}-${racing.orderId}`))));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await transfersOf(ctx.db, racing.orderId)).filter((t) => t.type === 'settlement')).toHaveLength(1);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('opens the 7-day return after signing and closes it after', async () => {
    const { buyer, orderId } = await couponOrder();
    await purchase(ctx.app, shopA, [orderId]);
    await deliver(ctx.app, orderId);
    const signed = await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`);
    expect(signed.body.data).toMatchObject({ canCancel: false, canRefund: true, canReturn: true, canReview: true, shippingStatus: 'signed' });
    expect(signed.body.data.returnDeadline).not.toBeNull();
    // The buyer's timeline shows when the seller bought the stock.
    expect(Date.parse(signed.body.data.purchaseTime)).not.toBeNaN();
    await ctx.db.execute(sql`update orders set signed_time = now() - interval '7 days 1 minute' where order_no = ${orderId}`);
    const late = await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`);
    expect(late.body.data).toMatchObject({ canRefund: false, canReturn: false, canReview: true });
    const refused = await buyerApi(ctx, buyer, 'POST', '/api/buyer/refund', { orderId, reason: 'dislike', note: '' });
    expect(refused.body.error).toBe('REFUND_WINDOW_CLOSED');
  });

  it("shows the review and the seller's reply in the buyer's order detail and on the product", async () => {
    const { buyer, orderId } = await couponOrder();
    await purchase(ctx.app, shopA, [orderId]);
    await deliver(ctx.app, orderId);
    const reviewed = await buyerApi(ctx, buyer, 'POST', '/api/buyer/review', { orderId, rating: 4, content: 'Good value', images: [] });
    expect(reviewed.status).toBe(200);
    const reply = await call(ctx.app, 'POST', '/api/review/reply', { token: shopA.token, body: { id: reviewed.body.data.id, reply: 'Thank you!' } });
    expect(reply.status).toBe(200);
    const detail = await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`);
    expect(detail.body.data.canReview).toBe(false);
    expect(detail.body.data.review).toMatchObject({ rating: 4, content: 'Good value', reply: 'Thank you!' });
    expect(detail.body.data.review.replyTime).not.toBeNull();
    const reviews = await call(ctx.app, 'GET', `/api/mall/products/${a1}/reviews`);
    const mine = reviews.body.data.list.find((r: { id: number }) => r.id === reviewed.body.data.id);
    expect(mine).toMatchObject({ rating: 4, reply: 'Thank you!' });
    expect(mine.nickname).toMatch(/^.\*\*\*.$/);
  });

  it('scopes every order action to its buyer (404)', async () => {
    const { orderId } = await couponOrder();
    const stranger = await registerBuyer(ctx);
    expect((await buyerApi(ctx, stranger, 'GET', `/api/buyer/orders/${orderId}`)).status).toBe(404);
    expect((await buyerApi(ctx, stranger, 'POST', '/api/buyer/cancel', { orderId })).status).toBe(404);
    expect((await buyerApi(ctx, stranger, 'POST', '/api/buyer/refund', { orderId, reason: 'other', note: '' })).status).toBe(404);
    expect((await buyerApi(ctx, stranger, 'POST', '/api/buyer/review', { orderId, rating: 5 })).status).toBe(404);
    expect((await buyerApi(ctx, stranger, 'GET', '/api/buyer/orders')).body.data.total).toBe(0);
  });

  it('filters the order list by status', async () => {
    const buyer = await registerBuyer(ctx, 1_000_00);
    const items = await fillCart(ctx, buyer, [{ productId: a1 }, { productId: a2 }, { productId: b1 }]);
    const { body } = await mallCheckout(ctx, buyer, { itemIds: items });
    const [toShip, shipping, refund] = body.data.orders.map((o: { orderId: string }) => o.orderId);
    await purchase(ctx.app, shopA, [shipping]);
    const { status } = await call(ctx.app, 'POST', '/api/carrier/update', { headers: { 'x-carrier-key': CARRIER_KEY }, body: { orderId: shipping, status: 'in_transit' } });
    expect(status).toBe(200);
    await buyerApi(ctx, buyer, 'POST', '/api/buyer/refund', { orderId: refund, reason: 'dislike', note: '' });
    const ids = async (tab: string) => (await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders?status=${tab}`)).body.data.list.map((o: { orderId: string }) => o.orderId);
    expect((await ids('all')).sort()).toEqual([toShip, shipping, refund].sort());
    expect((await ids('to_ship')).sort()).toEqual([toShip, refund].sort());
    expect(await ids('shipping')).toEqual([shipping]);
    expect(await ids('signed')).toEqual([]);
    expect(await ids('refund')).toEqual([refund]);
    const page = await buyerApi(ctx, buyer, 'GET', '/api/buyer/orders?page=2&pageSize=2');
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.list[0].shopName).toBeTruthy();
  });
});

describe('one checkout for "buy now" and the cart', () => {
  it('prices and places a single purchase as the cart does, and both refuse a frozen shop with nothing changed', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const [p] = await addShopProducts(ctx, shop, [15_00], 20);
    const buyer = await registerBuyer(ctx, 500_00);
    const buyNow = (quantity: number) =>
      buyerApi(ctx, buyer, 'POST', '/api/buyer/checkout', { shopId: shop.shopId, shopProductId: p, quantity, receiverName: ADDRESS.name, receiverPhone: ADDRESS.phone, receiverAddress: `${ADDRESS.area} ${ADDRESS.address}`, paymentMethod: 'balance' });

    const single = await buyNow(2);
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    const [itemId] = await fillCart(ctx, buyer, [{ productId: p, quantity: 2 }]);
    const cart = await mallCheckout(ctx, buyer, { itemIds: [itemId] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const same = (o: Awaited<ReturnType<typeof orderRow>>) => ({
      shopId: o.shopId,
      shopProductId: o.shopProductId,
      quantity: o.quantity,
      unitPriceCents: o.unitPriceCents,
      amountCents: o.amountCents,
      purchaseAmountCents: o.purchaseAmountCents,
      profitCents: o.profitCents,
      paymentStatus: o.paymentStatus,
      purchaseStatus: o.purchaseStatus,
      shippingStatus: o.shippingStatus,
      receiverAddress: o.receiverAddress,
      deadlineHours: (o.purchaseDeadline!.getTime() - o.createdAt.getTime()) / 3_600_000,
    });
    const fromSingle = await orderRow(ctx.db, single.body.data.orderId);
    const fromCart = await orderRow(ctx.db, cart.body.data.orders[0].orderId);
    expect(same(fromSingle)).toEqual(same(fromCart));
    expect(fromSingle).toMatchObject({ unitPriceCents: 18_00, amountCents: 36_00, checkoutNo: null });
    expect(fromCart.checkoutNo).toBe(cart.body.data.checkoutNo);
    expect(await stockOf(ctx.db, p)).toEqual({ stock: 996, totalSales: 4 });

    // A frozen shop sells nothing, whichever way the buyer asks (the cart line was added before).
    const [waiting] = await fillCart(ctx, buyer, [{ productId: p }]);
    await ctx.db.execute(sql`update shops set frozen = true where id = ${shop.shopId}::integer`);
    const escrowBefore = await escrow(ctx.db);
    const refusedSingle = await buyNow(1);
    expect(refusedSingle.status).toBe(422);
    expect(refusedSingle.body.error).toBe('PRODUCT_NOT_ON_SALE');
    const refusedCart = await mallCheckout(ctx, buyer, { itemIds: [waiting] });
    expect(refusedCart.status).toBe(422);
    expect(refusedCart.body.error).toBe('PRODUCT_NOT_ON_SALE');
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(500_00 - 36_00);
    expect(await stockOf(ctx.db, p)).toEqual({ stock: 996, totalSales: 4 });
    expect(await escrow(ctx.db)).toBe(escrowBefore);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/orders')).body.data.total).toBe(2);
    await ctx.db.execute(sql`update shops set frozen = false where id = ${shop.shopId}::integer`);
  });
});
