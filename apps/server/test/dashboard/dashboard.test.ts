import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEMO, SHOP } from '@shopdesk/shared/constants';
import { DASHBOARD, DASHBOARD_SECTIONS, ORDER_STAT_TABS, dashboardView, type DashboardSectionName, type DashboardView } from '@shopdesk/shared/dashboard/schemas';
import type { DefaultRoleKey } from '@shopdesk/shared/users/permission-rules';
import { DAY_MS, MINUTE_MS } from '@shopdesk/shared/time';
import { seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { orders, productViews, promotionPackages, shopProducts, shops, users } from '../../src/db/schema.ts';
import { recentActivity } from '../../src/modules/activity-log/activity-log-service.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { dashboardOrderStats, dashboardOverview, dashboardProducts, dashboardRankings, dashboardToday, dashboardTraffic } from '../../src/modules/dashboard/dashboard-service.ts';
import { marketingTodo } from '../../src/modules/dashboard/marketing-todo.ts';
import { foldShopTotals } from '../../src/modules/dashboard/shop-totals.ts';
import { dashboardTodo } from '../../src/modules/dashboard/todo-service.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { balanceOf, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import { expiringPackages } from '../../src/modules/packages/package-service.ts';
import { call, createTestApp, loginToken, uniqueName, type TestContext } from '../helper.ts';
import { addShopProducts, buyerCall, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

let ctx: TestContext;
let demoToken: string;
let demoShopId: number;
const TZ = 420; // UTC+7: days cut at the seller's midnight, not UTC's.

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoMarketplace(ctx.db);
  demoToken = await loginToken(ctx.app, DEMO.USERNAME, DEMO.PASSWORD);
  demoShopId = (await call(ctx.app, 'GET', '/api/sellAuth/me', { token: demoToken })).body.data.shop.shopId;
});
afterAll(() => ctx.close());

/** One section of the dashboard view (GET /api/dashboard/view, every section in one answer). */
const get = async (token: string, section: DashboardSectionName, query: Record<string, string | number> = {}) => {
  const { status, body } = await call(ctx.app, 'GET', '/api/dashboard/view', { token, query });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.data.sections[section], section).toBeTruthy();
  return body.data.sections[section];
};

// A reference computation in plain TypeScript over the raw rows, independent of the service's SQL.
const localDay = (at: Date, tz: number) => new Date(at.getTime() + tz * MINUTE_MS).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
type OrderRow = typeof orders.$inferSelect;
const isValid = (o: OrderRow) => ['paid', 'completed'].includes(o.paymentStatus) && o.refundStatus !== 'approved';

async function expected(shopId: number, window: number, tz: number) {
  const rows = await ctx.db.select().from(orders).where(eq(orders.shopId, shopId));
  const views = await ctx.db.select().from(productViews).where(eq(productViews.shopId, shopId));
  const today = localDay(new Date(), tz);
  const days = Array.from({ length: window }, (_, i) => addDays(today, i - window + 1));
  const inDays = (at: Date) => days.includes(localDay(at, tz));
  const figures = (day: string) => {
    const dayOrders = rows.filter((o) => isValid(o) && localDay(o.createdAt, tz) === day);
    const dayViews = views.filter((v) => localDay(v.createdAt, tz) === day);
    return {
      orders: dayOrders.length,
      salesCents: dayOrders.reduce((s, o) => s + o.amountCents, 0),
      profitCents: dayOrders.reduce((s, o) => s + (o.amountCents - o.purchaseAmountCents), 0),
      views: dayViews.length,
      visitors: new Set(dayViews.map((v) => v.viewerKey)).size,
    };
  };
  const windowOrders = rows.filter((o) => inDays(o.createdAt));
  const windowViews = views.filter((v) => inDays(v.createdAt));
  const sold = new Map<number, number>();
  for (const o of windowOrders.filter(isValid)) if (o.shopProductId) sold.set(o.shopProductId, (sold.get(o.shopProductId) ?? 0) + o.quantity);
  const viewed = new Map<number, number>();
  for (const v of windowViews) viewed.set(v.shopProductId, (viewed.get(v.shopProductId) ?? 0) + 1);
  return {
    today: figures(today),
    yesterday: figures(addDays(today, -1)),
    traffic: days.map((date) => ({ date, views: figures(date).views, visitors: figures(date).visitors })),
    totalVisitors: new Set(windowViews.map((v) => v.viewerKey)).size,
    orderDays: days.map((date) => ({ date, orders: figures(date).orders, salesCents: figures(date).salesCents })),
    orderTotal: windowOrders.length,
    cancelled: windowOrders.filter((o) => o.paymentStatus === 'cancelled').length,
    refunds: windowOrders.filter((o) => o.refundStatus !== null).length,
    signed: windowOrders.filter((o) => o.shippingStatus === 'signed').length,
    topSoldValues: [...sold.values()].sort((a, b) => b - a).slice(0, DASHBOARD.RANKING_SIZE),
    topViewedValues: [...viewed.values()].sort((a, b) => b - a).slice(0, DASHBOARD.RANKING_SIZE),
  };
}

