import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, useTestApp } from '../helper.ts';
import { available, buyerCall, CARRIER_KEY, deliver, orderRow, purchase, reconciled, twoShopsWithProducts, type ShopFixture } from '../orders/fixtures.ts';
import { ADDRESS, addCoupon, buyerApi, claim, fillCart, mallCheckout, marketing, registerBuyer, walletOf, type MallBuyer } from '../storefront/fixtures.ts';
import { runningVoucher, sellerCall, voucherRow } from './voucher-fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY, seedDemo: true });
let opToken: string;
let shopA: ShopFixture;
let shopB: ShopFixture;
/** Purchase prices 10.00 and 20.00 at 20% profit: prices 12.00 and 24.00; shop B's 24.00. */
let a1: number;
let a2: number;
let b1: number;

beforeAll(async () => {
  ({ opToken, shopA, shopB, a1, a2, b1 } = await twoShopsWithProducts(ctx));
});

const claimVoucher = (buyer: MallBuyer, voucherId: number) => buyerApi(ctx, buyer, 'POST', '/api/buyer/vouchers/claim', { voucherId });

async function cartOf(buyer: MallBuyer, lines: { productId: number; quantity?: number }[]) {
  return fillCart(ctx, buyer, lines);
}

describe('seller vouchers in the mall', () => {
  it('shows public vouchers on the shop and product pages, claims them, and hides code vouchers', async () => {
    const shopWide = await runningVoucher(ctx, shopA, { name: 'All of A' });
    const forA2 = await runningVoucher(ctx, shopA, { name: 'Only A2', scope: 'products', productIds: [a2] });
    const byCode = await runningVoucher(ctx, shopA, { name: 'Secret', visibility: 'code', code: 'HIDDEN42' });
    const buyer = await registerBuyer(ctx, 0);
    const onShop = await call(ctx.app, 'GET', `/api/mall/shops/${shopA.shopId}/vouchers`);
    const shopIds = onShop.body.data.map((v: { id: number }) => v.id);
    expect(shopIds).toEqual(expect.arrayContaining([shopWide, forA2]));
    expect(shopIds).not.toContain(byCode);
    const onA1 = (await call(ctx.app, 'GET', `/api/mall/products/${a1}/vouchers`)).body.data.map((v: { id: number }) => v.id);
    expect(onA1).toContain(shopWide);
    expect(onA1).not.toContain(forA2);
    expect((await call(ctx.app, 'GET', `/api/mall/products/${a2}/vouchers`)).body.data.map((v: { id: number }) => v.id)).toContain(forA2);

    const claimed = await claimVoucher(buyer, shopWide);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ id: shopWide, claimed: true, usedByMe: 0 });
    expect((await claimVoucher(buyer, shopWide)).status).toBe(200);
    expect((await claimVoucher(buyer, byCode)).status).toBe(404);
    const unknown = await buyerApi(ctx, buyer, 'POST', '/api/buyer/vouchers/redeem', { shopId: shopA.shopId, code: 'NOPE1234' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('VOUCHER_CODE_UNKNOWN');
    const redeemed = await buyerApi(ctx, buyer, 'POST', '/api/buyer/vouchers/redeem', { shopId: shopA.shopId, code: 'hidden42' });
    expect(redeemed.body.data).toMatchObject({ id: byCode, claimed: true });
    const mine = (await buyerApi(ctx, buyer, 'GET', '/api/buyer/vouchers')).body.data.map((v: { id: number }) => v.id);
    expect(mine).toEqual(expect.arrayContaining([shopWide, byCode]));
    const withBuyer = await call(ctx.app, 'GET', `/api/mall/shops/${shopA.shopId}/vouchers`, { headers: { buyertoken: buyer.token } });
    expect(withBuyer.body.data.find((v: { id: number }) => v.id === shopWide).claimed).toBe(true);

    await sellerCall(ctx, shopA, 'POST', `/api/marketing/vouchers/${forA2}/end`);
    expect((await claimVoucher(buyer, forA2)).body.error).toBe('VOUCHER_NOT_RUNNING');
  });

  it('applies deal price → seller voucher → platform coupon, splits the vouchers per shop, and stores each saving', async () => {
    // Shop A: 10% capped at 3.00 over 12.00 + 24.00 = 36.00 → 3.00, paid by shop A.
    const voucher = await runningVoucher(ctx, shopA, { kind: 'percent', amountOffCents: null, percentOff: 10, maxDiscountCents: 3_00, minSpendCents: 30_00 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    await claimVoucher(buyer, voucher);
    const coupon = await addCoupon(ctx.db, { amountOffCents: 5_70 });
    const claimId = await claim(ctx, buyer, coupon.id);
    const items = await cartOf(buyer, [{ productId: a1 }, { productId: a2 }, { productId: b1 }]);
    const marketingBefore = await marketing(ctx.db);
    const { status, body } = await mallCheckout(ctx, buyer, { itemIds: items, claimId, voucherIds: [voucher] });
    expect(status).toBe(200);
    const answer = body.data;
    expect(answer).toMatchObject({ totalCents: 60_00, sellerDiscountCents: 3_00, discountCents: 5_70, paidCents: 51_30 });
    const [groupA, groupB] = answer.shops;
    expect(groupA).toMatchObject({ shopId: shopA.shopId, amountCents: 33_00, sellerDiscountCents: 3_00, voucherId: voucher });
    expect(groupB).toMatchObject({ shopId: shopB.shopId, amountCents: 24_00, sellerDiscountCents: 0, voucherId: null });
    // The voucher split pro rata over shop A's lines (1.00 and 2.00); the coupon over 57.00 (11.00, 22.00, 24.00: 1.10, 2.20, 2.40).
    const byProduct = new Map(answer.orders.map((o: { shopProductId: number }) => [o.shopProductId, o]));
    expect(byProduct.get(a1)).toMatchObject({ unitPriceCents: 12_00, amountCents: 11_00, sellerDiscountCents: 1_00, discountCents: 1_10, paidCents: 9_90 });
    expect(byProduct.get(a2)).toMatchObject({ unitPriceCents: 24_00, amountCents: 22_00, sellerDiscountCents: 2_00, discountCents: 2_20, paidCents: 19_80 });
    expect(byProduct.get(b1)).toMatchObject({ amountCents: 24_00, sellerDiscountCents: 0, discountCents: 2_40, voucherId: null });
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00 - 51_30);
    expect(await marketing(ctx.db)).toBe(marketingBefore - 5_70);
    const stored = await orderRow(ctx.db, (byProduct.get(a1) as { orderId: string }).orderId);
    expect(stored).toMatchObject({ amountCents: 11_00, sellerDiscountCents: 1_00, voucherId: voucher, profitCents: 1_00, discountCents: 1_10 });
    const detail = await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${stored.orderNo}`);
    expect(detail.body.data).toMatchObject({ sellerDiscountCents: 1_00, voucherId: voucher, discountCents: 1_10 });
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(1);
    expect((await reconciled(ctx, opToken)).breaks).toEqual([]);
  });

  it('checks the platform coupon on what is left after the seller voucher, changing nothing when it fails', async () => {
    const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 3_00 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    await claimVoucher(buyer, voucher);
    const claimId = await claim(ctx, buyer, (await addCoupon(ctx.db, { amountOffCents: 1_00, minSpendCents: 35_00 })).id);
    const items = await cartOf(buyer, [{ productId: a1 }, { productId: a2 }]);
    // 36.00 reaches the coupon's 35.00, but 33.00 after the shop's voucher does not.
    const refused = await mallCheckout(ctx, buyer, { itemIds: items, claimId, voucherIds: [voucher] });
    expect(refused.body.error).toBe('COUPON_MIN_SPEND');
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(0);
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);
    const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from voucher_uses where voucher_id = ${voucher}::integer`));
    expect(n).toBe(0);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [voucher] })).body.data).toMatchObject({ totalCents: 36_00, sellerDiscountCents: 3_00, paidCents: 33_00 });
  });

  it('refuses a voucher not claimed, of products not bought, under its minimum, two of one shop, or ended', async () => {
    const buyer = await registerBuyer(ctx, 1_000_00);
    const items = await cartOf(buyer, [{ productId: a1 }]);
    const unclaimed = await runningVoucher(ctx, shopA);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [unclaimed] })).body.error).toBe('VOUCHER_NOT_CLAIMED');
    const onlyA2 = await runningVoucher(ctx, shopA, { scope: 'products', productIds: [a2] });
    await claimVoucher(buyer, onlyA2);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [onlyA2] })).body.error).toBe('VOUCHER_NOT_APPLICABLE');
    const ofB = await runningVoucher(ctx, shopB);
    await claimVoucher(buyer, ofB);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [ofB] })).body.error).toBe('VOUCHER_NOT_APPLICABLE');
    const minSpend = await runningVoucher(ctx, shopA, { minSpendCents: 20_00 });
    await claimVoucher(buyer, minSpend);
    const under = await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [minSpend] }, undefined);
    expect(under.body.error).toBe('VOUCHER_MIN_SPEND');
    expect(under.body.msg).toContain('20.00');
    await claimVoucher(buyer, unclaimed);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [unclaimed, minSpend] })).body.error).toBe('VOUCHER_ONE_PER_SHOP');
    await sellerCall(ctx, shopA, 'POST', `/api/marketing/vouchers/${unclaimed}/end`);
    expect((await mallCheckout(ctx, buyer, { itemIds: items, voucherIds: [unclaimed] })).body.error).toBe('VOUCHER_NOT_RUNNING');
    const vi = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { address: ADDRESS, itemIds: items, voucherIds: [onlyA2] }, { 'accept-language': 'vi-VN' });
    expect(vi.body.msg).toBe('Phiếu giảm giá này không áp dụng cho sản phẩm bạn mua từ shop này');
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);
  });

  it('holds the per-buyer limit and the total quantity', async () => {
    const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 1_00, perBuyerLimit: 2, totalQuantity: 3 });
    const first = await registerBuyer(ctx, 1_000_00);
    const second = await registerBuyer(ctx, 1_000_00);
    await claimVoucher(first, voucher);
    await claimVoucher(second, voucher);
    for (let i = 0; i < 2; i++) expect((await mallCheckout(ctx, first, { itemIds: await cartOf(first, [{ productId: a1 }]), voucherIds: [voucher] })).status).toBe(200);
    const limited = await mallCheckout(ctx, first, { itemIds: await cartOf(first, [{ productId: a1 }]), voucherIds: [voucher] });
    expect(limited.status).toBe(409);
    expect(limited.body.error).toBe('VOUCHER_LIMIT');
    expect((await mallCheckout(ctx, second, { itemIds: await cartOf(second, [{ productId: a1 }]), voucherIds: [voucher] })).status).toBe(200);
    const usedUp = await mallCheckout(ctx, second, { itemIds: await cartOf(second, [{ productId: a1 }]), voucherIds: [voucher] });
    expect(usedUp.body.error).toBe('VOUCHER_USED_UP');
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(3);
    expect((await claimVoucher(await registerBuyer(ctx), voucher)).body.error).toBe('VOUCHER_USED_UP');
  });
});

