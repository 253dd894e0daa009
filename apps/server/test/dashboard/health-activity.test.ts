import { beforeAll, describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { call, createOperator, opsLoginToken, useTestApp } from '../helper.ts';
import { addShopProducts, buyerCall, creditOf, expireDeadline, fundShopDirect, newBuyer, newShop, placeOrder, purchase } from '../orders/fixtures.ts';

const ctx = useTestApp();
let opToken: string;
beforeAll(async () => {
  const op = await createOperator(ctx.db);
  opToken = await opsLoginToken(ctx.app, op.username, op.password);
});

const history = (token: string, query: Record<string, number> = {}) => call(ctx.app, 'GET', '/api/shopHealth/history', { token, query });
const activity = (token: string, body: Record<string, unknown> = {}) => call(ctx.app, 'POST', '/api/activityLog/list', { token, body });

describe('shop health', () => {
  it('records one credit event per late order, with its order and the score after, and the operator changes', async () => {
    const shop = await newShop(ctx, { creditScore: 62 });
    const other = await newShop(ctx);
    const [p] = await addShopProducts(ctx, shop, [10_00]);
    const buyer = await newBuyer(ctx);
    const late = [await placeOrder(ctx, buyer.token, shop.shopId, p), await placeOrder(ctx, buyer.token, shop.shopId, p)];
    for (const orderId of late) await expireDeadline(ctx.db, orderId);

    const before = (await call(ctx.app, 'GET', '/api/shopHealth/summary', { token: shop.token })).body.data;
    expect(before).toMatchObject({ score: 62, band: 'warning', overdueNow: 2, overtimePenalty: SHOP.OVERTIME_PURCHASE_PENALTY });

    expect((await call(ctx.app, 'POST', '/api/ops/jobs/overtime', { token: opToken })).status).toBe(200);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(52);
    const page = (await history(shop.token)).body.data;
    expect(page.total).toBe(2);
    expect(page.list.map((e: { delta: number; reason: string; scoreAfter: number }) => [e.delta, e.reason, e.scoreAfter])).toEqual([
      [-5, 'overtime_purchase', 52],
      [-5, 'overtime_purchase', 57],
    ]);
    expect(page.list.map((e: { ref: string }) => e.ref).sort()).toEqual([...late].sort());
    const after = (await call(ctx.app, 'GET', '/api/shopHealth/summary', { token: shop.token })).body.data;
    expect(after).toMatchObject({ score: 52, band: 'blocked', overdueNow: 0, lost30d: 10, gained30d: 0 });

    // An operator's correction is an event too, with its note.
    const set = await call(ctx.app, 'POST', `/api/ops/shops/${shop.shopId}/credit`, { token: opToken, body: { creditScore: 85, reason: 'Courier delay' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const top = (await history(shop.token, { pageSize: 1 })).body.data;
    expect(top).toMatchObject({ total: 3, pageSize: 1 });
    expect(top.list[0]).toMatchObject({ delta: 33, reason: 'operator_adjustment', note: 'Courier delay', scoreAfter: 85, ref: null });
    // The console's shop page shows the same history, the late purchases with their orders.
    const onConsole = (await call(ctx.app, 'GET', `/api/ops/shops/${shop.shopId}`, { token: opToken })).body.data;
    expect(onConsole.creditEvents.map((e: { delta: number; reason: string; scoreAfter: number }) => [e.delta, e.reason, e.scoreAfter])).toEqual([
      [33, 'operator_adjustment', 85],
      [-5, 'overtime_purchase', 52],
      [-5, 'overtime_purchase', 57],
    ]);
    expect(onConsole.creditEvents.slice(1).map((e: { ref: string }) => e.ref).sort()).toEqual([...late].sort());
    // And the shop's orders, each at the stage its seller sees (late and still to purchase: overdue).
    const shopOrders = (await call(ctx.app, 'GET', `/api/ops/shops/${shop.shopId}/orders`, { token: opToken, query: { pageSize: 1 } })).body.data;
    expect(shopOrders).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(shopOrders.list).toEqual([expect.objectContaining({ orderNo: late[1], stage: 'overdue', buyerName: buyer.nickname })]);
    expect((await call(ctx.app, 'GET', `/api/ops/shops/${other.shopId}/orders`, { token: opToken })).body.data.total).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/ops/shops/999999999/orders', { token: opToken })).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/ops/shops/${shop.shopId}/orders`, { token: other.token })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/shopHealth/summary', { token: shop.token })).body.data.band).toBe('good');

    // Another shop sees none of it.
    expect((await history(other.token)).body.data.total).toBe(0);
  });

  it('stops at 0: the event says what was really taken', async () => {
    const shop = await newShop(ctx, { creditScore: 7 });
    const [p] = await addShopProducts(ctx, shop, [10_00]);
    const buyer = await newBuyer(ctx);
    const late = [await placeOrder(ctx, buyer.token, shop.shopId, p), await placeOrder(ctx, buyer.token, shop.shopId, p)];
    for (const orderId of late) await expireDeadline(ctx.db, orderId);
    await call(ctx.app, 'POST', '/api/ops/jobs/overtime', { token: opToken });
    expect(await creditOf(ctx.db, shop.shopId)).toBe(0);
    const list = (await history(shop.token)).body.data.list;
    expect(list.map((e: { delta: number; scoreAfter: number }) => [e.delta, e.scoreAfter])).toEqual([
      [-2, 0],
      [-5, 2],
    ]);
  });
});

describe('the activity log', () => {
  it('records purchases and refund decisions with who did them; filters by action, user and day; another shop sees nothing', async () => {
    const shop = await newShop(ctx);
    const other = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const [p] = await addShopProducts(ctx, shop, [10_00]);
    const buyer = await newBuyer(ctx);
    const bought = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const refunded = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const rejected = await placeOrder(ctx, buyer.token, shop.shopId, p);
    expect((await purchase(ctx.app, shop, [bought])).status).toBe(200);
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId: refunded, reason: 'other', note: '' });
    await buyerCall(ctx.app, buyer.token, 'refund', { orderId: rejected, reason: 'other', note: '' });
    const decide = (orderId: string, approve: boolean) =>
      call(ctx.app, 'POST', '/api/order/refundDecision', { token: shop.token, body: { orderId, approve, rejectReason: approve ? undefined : 'Used item' } });
    expect((await decide(refunded, true)).status).toBe(200);
    expect((await decide(rejected, false)).status).toBe(200);

    const all = (await activity(shop.token)).body.data;
    expect(all.total).toBe(3);
    expect(all.list.map((e: { action: string; subject: string; detail: Record<string, unknown> }) => [e.action, e.subject, e.detail.decision ?? null])).toEqual([
      ['refund_decided', rejected, 'rejected'],
      ['refund_decided', refunded, 'approved'],
      ['purchase', bought, null],
    ]);
    expect(all.list[2]).toMatchObject({ userId: shop.userId, detail: { amountCents: 10_00 } });
    expect(all.list[2].username).toBeTruthy();

    expect((await activity(shop.token, { action: 'purchase' })).body.data.total).toBe(1);
    expect((await activity(shop.token, { userId: shop.userId })).body.data.total).toBe(3);
    expect((await activity(shop.token, { userId: other.userId })).body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await activity(shop.token, { from: today, to: today })).body.data.total).toBe(3);
    expect((await activity(shop.token, { from: '2000-01-01', to: '2000-01-02' })).body.data.total).toBe(0);
    const paged = (await activity(shop.token, { page: 2, pageSize: 2 })).body.data;
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.list).toHaveLength(1);
    expect((await activity(shop.token, { action: 'nonsense' })).status).toBe(400);

    const recent = (await call(ctx.app, 'GET', '/api/dashboard/view', { token: shop.token })).body.data.sections.recentActivity;
    expect(recent.map((e: { action: string }) => e.action)).toEqual(['refund_decided', 'refund_decided', 'purchase']);
    expect((await activity(other.token)).body.data.total).toBe(0);
  });

  it('records deposits and withdrawals applied', async () => {
    const shop = await newShop(ctx);
    const { requestDeposit, requestWithdrawal } = await import('../helper.ts');
    const deposit = await requestDeposit(ctx.app, shop.token, '20');
    expect(deposit.status).toBe(200);
    await fundShopDirect(ctx.db, shop.shopId, 200_00);
    const withdrawal = await requestWithdrawal(ctx.app, shop.token, '60');
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const list = (await activity(shop.token)).body.data.list;
    expect(list.map((e: { action: string; detail: { amountCents: number } }) => [e.action, e.detail.amountCents])).toEqual([
      ['withdraw_applied', 60_00],
      ['deposit_applied', 20_00],
    ]);
  });
});