async function checkAgainstSource(token: string, shopId: number) {
  for (const window of DASHBOARD.WINDOWS) {
    const want = await expected(shopId, window, TZ);
    const today = await get(token, 'today', { tzOffset: TZ });
    expect(today.today).toEqual(want.today);
    expect(today.yesterday).toEqual(want.yesterday);
    const traffic = await get(token, 'traffic', { window, tzOffset: TZ });
    expect(traffic.window).toBe(window);
    expect(traffic.days).toEqual(want.traffic);
    expect(traffic.totalViews).toBe(want.traffic.reduce((s, d) => s + d.views, 0));
    expect(traffic.totalVisitors).toBe(want.totalVisitors);
    const stats = await get(token, 'orderStats', { window, tzOffset: TZ });
    expect(stats.days).toEqual(want.orderDays);
    expect(stats.total).toBe(want.orderTotal);
    const byStatus = Object.fromEntries(stats.byStatus.map((s: { status: string; count: number }) => [s.status, s.count]));
    expect(Object.keys(byStatus)).toEqual([...ORDER_STAT_TABS]);
    expect(byStatus.cancelled).toBe(want.cancelled);
    expect(byStatus.refunds).toBe(want.refunds);
    expect(byStatus.signed).toBe(want.signed);
    const rankings = await get(token, 'rankings', { window, tzOffset: TZ });
    expect(rankings.bestSelling.map((r: { value: number }) => r.value)).toEqual(want.topSoldValues);
    expect(rankings.mostViewed.map((r: { value: number }) => r.value)).toEqual(want.topViewedValues);
  }
}

describe('the dashboard on the demo seed', () => {
  it('answers every section from the orders and views it comes from, for 7 and 30 days', async () => {
    const want7 = await expected(demoShopId, 7, TZ);
    expect(want7.traffic.some((d) => d.views > 0)).toBe(true);
    expect(want7.orderDays.some((d) => d.orders > 0)).toBe(true);
    await checkAgainstSource(demoToken, demoShopId);
    const week = await get(demoToken, 'traffic', { window: 7, tzOffset: TZ });
    const month = await get(demoToken, 'traffic', { window: 30, tzOffset: TZ });
    expect(week.days).toHaveLength(7);
    expect(month.days).toHaveLength(30);
    expect(month.totalViews).toBeGreaterThan(week.totalViews);
  });

  it('counts products, the wallet balance from the ledger, the store overview, and the credit score with its thresholds', async () => {
    const products = await get(demoToken, 'products');
    const rows = await ctx.db.select().from(shopProducts).where(eq(shopProducts.shopId, demoShopId));
    expect(products).toEqual({
      total: rows.length,
      onSale: rows.filter((p) => p.status === 'on_sale').length,
      offSale: rows.filter((p) => p.status === 'off_sale').length,
      recommended: rows.filter((p) => p.isRecommended).length,
      outOfStock: rows.filter((p) => p.stock <= 0).length,
    });
    const overview = await get(demoToken, 'overview');
    expect(overview.account.username).toBe(DEMO.USERNAME);
    expect(overview.store).toMatchObject({ shopId: demoShopId, productCount: rows.length });
    const shopOrders = await ctx.db.select().from(orders).where(eq(orders.shopId, demoShopId));
    expect(overview.store.orderCount).toBe(shopOrders.length);
    expect(overview.store.totalSalesCents).toBe(shopOrders.filter(isValid).reduce((sum, o) => sum + o.amountCents, 0));
    // The same once the seed's deltas are folded into the shop's totals.
    const todo = await get(demoToken, 'todo');
    expect((await foldShopTotals(ctx.db)).deltas).toBeGreaterThan(0);
    expect((await get(demoToken, 'overview')).store).toEqual(overview.store);
    expect(await get(demoToken, 'todo')).toEqual(todo);
    const [reviewed] = rowsOf<{ n: number; rating: number | null }>(
      await ctx.db.execute(sql`select count(*)::int as n, round(avg(rating) * 10)::int as rating from reviews where shop_id = ${demoShopId}`),
    );
    expect(overview.store).toMatchObject({ reviewCount: reviewed.n, ratingX10: reviewed.rating });
    const wallet = (await call(ctx.app, 'GET', '/api/wallet/summary', { token: demoToken })).body.data;
    expect(wallet.availableCents).toBe(await balanceOf(ctx.db, shopAccount(demoShopId)));
    const health = (await call(ctx.app, 'GET', '/api/shopHealth/summary', { token: demoToken })).body.data;
    expect(health).toMatchObject({ score: 92, band: 'good', warningAt: SHOP.CREDIT_WARNING_AT, withdrawMin: SHOP.CREDIT_WITHDRAW_MIN });
    // The seeded history ends at the seeded score.
    const history = (await call(ctx.app, 'GET', '/api/shopHealth/history', { token: demoToken })).body.data;
    expect(history.list[0].scoreAfter).toBe(92);
    expect(history.list.some((e: { reason: string; ref: string | null }) => e.reason === 'overtime_purchase' && e.ref)).toBe(true);
  });

  it('shows the to-do strip from the waiting orders, refunds and reviews', async () => {
    const todo = await get(demoToken, 'todo');
    const [row] = rowsOf<{ refunds: number; reviews: number }>(
      await ctx.db.execute(sql`select
        (select count(*) from orders where shop_id = ${demoShopId} and refund_status = 'refunding')::int as refunds,
        (select count(*) from reviews where shop_id = ${demoShopId} and reply is null)::int as reviews`),
    );
    expect(todo.refundsWaiting).toBe(row.refunds);
    expect(todo.reviewsUnanswered).toBe(row.reviews);
    const toPurchase = await call(ctx.app, 'POST', '/api/order/getOrderList', { token: demoToken, body: { tab: 'to_purchase', pageSize: 100 } });
    expect(todo.toPurchase.count).toBe(toPurchase.body.data.total);
    if (todo.toPurchase.count > 0) expect(todo.toPurchase.nearestOrderId).toBeTruthy();
    // The marketing counts come from the package and reward modules, and say what those say.
    expect(todo.packagesExpiring).toBe((await expiringPackages(ctx.db, demoShopId)).length);
    const activities = (await call(ctx.app, 'GET', '/api/marketing/activities', { token: demoToken })).body.data;
    expect(todo.claimableRewards).toBe(activities.claimableCount);
  });

  it('rejects a window other than 7 or 30', async () => {
    const { status } = await call(ctx.app, 'GET', '/api/dashboard/view', { token: demoToken, query: { window: 14 } });
    expect(status).toBe(400);
  });
});