describe('seller vouchers: money', () => {
  it("settles the shop the amount after its voucher, on a statement line naming the voucher; reconcile checks it", async () => {
    const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 2_00 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    await claimVoucher(buyer, voucher);
    const { body } = await mallCheckout(ctx, buyer, { itemIds: await cartOf(buyer, [{ productId: a1 }]), voucherIds: [voucher] });
    const orderId = body.data.orders[0].orderId as string;
    expect((await purchase(ctx.app, shopA, [orderId])).status).toBe(200);
    const before = await available(ctx.db, shopA.shopId);
    await deliver(ctx.app, orderId);
    expect(await available(ctx.db, shopA.shopId)).toBe(before + 10_00);
    const statement = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: shopA.token, query: { page: 1, pageSize: 5 } });
    const line = statement.body.data.list.find((l: { orderId: string | null; type: string }) => l.orderId === orderId && l.type === 'settlement');
    expect(line).toMatchObject({ remark: `shop voucher #${voucher}` });
    expect((await reconciled(ctx, opToken)).breaks).toEqual([]);

    // The reconcile check sees a voucher count that does not match its uses.
    await ctx.db.execute(sql`update vouchers set used_count = used_count + 1 where id = ${voucher}::integer`);
    expect((await reconciled(ctx, opToken)).breaks).toContainEqual(expect.stringContaining(`voucher ${voucher}: used count`));
    await ctx.db.execute(sql`update vouchers set used_count = used_count - 1 where id = ${voucher}::integer`);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('gives a use back when every order it discounted is cancelled or refunded while the voucher runs', async () => {
    const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 3_00, perBuyerLimit: 1 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    await claimVoucher(buyer, voucher);
    const { body } = await mallCheckout(ctx, buyer, { itemIds: await cartOf(buyer, [{ productId: a1 }, { productId: a2 }]), voucherIds: [voucher] });
    const [o1, o2] = body.data.orders.map((o: { orderId: string }) => o.orderId);
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(1);
    // One of its two orders cancelled: the buyer kept the rest of the discount, the use stays.
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: o1 })).status).toBe(200);
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(1);
    // The other refunded (asked, approved before purchase): the use comes back.
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId: o2, reason: 'dislike', note: 'changed my mind' })).status).toBe(200);
    const decided = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shopA.token, headers: { 'idempotency-key': `refund-${o2}` }, body: { orderId: o2, approve: true } });
    expect(decided.status).toBe(200);
    const approved = await orderRow(ctx.db, o2);
    expect(approved.refundStatus).toBe('approved');
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(0);
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00);
    // Used again at once (limit 1 per buyer).
    const again = await mallCheckout(ctx, buyer, { itemIds: await cartOf(buyer, [{ productId: a1 }]), voucherIds: [voucher] });
    expect(again.body.data.sellerDiscountCents).toBe(3_00);
    // Once the voucher has ended, a cancel no longer gives the use back.
    await sellerCall(ctx, shopA, 'POST', `/api/marketing/vouchers/${voucher}/end`);
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: again.body.data.orders[0].orderId })).status).toBe(200);
    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(1);
    expect((await reconciled(ctx, opToken)).breaks).toEqual([]);
  });
});
