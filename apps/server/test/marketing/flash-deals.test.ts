import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, useTestApp } from '../helper.ts';
import { available, buyerCall, CARRIER_KEY, deliver, orderRow, purchase, reconciled, twoShopsWithProducts, type ShopFixture } from '../orders/fixtures.ts';
import { addCoupon, buyerApi, claim, fillCart, mallCheckout, marketing, registerBuyer, walletOf } from '../storefront/fixtures.ts';
import { dealCount, dealRow, dealTerms, runningDeal } from './deal-fixtures.ts';
import { runningVoucher, sellerCall } from './voucher-fixtures.ts';

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

const create = (body: Record<string, unknown>, lang?: string) => sellerCall(ctx, shopA, 'POST', '/api/marketing/deals/create', body, lang);
const fields = (body: { details?: { path: string; message: string }[] }) => Object.fromEntries((body.details ?? []).map((d) => [d.path, d.message]));

describe('flash deals: the seller side', () => {
  it('refuses bad terms with localized messages, writing nothing', async () => {
    const before = await dealCount(ctx.db, shopA.shopId);
    const now = Date.now();
    const backwards = await create(dealTerms(a1, { startsAt: new Date(now + 7200_000).toISOString(), endsAt: new Date(now + 3600_000).toISOString(), dealPriceCents: 0, stockCap: 0 }));
    expect(backwards.status).toBe(400);
    expect(fields(backwards.body)).toEqual({
      endsAt: 'The end must be after the start',
      dealPriceCents: 'Enter the deal price as a whole number of cents above 0',
      stockCap: 'The deal stock must be a whole number from 1 to 100,000',
    });
    const th = await create(dealTerms(a1, { dealPriceCents: -5, stockCap: 0 }), 'th-TH');
    expect(fields(th.body)).toEqual({ dealPriceCents: 'ใส่ราคาดีลเป็นจำนวนเต็มเซนต์ที่มากกว่า 0', stockCap: 'จำนวนสต็อกดีลต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 100,000' });
    // The normal price of a1 is 12.00: a deal at 12.00 or above is no deal.
    const notBelow = await create(dealTerms(a1, { dealPriceCents: 12_00 }), 'vi-VN');
    expect(notBelow.status).toBe(400);
    expect(fields(notBelow.body)).toEqual({ dealPriceCents: 'Giá flash sale phải thấp hơn giá thường của sản phẩm' });
    const past = await create(dealTerms(a1, { startsAt: new Date(now - 7200_000).toISOString(), endsAt: new Date(now - 3600_000).toISOString() }));
    expect(fields(past.body)).toEqual({ endsAt: 'The end must be in the future' });
    const tooLong = await create(dealTerms(a1, { endsAt: new Date(now + 40 * 86_400_000).toISOString() }), 'zh-CN');
    expect(fields(tooLong.body)).toEqual({ endsAt: '限时秒杀最长 30 天' });
    expect((await create(dealTerms(b1))).status).toBe(404);
    expect(await dealCount(ctx.db, shopA.shopId)).toBe(before);
  });

  it('guards the margin: a price below cost needs acceptLoss, and "never below cost" refuses it', async () => {
    const start = new Date(Date.now() + 30 * 86_400_000);
    const window = { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3600_000).toISOString() };
    const preview = await sellerCall(ctx, shopA, 'POST', '/api/marketing/deals/preview', dealTerms(a1, { ...window, dealPriceCents: 9_00 }));
    expect(preview.body.data).toMatchObject({ belowCostCount: 1, products: [{ productId: a1, priceCents: 12_00, lowestPriceCents: 9_00, purchasePriceCents: 10_00, unitProfitCents: -1_00, belowCost: true }] });
    const warned = await create(dealTerms(a1, { ...window, dealPriceCents: 9_00 }));
    expect(warned.status).toBe(422);
    expect(warned.body.error).toBe('DEAL_BELOW_COST');
    expect(warned.body.data.belowCostCount).toBe(1);
    await sellerCall(ctx, shopA, 'POST', '/api/marketing/promotionSettings', { neverBelowCost: true });
    const refused = await create(dealTerms(a1, { ...window, dealPriceCents: 9_00, acceptLoss: true }), 'ja-JP');
    expect(refused.body.error).toBe('DEAL_BELOW_COST_REFUSED');
    expect(refused.body.msg).toBe('ショップの「原価割れ禁止」設定によりこのタイムセールは保存できません：価格が仕入れ値を下回ります');
    await sellerCall(ctx, shopA, 'POST', '/api/marketing/promotionSettings', { neverBelowCost: false });
    const accepted = await create(dealTerms(a1, { ...window, dealPriceCents: 9_00, acceptLoss: true }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.deal).toMatchObject({ productId: a1, dealPriceCents: 9_00, normalPriceCents: 12_00, status: 'upcoming', soldCount: 0 });
    // One deal of a product at a time.
    const overlap = await create(dealTerms(a1, { ...window, dealPriceCents: 11_00 }));
    expect(overlap.body.error).toBe('DEAL_OVERLAP');
    // Before its start everything may change; ended, nothing.
    const id = accepted.body.data.deal.id as number;
    const edited = await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/update`, dealTerms(a1, { ...window, dealPriceCents: 11_50, stockCap: 3 }));
    expect(edited.body.data.deal).toMatchObject({ dealPriceCents: 11_50, stockCap: 3 });
    expect((await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/end`)).body.data.status).toBe('ended');
    expect((await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/end`)).body.error).toBe('DEAL_ENDED');
    const list = await sellerCall(ctx, shopA, 'GET', '/api/marketing/deals?status=ended');
    expect(list.body.data.list.map((d: { id: number }) => d.id)).toContain(id);
  });

  it('lets a running deal only become more generous', async () => {
    const id = await runningDeal(ctx, shopA, a2, { dealPriceCents: 22_00, stockCap: 5 });
    const row = (await sellerCall(ctx, shopA, 'GET', `/api/marketing/deals/${id}`)).body.data;
    expect(row.status).toBe('running');
    const same = { productId: a2, startsAt: row.startsAt, endsAt: row.endsAt, stockCap: 5, dealPriceCents: 22_00 };
    const dearer = await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/update`, { ...same, dealPriceCents: 23_00 }, 'en-US');
    expect(dearer.body.error).toBe('DEAL_LESS_GENEROUS');
    expect(dearer.body.msg).toBe('A flash deal that has started can only become more generous for buyers: the deal price cannot change this way');
    expect((await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/update`, { ...same, stockCap: 4 })).body.error).toBe('DEAL_LESS_GENEROUS');
    const better = await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/update`, { ...same, dealPriceCents: 21_00, stockCap: 8 });
    expect(better.body.data.deal).toMatchObject({ dealPriceCents: 21_00, stockCap: 8, status: 'running' });
    await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${id}/end`);
  });
});

describe('flash deals at the checkout', () => {
  it('applies deal price → seller voucher → platform coupon with exact figures; the mall shows the deal; the statement names both', async () => {
    // a1 at 12.00 on a deal at 10.00 (cap 5); b1 of shop B at 24.00.
    const deal = await runningDeal(ctx, shopA, a1, { dealPriceCents: 10_00, stockCap: 5 });
    const shown = await call(ctx.app, 'GET', `/api/mall/products/${a1}/deals`);
    expect(shown.body.data).toEqual([expect.objectContaining({ id: deal, dealPriceCents: 10_00, normalPriceCents: 12_00, remaining: 5 })]);
    expect((await call(ctx.app, 'GET', `/api/mall/shops/${shopA.shopId}/deals`)).body.data.map((d: { id: number }) => d.id)).toEqual([deal]);

    const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 2_00, minSpendCents: 20_00 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    await buyerApi(ctx, buyer, 'POST', '/api/buyer/vouchers/claim', { voucherId: voucher });
    const claimId = await claim(ctx, buyer, (await addCoupon(ctx.db, { amountOffCents: 4_20, minSpendCents: 40_00 })).id);
    const items = await fillCart(ctx, buyer, [{ productId: a1, quantity: 2 }, { productId: b1 }]);
    const cart = (await buyerApi(ctx, buyer, 'GET', '/api/buyer/cart')).body.data;
    const cartA1 = cart.shops.flatMap((s: { items: { productId: number }[] }) => s.items).find((i: { productId: number }) => i.productId === a1);
    expect(cartA1).toMatchObject({ salePriceCents: 10_00, normalPriceCents: 12_00, dealId: deal, lineCents: 20_00 });
    expect(cart).toMatchObject({ totalCents: 44_00, dealSavingCents: 4_00 });

    const marketingBefore = await marketing(ctx.db);
    const { status, body } = await mallCheckout(ctx, buyer, { itemIds: items, claimId, voucherIds: [voucher] });
    expect(status).toBe(200);
    // 2 × 10.00 + 24.00 = 44.00 (4.00 saved by the deal); shop A's voucher 2.00 over 20.00 (its minimum
    // met at the deal price); the coupon 4.20 over the 42.00 left (its 40.00 minimum met): pays 37.80.
    expect(body.data).toMatchObject({ totalCents: 44_00, dealSavingCents: 4_00, sellerDiscountCents: 2_00, discountCents: 4_20, paidCents: 37_80 });
    const byProduct = new Map(body.data.orders.map((o: { shopProductId: number }) => [o.shopProductId, o]));
    expect(byProduct.get(a1)).toMatchObject({ unitPriceCents: 10_00, normalUnitPriceCents: 12_00, flashDealId: deal, dealSavingCents: 4_00, amountCents: 18_00, sellerDiscountCents: 2_00, discountCents: 1_80, paidCents: 16_20 });
    expect(byProduct.get(b1)).toMatchObject({ unitPriceCents: 24_00, flashDealId: null, dealSavingCents: 0, amountCents: 24_00, discountCents: 2_40 });
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00 - 37_80);
    expect(await marketing(ctx.db)).toBe(marketingBefore - 4_20);
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(2);
    expect((await call(ctx.app, 'GET', `/api/mall/products/${a1}/deals`)).body.data[0].remaining).toBe(3);

    const orderId = (byProduct.get(a1) as { orderId: string }).orderId;
    expect((await orderRow(ctx.db, orderId))).toMatchObject({ flashDealId: deal, normalUnitPriceCents: 12_00, unitPriceCents: 10_00, amountCents: 18_00, profitCents: -2_00 });
    expect((await buyerApi(ctx, buyer, 'GET', `/api/buyer/orders/${orderId}`)).body.data).toMatchObject({ flashDealId: deal, dealSavingCents: 4_00 });
    const sellerView = await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shopA.token, query: { orderId } });
    expect(JSON.stringify(sellerView.body.data)).toContain('"normalUnitPriceCents":1200,"dealSavingCents":400');

    // The seller funds both: settled at the amount after the deal and the voucher, the line naming both.
    expect((await purchase(ctx.app, shopA, [orderId])).status).toBe(200);
    const before = await available(ctx.db, shopA.shopId);
    await deliver(ctx.app, orderId);
    expect(await available(ctx.db, shopA.shopId)).toBe(before + 18_00);
    const statement = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: shopA.token, query: { page: 1, pageSize: 5 } });
    const line = statement.body.data.list.find((l: { orderId: string | null; type: string }) => l.orderId === orderId && l.type === 'settlement');
    expect(line).toMatchObject({ remark: `flash deal #${deal}, shop voucher #${voucher}` });
    expect((await reconciled(ctx, opToken)).breaks).toEqual([]);

    // The reconcile check sees a sold count that does not match the orders.
    await ctx.db.execute(sql`update flash_deals set sold_count = sold_count + 1 where id = ${deal}::integer`);
    expect((await reconciled(ctx, opToken)).breaks).toContainEqual(expect.stringContaining(`flash deal ${deal}: sold count 3`));
    await ctx.db.execute(sql`update flash_deals set sold_count = sold_count - 1 where id = ${deal}::integer`);
    await sellerCall(ctx, shopA, 'POST', `/api/marketing/deals/${deal}/end`);
  });

  it('sells at the normal price once the cap or the window runs out, and gives units back on a cancel or refund while it runs', async () => {
    const deal = await runningDeal(ctx, shopB, b1, { dealPriceCents: 20_00, stockCap: 3 });
    const buyer = await registerBuyer(ctx, 1_000_00);
    const checkout = async (quantity: number) => (await mallCheckout(ctx, buyer, { itemIds: await fillCart(ctx, buyer, [{ productId: b1, quantity }]) })).body.data;
    const first = await checkout(2);
    expect(first.orders[0]).toMatchObject({ unitPriceCents: 20_00, flashDealId: deal });
    // 2 more do not fit in the 1 left: the whole line at the normal price.
    const over = await checkout(2);
    expect(over.orders[0]).toMatchObject({ unitPriceCents: 24_00, flashDealId: null, dealSavingCents: 0 });
    const last = await checkout(1);
    expect(last.orders[0]).toMatchObject({ unitPriceCents: 20_00, flashDealId: deal });
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(3);
    expect((await call(ctx.app, 'GET', `/api/mall/products/${b1}/deals`)).body.data).toEqual([]);
    expect((await checkout(1)).orders[0].unitPriceCents).toBe(24_00);

    // A cancel while it runs: the 2 units are back, and sold at the deal again.
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: first.orders[0].orderId })).status).toBe(200);
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(1);
    const again = await checkout(2);
    expect(again.orders[0]).toMatchObject({ unitPriceCents: 20_00, flashDealId: deal });
    // A refund approved while it runs: the unit is back.
    const refundOf = last.orders[0].orderId as string;
    expect((await buyerCall(ctx.app, buyer.token, 'refund', { orderId: refundOf, reason: 'dislike', note: 'changed my mind' })).status).toBe(200);
    const decided = await call(ctx.app, 'POST', '/api/order/refundDecision', { token: shopB.token, headers: { 'idempotency-key': `refund-${refundOf}` }, body: { orderId: refundOf, approve: true } });
    expect(decided.status).toBe(200);
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(2);
    expect((await orderRow(ctx.db, refundOf)).dealReturnedAt).not.toBeNull();

    // The window over (moved into the past): the normal price at once, and a cancel no longer returns units.
    await ctx.db.execute(sql`update flash_deals set ends_at = now() - interval '1 second' where id = ${deal}::integer`);
    expect((await checkout(1)).orders[0]).toMatchObject({ unitPriceCents: 24_00, flashDealId: null });
    expect((await buyerCall(ctx.app, buyer.token, 'cancel', { orderId: again.orders[0].orderId })).status).toBe(200);
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(2);
    expect((await reconciled(ctx, opToken)).breaks).toEqual([]);
  });
});