describe('the dashboard in one answer', () => {
  const view = async (token: string, query: Record<string, string | number> = {}) => {
    const { status, body } = await call(ctx.app, 'GET', '/api/dashboard/view', { token, query });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as DashboardView;
  };
  /** A member of the demo shop with a default role, and a session (setup, not the behaviour under test). */
  const memberToken = async (key: DefaultRoleKey) => {
    const [row] = await ctx.db
      .insert(users)
      .values({ username: uniqueName(key), passwordHash: 'x', role: 'seller', shopId: demoShopId, roleId: await defaultRoleId(ctx.db, key) })
      .returning({ id: users.id });
    return (await createSession(ctx.db, row.id, 60_000, false)).token;
  };

  it("answers every section of the window exactly as each section's own query does on the seeded shop", async () => {
    const [demoUser] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO.USERNAME));
    for (const window of DASHBOARD.WINDOWS) {
      const now = new Date();
      const answer = await view(demoToken, { window, tzOffset: TZ });
      expect(dashboardView.parse(answer)).toEqual(answer);
      expect(Object.keys(answer.sections).sort()).toEqual([...DASHBOARD_SECTIONS].sort());
      // What each section's own endpoint answered: the same functions, JSON as the route writes it.
      const own = {
        todo: await dashboardTodo(ctx.db, demoShopId, marketingTodo, now),
        overview: await dashboardOverview(ctx.db, demoShopId, demoUser.id),
        today: await dashboardToday(ctx.db, demoShopId, TZ, now),
        traffic: await dashboardTraffic(ctx.db, demoShopId, window, TZ, now),
        orderStats: await dashboardOrderStats(ctx.db, demoShopId, window, TZ, now),
        products: await dashboardProducts(ctx.db, demoShopId),
        rankings: await dashboardRankings(ctx.db, demoShopId, window, TZ, now),
        recentActivity: await recentActivity(ctx.db, demoShopId, DASHBOARD.RECENT_ACTIVITY_SIZE),
      };
      expect(answer).toEqual(JSON.parse(JSON.stringify({ window, sections: own })));
      expect(answer.sections.traffic!.totalViews).toBeGreaterThan(0);
      expect(answer.sections.overview!.store.shopId).toBe(demoShopId);
    }
  });

  it('holds only the sections the role may see, and refuses a bad window or no session', async () => {
    const ops = await view(await memberToken('operations'));
    expect(Object.keys(ops.sections).sort()).toEqual(['products', 'todo']);
    const finance = await view(await memberToken('finance'));
    expect(Object.keys(finance.sections).sort()).toEqual(['orderStats', 'overview', 'rankings', 'today', 'traffic']);
    expect((await view(await memberToken('customer_service'))).sections).toEqual({});
    expect((await call(ctx.app, 'GET', '/api/dashboard/view', { token: demoToken, query: { window: 14 } })).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/dashboard/view', {})).status).toBe(401);
  });

  it("never holds another shop's figures", async () => {
    const other = await newShop(ctx);
    const answer = await view(other.token, { window: 30, tzOffset: TZ });
    const { sections } = answer;
    expect(sections.overview!.store.shopId).toBe(other.shopId);
    expect(sections.overview!.store).toMatchObject({ orderCount: 0, totalSalesCents: 0, productCount: 0, reviewCount: 0 });
    expect(sections.today!.today).toEqual({ orders: 0, salesCents: 0, profitCents: 0, views: 0, visitors: 0 });
    expect(sections.traffic!.totalViews).toBe(0);
    expect(sections.orderStats!.total).toBe(0);
    expect(sections.rankings).toMatchObject({ bestSelling: [], mostViewed: [] });
    expect(sections.products!.total).toBe(0);
    expect(sections.recentActivity).toEqual([]);
    expect(sections.todo).toMatchObject({ toPurchase: { count: 0 }, refundsWaiting: 0, reviewsUnanswered: 0 });
  });
});

