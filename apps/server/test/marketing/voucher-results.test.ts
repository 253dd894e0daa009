/**
 * A voucher's results (orders, buyers, sales, discount given, profit after it) over the seller's last
 * 7 and 30 days, as JSON and CSV; the dashboard's "vouchers ending within 24 hours"; the mall listing
 * a used-up voucher as all claimed; the activity log of voucher changes. The orders are written by
 * hand so each figure is known exactly (the checkout that writes them is tested on its own).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NO_PERMISSIONS } from '@shopdesk/shared/users/permission-rules';
import { DAY_MS, MINUTE_MS } from '@shopdesk/shared/time';
import { orders, users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/passwords.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { call, uniqueName, useTestApp } from '../helper.ts';
import { addShopProducts, newBuyer, newShop, type ShopFixture } from '../orders/fixtures.ts';
import { runningVoucher, sellerCall, voucherTerms } from './voucher-fixtures.ts';

const ctx = useTestApp();
const TZ = 420; // UTC+7: the days are cut at the seller's midnight.
const NAME = 'Big "Sale", 5 off';
let shop: ShopFixture;
let other: ShopFixture;
let product: number;
let voucher: number;
let otherVoucher: number;
let buyer1: number;
let buyer2: number;

const localDay = (at: Date) => new Date(at.getTime() + TZ * MINUTE_MS).toISOString().slice(0, 10);
let seq = 0;

/** One order row as the checkout would have written it: amount after the voucher's share, profit = amount − purchase. */
async function order(o: { buyerId: number; at: Date; unitCents: number; quantity?: number; voucherId: number | null; shareCents: number; purchaseCents: number; payment?: string; refund?: string | null }) {
  const quantity = o.quantity ?? 1;
  const amount = o.unitCents * quantity - o.shareCents;
  await ctx.db.insert(orders).values({
    orderNo: `VR${process.pid}${Date.now()}${seq++}`,
    shopId: shop.shopId,
    buyerId: o.buyerId,
    shopProductId: product,
    productName: 'Lamp',
    productImage: '',
    quantity,
    unitPriceCents: o.unitCents,
    amountCents: amount,
    purchaseAmountCents: o.purchaseCents,
    profitCents: amount - o.purchaseCents,
    paymentMethod: 'balance',
    receiverName: 'An',
    receiverPhone: '+84 901234567',
    receiverAddress: 'Le Loi 12',
    paymentStatus: o.payment ?? 'paid',
    purchaseStatus: 'purchased',
    shippingStatus: 'signed',
    refundStatus: o.refund ?? null,
    createdAt: o.at,
    purchaseDeadline: new Date(o.at.getTime() + DAY_MS),
    sellerDiscountCents: o.shareCents,
    voucherId: o.voucherId,
  });
}

const results = (s: ShopFixture, id: number, query: Record<string, string | number>, lang?: string) => call(ctx.app, 'GET', `/api/marketing/vouchers/${id}/results`, { token: s.token, query, lang });

