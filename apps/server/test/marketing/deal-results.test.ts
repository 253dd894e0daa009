/**
 * A flash deal's results (orders bought at the deal, buyers, sales, discount given, profit after it)
 * over the seller's last 7 and 30 days, as JSON and CSV, from orders placed through the mall's
 * checkout at the deal price: the discount of an order is (normal − deal unit price) × quantity, a
 * shop voucher on the same order lowers its sales but is not the deal's discount.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MINUTE_MS } from '@shopdesk/shared/time';
import { call, useTestApp } from '../helper.ts';
import { buyerCall, twoShopsWithProducts, type ShopFixture } from '../orders/fixtures.ts';
import { buyerApi, fillCart, mallCheckout, registerBuyer } from '../storefront/fixtures.ts';
import { runningDeal } from './deal-fixtures.ts';
import { runningVoucher, sellerCall } from './voucher-fixtures.ts';

const ctx = useTestApp({ seedDemo: true });
const TZ = -300; // UTC−5: the days are cut at the seller's midnight.
let shopA: ShopFixture;
let shopB: ShopFixture;
let deal: number;
let productName: string;

const localDay = (at: Date) => new Date(at.getTime() + TZ * MINUTE_MS).toISOString().slice(0, 10);
const results = (s: ShopFixture, id: number, query: Record<string, string | number>, lang?: string) => call(ctx.app, 'GET', `/api/marketing/deals/${id}/results`, { token: s.token, query, lang });
const csv = (s: ShopFixture, id: number, days: number, lang: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/marketing/deals/${id}/results.csv?days=${days}&tzOffset=${TZ}`, headers: { authtoken: s.token, 'accept-language': lang } });

beforeAll(async () => {
  let a2: number;
  let b1: number;
  // a2 24.00 (cost 20.00); shop B's b1 24.00.
  ({ shopA, shopB, a2, b1 } = await twoShopsWithProducts(ctx));
  deal = await runningDeal(ctx, shopA, a2, { dealPriceCents: 21_00, stockCap: 10 });
  productName = (await sellerCall(ctx, shopA, 'GET', `/api/marketing/deals/${deal}`)).body.data.productName;
  const voucher = await runningVoucher(ctx, shopA, { amountOffCents: 50 });

  // Buyer 1, today: 2 × a2 at the deal (42.00, 6.00 off, cost 40.00) beside shop B's b1.
  const buyer1 = await registerBuyer(ctx, 1_000_00);
  const first = await mallCheckout(ctx, buyer1, { itemIds: await fillCart(ctx, buyer1, [{ productId: a2, quantity: 2 }, { productId: b1 }]) });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect(first.body.data.orders.find((o: { shopProductId: number }) => o.shopProductId === a2)).toMatchObject({ unitPriceCents: 21_00, normalUnitPriceCents: 24_00, flashDealId: deal, amountCents: 42_00 });

  // Buyer 2: 1 × a2 at the deal with the shop's 0.50 voucher (sales 20.50, the deal's 3.00 off, cost
  // 20.00); moved 10 days back, so only in the 30 days.
  const buyer2 = await registerBuyer(ctx, 1_000_00);
  await buyerApi(ctx, buyer2, 'POST', '/api/buyer/vouchers/claim', { voucherId: voucher });
  const second = await mallCheckout(ctx, buyer2, { itemIds: await fillCart(ctx, buyer2, [{ productId: a2 }]), voucherIds: [voucher] });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  const atDeal = second.body.data.orders.find((o: { shopProductId: number }) => o.shopProductId === a2);
  expect(atDeal).toMatchObject({ unitPriceCents: 21_00, flashDealId: deal, amountCents: 20_50, sellerDiscountCents: 50 });
  await ctx.db.execute(sql`update orders set created_at = now() - interval '10 days' where order_no = ${atDeal.orderId as string}`);

  // Bought at the deal, then cancelled: not a sale.
  const third = await mallCheckout(ctx, buyer1, { itemIds: await fillCart(ctx, buyer1, [{ productId: a2, quantity: 3 }]) });
  expect(third.body.data.orders[0]).toMatchObject({ flashDealId: deal });
  expect((await buyerCall(ctx.app, buyer1.token, 'cancel', { orderId: third.body.data.orders[0].orderId })).status).toBe(200);
});

describe('flash deal results', () => {
  it('counts the orders bought at the deal, their discount (normal − deal price) × quantity and the profit after it', async () => {
    const week = await results(shopA, deal, { days: 7, tzOffset: TZ });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    expect(week.body.data.totals).toEqual({ orders: 1, buyers: 1, salesCents: 42_00, discountCents: 6_00, profitCents: 2_00 });
    expect(week.body.data.byDay).toHaveLength(7);
    const today = localDay(new Date());
    expect(week.body.data.to).toBe(today);
    expect(week.body.data.byDay.at(-1)).toEqual({ date: today, orders: 1, buyers: 1, salesCents: 42_00, discountCents: 6_00, profitCents: 2_00 });

    const month = await results(shopA, deal, { days: 30, tzOffset: TZ });
    // + buyer 2's order: sales after the voucher (20.50), the deal's discount only (3.00), profit 0.50.
    expect(month.body.data.totals).toEqual({ orders: 2, buyers: 2, salesCents: 62_50, discountCents: 9_00, profitCents: 2_50 });
    expect(month.body.data.byDay).toHaveLength(30);
  });

  it('writes the same figures as CSV in the reader\'s language, named by the deal\'s product', async () => {
    const res = await csv(shopA, deal, 7, 'en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="deal-${deal}-results-7d.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Promotion,Date,Orders,Buyers,Sales,Discount given,Profit');
    expect(lines[1]).toBe(`${productName},Last 7 days,1,1,42.00,6.00,2.00`);
    expect(lines).toHaveLength(1 + 1 + 7 + 1);
    expect(lines[8]).toBe(`${productName},${localDay(new Date())},1,1,42.00,6.00,2.00`);

    const vi = (await csv(shopA, deal, 30, 'vi-VN')).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(vi[0]).toBe('Khuyến mãi,Ngày,Đơn hàng,Người mua,Doanh số,Giảm giá đã trao,Lợi nhuận');
    expect(vi[1]).toBe(`${productName},30 ngày qua,2,2,62.50,9.00,2.50`);
  });

  it('answers another shop NOT_FOUND', async () => {
    const theirs = await results(shopB, deal, { days: 7 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('NOT_FOUND');
    expect((await csv(shopB, deal, 7, 'en-US')).statusCode).toBe(404);
    expect((await results(shopA, 999_999, { days: 7 })).status).toBe(404);
  });

  it('refuses a window other than 7 or 30 days with a message in the caller\'s language', async () => {
    const bad = await results(shopA, deal, { days: 14 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('VALIDATION_FAILED');
    expect(bad.body.details).toContainEqual({ path: 'days', message: 'Choose results for 7 or 30 days' });
    expect((await results(shopA, deal, { days: 'x' }, 'ja-JP')).body.msg).toBe('7 日間または 30 日間の成果を選んでください');
    const badCsv = await call(ctx.app, 'GET', `/api/marketing/deals/${deal}/results.csv`, { token: shopA.token, query: { days: 90 }, lang: 'zh-CN' });
    expect(badCsv.status).toBe(400);
    expect(badCsv.body.msg).toBe('请选择近 7 天或近 30 天的效果');
  });
});