describe('the dashboard after new orders and views', () => {
  let shop: ShopFixture;
  let other: ShopFixture;
  let products: number[];

  beforeAll(async () => {
    shop = await newShop(ctx);
    other = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 5_000_00);
    products = await addShopProducts(ctx, shop, [10_00, 20_00, 30_00], 20);
  });

  it('moves today, traffic, order statistics and rankings by exactly what was done', async () => {
    const before = await get(shop.token, 'today', { tzOffset: TZ });
    expect(before.today).toEqual({ orders: 0, salesCents: 0, profitCents: 0, views: 0, visitors: 0 });
    const a = await newBuyer(ctx);
    const b = await newBuyer(ctx);
    const open = (buyerToken: string | null, id: number, headers: Record<string, string> = {}) =>
      call(ctx.app, 'GET', `/api/buyer/products/${id}`, { headers: buyerToken ? { buyertoken: buyerToken, ...headers } : headers });
    expect((await open(a.token, products[1])).body.data.counted).toBe(true);
    expect((await open(b.token, products[1])).body.data.counted).toBe(true);
    expect((await open(null, products[1], { 'x-visitor-id': 'visitor-0001' })).body.data.counted).toBe(true);
    expect((await open(a.token, products[0])).body.data.counted).toBe(true);
    const o1 = await placeOrder(ctx, a.token, shop.shopId, products[1], 2);
    await placeOrder(ctx, b.token, shop.shopId, products[0], 1);
    const cancelled = await placeOrder(ctx, b.token, shop.shopId, products[2], 1);
    await buyerCall(ctx.app, b.token, 'cancel', { orderId: cancelled });
    expect((await purchase(ctx.app, shop, [o1])).status).toBe(200);

    const after = await get(shop.token, 'today', { tzOffset: TZ });
    // 2 × 24.00 + 1 × 12.00 (20% over the purchase price); the cancelled order is not a sale.
    expect(after.today).toEqual({ orders: 2, salesCents: 2 * 24_00 + 12_00, profitCents: 2 * 4_00 + 2_00, views: 4, visitors: 3 });
    await checkAgainstSource(shop.token, shop.shopId);
    for (const window of DASHBOARD.WINDOWS) {
      const rankings = await get(shop.token, 'rankings', { window, tzOffset: TZ });
      expect(rankings.bestSelling[0]).toMatchObject({ productId: products[1], value: 2, salesCents: 48_00 });
      expect(rankings.mostViewed[0]).toMatchObject({ productId: products[1], value: 3 });
      const stats = await get(shop.token, 'orderStats', { window, tzOffset: TZ });
      expect(stats.total).toBe(3);
      expect(stats.byStatus.find((s: { status: string }) => s.status === 'cancelled').count).toBe(1);
      expect(stats.byStatus.find((s: { status: string }) => s.status === 'to_purchase').count).toBe(1);
    }
    const todo = await get(shop.token, 'todo');
    expect(todo.toPurchase.count).toBe(1);
    expect(todo.toPurchase.nearestOrderId).not.toBe(o1);
    expect(todo).toMatchObject({ packagesExpiring: 0, claimableRewards: 0 });
  });

  it('counts a package about to expire and a reward ready to claim in the to-do strip', async () => {
    const now = Date.now();
    const running = { shopId: shop.shopId, amountCents: 100_00, validityDays: 30, maxRecommended: 10, purchasedAt: new Date(now - 28 * DAY_MS) };
    await ctx.db.insert(promotionPackages).values({ ...running, type: 'silver', expiresAt: new Date(now + 2 * DAY_MS) });
    // A shop whose cumulative top-up reached VIP 1 has that level's bonus waiting.
    await ctx.db.update(shops).set({ totalTopUpCents: 5_000_00 }).where(eq(shops.id, shop.shopId));
    const todo = await get(shop.token, 'todo');
    expect(todo.packagesExpiring).toBe(1);
    const activities = (await call(ctx.app, 'GET', '/api/marketing/activities', { token: shop.token })).body.data;
    expect(activities.claimableCount).toBeGreaterThan(0);
    expect(todo.claimableRewards).toBe(activities.claimableCount);
    // The other shop's strip stays empty.
    expect(await get(other.token, 'todo')).toMatchObject({ packagesExpiring: 0, claimableRewards: 0 });
  });

  it('never shows another shop anything', async () => {
    const today = await get(other.token, 'today', { tzOffset: TZ });
    expect(today.today).toEqual({ orders: 0, salesCents: 0, profitCents: 0, views: 0, visitors: 0 });
    for (const window of DASHBOARD.WINDOWS) {
      expect((await get(other.token, 'traffic', { window })).totalViews).toBe(0);
      expect((await get(other.token, 'orderStats', { window })).total).toBe(0);
      const rankings = await get(other.token, 'rankings', { window });
      expect(rankings.bestSelling).toEqual([]);
      expect(rankings.mostViewed).toEqual([]);
    }
    expect(await get(other.token, 'products')).toMatchObject({ total: 0 });
    expect(await get(other.token, 'recentActivity')).toEqual([]);
    expect((await get(other.token, 'todo')).toPurchase.count).toBe(0);
    const log = await call(ctx.app, 'POST', '/api/activityLog/list', { token: other.token, body: {} });
    expect(log.body.data.total).toBe(0);
  });
});