beforeAll(async () => {
  shop = await newShop(ctx);
  other = await newShop(ctx);
  [product] = await addShopProducts(ctx, shop, [10_00], 20);
  voucher = await runningVoucher(ctx, shop, { name: NAME, amountOffCents: 5_00 });
  otherVoucher = await runningVoucher(ctx, shop, { name: 'Another' });
  buyer1 = (await newBuyer(ctx, 0)).buyerId;
  buyer2 = (await newBuyer(ctx, 0)).buyerId;
  const ago = (ms: number) => new Date(Date.now() - ms);
  // Counted in 7 and 30 days: buyer 1's two orders today (11.00 after 1.00 off, cost 10.00; 43.00 after 5.00 off, cost 40.00).
  await order({ buyerId: buyer1, at: ago(60_000), unitCents: 12_00, voucherId: voucher, shareCents: 1_00, purchaseCents: 10_00 });
  await order({ buyerId: buyer1, at: ago(120_000), unitCents: 24_00, quantity: 2, voucherId: voucher, shareCents: 5_00, purchaseCents: 40_00, payment: 'completed' });
  // Refunded 3 days ago: not a sale, in no window.
  await order({ buyerId: buyer2, at: ago(3 * DAY_MS), unitCents: 24_00, voucherId: voucher, shareCents: 5_00, purchaseCents: 20_00, refund: 'approved' });
  // A refund asked but not decided still counts (the dashboard's rule).
  await order({ buyerId: buyer1, at: ago(4 * DAY_MS), unitCents: 12_00, voucherId: voucher, shareCents: 2_00, purchaseCents: 9_00, refund: 'refunding' });
  // 10 days ago: only in 30 days (buyer 2: 55.00 after 5.00 off, cost 50.00).
  await order({ buyerId: buyer2, at: ago(10 * DAY_MS), unitCents: 60_00, voucherId: voucher, shareCents: 5_00, purchaseCents: 50_00, payment: 'completed' });
  // Outside both windows, cancelled, another voucher's, no voucher: never counted.
  await order({ buyerId: buyer2, at: ago(40 * DAY_MS), unitCents: 60_00, voucherId: voucher, shareCents: 5_00, purchaseCents: 50_00, payment: 'completed' });
  await order({ buyerId: buyer2, at: ago(60_000), unitCents: 60_00, voucherId: voucher, shareCents: 5_00, purchaseCents: 50_00, payment: 'cancelled' });
  await order({ buyerId: buyer2, at: ago(60_000), unitCents: 60_00, voucherId: otherVoucher, shareCents: 5_00, purchaseCents: 50_00 });
  await order({ buyerId: buyer2, at: ago(60_000), unitCents: 60_00, voucherId: null, shareCents: 0, purchaseCents: 50_00 });
});

describe('voucher results', () => {
  it('counts the sales of the voucher over the last 7 and 30 days of the seller, per day and in total', async () => {
    const week = await results(shop, voucher, { days: 7, tzOffset: TZ });
    expect(week.status).toBe(200);
    // 11.00 + 43.00 + 10.00; discounts 1.00 + 5.00 + 2.00; profits 1.00 + 3.00 + 1.00.
    expect(week.body.data.totals).toEqual({ orders: 3, buyers: 1, salesCents: 64_00, discountCents: 8_00, profitCents: 5_00 });
    expect(week.body.data.byDay).toHaveLength(7);
    const today = localDay(new Date());
    expect(week.body.data.to).toBe(today);
    expect(week.body.data.from).toBe(localDay(new Date(Date.now() - 6 * DAY_MS)));
    const byDay = Object.fromEntries(week.body.data.byDay.map((d: { date: string }) => [d.date, d]));
    const fourDaysAgo = localDay(new Date(Date.now() - 4 * DAY_MS));
    expect(byDay[fourDaysAgo]).toEqual({ date: fourDaysAgo, orders: 1, buyers: 1, salesCents: 10_00, discountCents: 2_00, profitCents: 1_00 });
    const sum = (k: string) => week.body.data.byDay.reduce((n: number, d: Record<string, number>) => n + d[k], 0);
    expect([sum('orders'), sum('salesCents'), sum('discountCents'), sum('profitCents')]).toEqual([3, 64_00, 8_00, 5_00]);

    const month = await results(shop, voucher, { days: 30, tzOffset: TZ });
    expect(month.body.data.totals).toEqual({ orders: 4, buyers: 2, salesCents: 119_00, discountCents: 13_00, profitCents: 10_00 });
    expect(month.body.data.byDay).toHaveLength(30);
    // Distinct buyers over the window (2), not the sum of the days' buyers (buyer 1 on two days).
    expect(month.body.data.byDay.reduce((n: number, d: { buyers: number }) => n + d.buyers, 0)).toBe(3);
    // Without days: the last 7.
    expect((await results(shop, voucher, { tzOffset: TZ })).body.data.days).toBe(7);
  });

  it('writes the same figures as CSV in the reader\'s language, the total first, then one row per day', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/marketing/vouchers/${voucher}/results.csv?days=7&tzOffset=${TZ}`, headers: { authtoken: shop.token, 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="voucher-${voucher}-results-7d.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Promotion,Date,Orders,Buyers,Sales,Discount given,Profit');
    expect(lines[1]).toBe('"Big ""Sale"", 5 off",Last 7 days,3,1,64.00,8.00,5.00');
    expect(lines).toHaveLength(1 + 1 + 7 + 1);
    expect(lines[8]).toBe(`"Big ""Sale"", 5 off",${localDay(new Date())},2,1,54.00,6.00,4.00`);
    expect(lines[9]).toBe('');

    const vi = await ctx.app.inject({ method: 'GET', url: `/api/marketing/vouchers/${voucher}/results.csv?days=30&tzOffset=${TZ}`, headers: { authtoken: shop.token, 'accept-language': 'vi-VN' } });
    const viLines = vi.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(viLines[0]).toBe('Khuyến mãi,Ngày,Đơn hàng,Người mua,Doanh số,Giảm giá đã trao,Lợi nhuận');
    expect(viLines[1]).toBe('"Big ""Sale"", 5 off",30 ngày qua,4,2,119.00,13.00,10.00');
    expect(viLines).toHaveLength(1 + 1 + 30 + 1);
  });

  it('answers another shop NOT_FOUND, and staff by their marketing permission', async () => {
    const theirs = await results(other, voucher, { days: 7 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('NOT_FOUND');
    expect((await call(ctx.app, 'GET', `/api/marketing/vouchers/${voucher}/results.csv`, { token: other.token })).status).toBe(404);
    expect((await results(shop, 999_999, { days: 7 })).status).toBe(404);

    const staff = async (marketing: 'view' | 'none') => {
      const role = await call(ctx.app, 'POST', '/api/users/roles/create', { token: shop.token, body: { name: uniqueName('mk'), permissions: { ...NO_PERMISSIONS, marketing } } });
      expect(role.status, JSON.stringify(role.body)).toBe(200);
      const [u] = await ctx.db
        .insert(users)
        .values({ username: uniqueName('staff'), passwordHash: await hashSecret('desk-lamp-93'), role: 'seller', shopId: shop.shopId, roleId: role.body.data.roleId })
        .returning({ id: users.id });
      return { ...shop, token: (await createSession(ctx.db, u.id, 60_000, false)).token };
    };
    const marketer = await staff('view');
    expect((await results(marketer, voucher, { days: 30, tzOffset: TZ })).body.data.totals.orders).toBe(4);
    const packer = await staff('none');
    expect((await results(packer, voucher, { days: 7 })).status).toBe(403);
  });

  it('refuses a window other than 7 or 30 days with a message in the caller\'s language', async () => {
    for (const days of ['14', 'x', '0']) {
      const bad = await results(shop, voucher, { days });
      expect(bad.status, days).toBe(400);
      expect(bad.body.error).toBe('VALIDATION_FAILED');
      expect(bad.body.details).toContainEqual({ path: 'days', message: 'Choose results for 7 or 30 days' });
    }
    expect((await results(shop, voucher, { days: 14 }, 'th-TH')).body.msg).toBe('เลือกผลลัพธ์ 7 หรือ 30 วัน');
    const csv = await call(ctx.app, 'GET', `/api/marketing/vouchers/${voucher}/results.csv`, { token: shop.token, query: { days: 90 }, lang: 'zh-CN' });
    expect(csv.status).toBe(400);
    expect(csv.body.msg).toBe('请选择近 7 天或近 30 天的效果');
  });
});

describe('vouchers ending soon', () => {
  it('counts running vouchers ending within 24 hours on the dashboard and lists only them with ending=soon', async () => {
    const s = await newShop(ctx);
    const soon = await runningVoucher(ctx, s, { name: 'Last day' });
    await runningVoucher(ctx, s, { name: 'All week' });
    const ended = await runningVoucher(ctx, s, { name: 'Ended early' });
    await ctx.db.execute(sql`update vouchers set ends_at = now() + interval '23 hours' where id in (${soon}::integer, ${ended}::integer)`);
    await sellerCall(ctx, s, 'POST', `/api/marketing/vouchers/${ended}/end`);
    // Not started yet, ending within 24 hours: not running, not counted.
    const upcoming = await sellerCall(ctx, s, 'POST', '/api/marketing/vouchers/create', {
      ...voucherTerms({ name: 'Later' }),
      startsAt: new Date(Date.now() + 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 5 * 3600_000).toISOString(),
    });
    expect(upcoming.status).toBe(200);
    const todo = await call(ctx.app, 'GET', '/api/dashboard/view', { token: s.token });
    expect(todo.body.data.sections.todo.vouchersEnding).toBe(1);
    const list = await sellerCall(ctx, s, 'GET', '/api/marketing/vouchers?status=running&ending=soon');
    expect(list.body.data.list.map((v: { id: number }) => v.id)).toEqual([soon]);
    expect((await call(ctx.app, 'GET', '/api/dashboard/view', { token: other.token })).body.data.sections.todo.vouchersEnding).toBe(0);
  });
});

describe('the mall lists a used-up voucher as all claimed', () => {
  it('shows a running public voucher with nothing left (remaining 0), after those still to claim; a buyer who claimed it still sees it claimed', async () => {
    const s = await newShop(ctx);
    const gone = await runningVoucher(ctx, s, { name: 'Gone', totalQuantity: 2 });
    const open = await runningVoucher(ctx, s, { name: 'Open' });
    const claimer = await newBuyer(ctx, 0);
    expect((await call(ctx.app, 'POST', '/api/buyer/vouchers/claim', { body: { voucherId: gone }, headers: { buyertoken: claimer.token } })).status).toBe(200);
    await ctx.db.execute(sql`update vouchers set used_count = total_quantity where id = ${gone}::integer`);
    const listed = (await call(ctx.app, 'GET', `/api/mall/shops/${s.shopId}/vouchers`)).body.data;
    expect(listed.map((v: { id: number; remaining: number }) => [v.id, v.remaining])).toEqual([
      [open, 100],
      [gone, 0],
    ]);
    const [productId] = await addShopProducts(ctx, s, [10_00], 20);
    expect((await call(ctx.app, 'GET', `/api/mall/products/${productId}/vouchers`)).body.data.map((v: { id: number }) => v.id)).toEqual([open, gone]);
    const mine = (await call(ctx.app, 'GET', `/api/mall/shops/${s.shopId}/vouchers`, { headers: { buyertoken: claimer.token } })).body.data;
    expect(mine.find((v: { id: number }) => v.id === gone)).toMatchObject({ claimed: true, remaining: 0 });
    const late = await newBuyer(ctx, 0);
    const refused = await call(ctx.app, 'POST', '/api/buyer/vouchers/claim', { body: { voucherId: gone }, headers: { buyertoken: late.token } });
    expect(refused.body.error).toBe('VOUCHER_USED_UP');
    // Ended: no longer listed at all.
    await sellerCall(ctx, s, 'POST', `/api/marketing/vouchers/${gone}/end`);
    expect((await call(ctx.app, 'GET', `/api/mall/shops/${s.shopId}/vouchers`)).body.data.map((v: { id: number }) => v.id)).toEqual([open]);
  });
});

describe('the activity log of vouchers', () => {
  it('records who created, changed and ended a voucher, naming it', async () => {
    const s = await newShop(ctx);
    const id = await runningVoucher(ctx, s, { name: 'Logged' });
    const view = (await sellerCall(ctx, s, 'GET', `/api/marketing/vouchers/${id}`)).body.data;
    const { id: _id, status: _s, usedCount: _u, endedAt: _e, claimedCount: _c, createdAt: _ca, ...terms } = view;
    const updated = await sellerCall(ctx, s, 'POST', `/api/marketing/vouchers/${id}/update`, { ...terms, name: 'Logged twice', acceptLoss: true });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await sellerCall(ctx, s, 'POST', `/api/marketing/vouchers/${id}/end`);
    const log = (await call(ctx.app, 'POST', '/api/activityLog/list', { token: s.token, body: {} })).body.data.list;
    expect(log.map((e: { action: string; subject: string; userId: number; detail: { voucherId: number } }) => [e.action, e.subject, e.userId, e.detail.voucherId])).toEqual([
      ['voucher_ended', 'Logged twice', s.userId, id],
      ['voucher_updated', 'Logged twice', s.userId, id],
      ['voucher_created', 'Logged', s.userId, id],
    ]);
  });
});