describe('product views', () => {
  it('counts a viewer once within the dedupe window, again after it, and each viewer apart', async () => {
    const shop = await newShop(ctx);
    const [product] = await addShopProducts(ctx, shop, [15_00]);
    const buyer = await newBuyer(ctx);
    const open = (headers: Record<string, string>) => call(ctx.app, 'GET', `/api/buyer/products/${product}`, { headers });
    const first = await open({ buyertoken: buyer.token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ productId: product, shopId: shop.shopId, counted: true, salePriceCents: 18_00 });
    expect((await open({ buyertoken: buyer.token })).body.data.counted).toBe(false);
    // Anonymous visitors: by their visitor id, else by IP (stored hashed).
    expect((await open({ 'x-visitor-id': 'abcdefgh1234' })).body.data.counted).toBe(true);
    expect((await open({ 'x-visitor-id': 'abcdefgh1234' })).body.data.counted).toBe(false);
    expect((await open({})).body.data.counted).toBe(true);
    expect((await open({})).body.data.counted).toBe(false);
    const keys = (await ctx.db.select().from(productViews).where(eq(productViews.shopProductId, product))).map((v) => v.viewerKey);
    expect(keys).toHaveLength(3);
    expect(keys.some((k) => k.includes('abcdefgh1234') || k.includes('127.0.0.1'))).toBe(false);
    // Past the window, the same buyer counts again.
    await ctx.db.execute(sql`update product_views set created_at = created_at - ${`${DASHBOARD.VIEW_DEDUPE_MS + 1000} milliseconds`}::interval where shop_product_id = ${product}`);
    const again = await open({ buyertoken: buyer.token });
    expect(again.body.data.counted).toBe(true);
    expect(again.body.data.views).toBe(4);
    // Parallel openings by one viewer count once.
    const viewer = { 'x-visitor-id': 'parallel-viewer-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => open(viewer)));
    expect(answers.filter((r) => r.body.data.counted)).toHaveLength(1);
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await call(ctx.app, 'GET', '/api/buyer/products/99999999')).status).toBe(404);
  });
});
