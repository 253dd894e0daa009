import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD } from '@shopdesk/shared/dashboard/schemas';
import { DAY_MS, HOUR_MS, localDay, localDayStart, windowDays } from '@shopdesk/shared/time';
import { productViewDays, productViews } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { dashboardRankings, dashboardTraffic } from '../../src/modules/dashboard/dashboard-service.ts';
import { storeViewDays } from '../../src/modules/dashboard/view-days.ts';
import { batchDelete } from '../../src/modules/products/product-service.ts';
import { openProductPage } from '../../src/modules/storefront/product-view-service.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { addShopProducts, newShop, type ShopFixture } from '../orders/fixtures.ts';

// The days that are over come from their stored figures (migration 0039, view-days.ts): the traffic
// and most-viewed sections must still equal the direct aggregates over product_views, whatever was
// written to those days, in each seller's day.
let ctx: TestContext;
let shop: ShopFixture;
let products: number[];
const OFFSETS = [420, -300, 345, 0];

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await newShop(ctx);
  products = await addShopProducts(ctx, shop, [10_00, 20_00, 30_00, 40_00], 20);
  // 40 days of views, a few per day, several viewers, at every hour (so each offset cuts days apart).
  const rows: (typeof productViews.$inferInsert)[] = [];
  const start = Date.now() - 40 * DAY_MS;
  for (let i = 0; i < 40 * 24; i += 5) {
    rows.push({ shopId: shop.shopId, shopProductId: products[i % products.length], viewerKey: `a:v${i % 13}`, createdAt: new Date(start + i * HOUR_MS + (i % 7) * 60_000) });
  }
  await ctx.db.insert(productViews).values(rows);
});
afterAll(() => ctx.close());

/** The figures straight from product_views, as the sections answered before their days were stored. */
async function direct(window: number, tz: number, now: Date) {
  const { days, from, to } = windowDays(window, tz, now);
  const views = rowsOf<{ shop_product_id: number; viewer_key: string; created_at: string | Date }>(
    await ctx.db.execute(sql`select v.shop_product_id, v.viewer_key, v.created_at from product_views v join shop_products p on p.id = v.shop_product_id
      where v.shop_id = ${shop.shopId} and v.created_at >= ${from.toISOString()}::timestamptz and v.created_at < ${to.toISOString()}::timestamptz`),
  ).map((v) => ({ product: Number(v.shop_product_id), viewer: v.viewer_key, day: localDay(new Date(v.created_at), tz) }));
  const viewed = new Map<number, number>();
  for (const v of views) viewed.set(v.product, (viewed.get(v.product) ?? 0) + 1);
  return {
    days: days.map((date) => {
      const day = views.filter((v) => v.day === date);
      return { date, views: day.length, visitors: new Set(day.map((v) => v.viewer)).size };
    }),
    totalViews: views.length,
    totalVisitors: new Set(views.map((v) => v.viewer)).size,
    mostViewed: [...viewed.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, DASHBOARD.RANKING_SIZE)
      .map(([productId, value]) => ({ productId, value })),
  };
}

/** Each viewer's latest view per shop, as kept (product_viewers) and straight from the views. */
async function expectViewersKept() {
  const kept = await ctx.db.execute(sql`select shop_id, viewer_key, last_seen_at from product_viewers order by 1, 2`);
  const direct_ = await ctx.db.execute(sql`select shop_id, viewer_key, max(created_at) as last_seen_at from product_views group by 1, 2 order by 1, 2`);
  expect(rowsOf(kept)).toEqual(rowsOf(direct_));
}

async function expectDirect(now = new Date()) {
  await expectViewersKept();
  for (const window of DASHBOARD.WINDOWS) {
    for (const tz of OFFSETS) {
      const want = await direct(window, tz, now);
      const traffic = await dashboardTraffic(ctx.db, shop.shopId, window, tz, now);
      expect({ days: traffic.days, totalViews: traffic.totalViews, totalVisitors: traffic.totalVisitors }, `traffic ${window} ${tz}`).toEqual({
        days: want.days,
        totalViews: want.totalViews,
        totalVisitors: want.totalVisitors,
      });
      const rankings = await dashboardRankings(ctx.db, shop.shopId, window, tz, now);
      expect(rankings.mostViewed.map((r) => ({ productId: r.productId, value: r.value })), `most viewed ${window} ${tz}`).toEqual(want.mostViewed);
    }
  }
}

const storedDays = async (tz: number) =>
  rowsOf<{ day: string; views: number }>(
    await ctx.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, views from product_view_days where shop_id = ${shop.shopId} and tz_offset = ${tz} order by day`),
  );

describe('the stored days of product views', () => {
  it('stores the days that are over on the first view, per offset, and answers as the views do', async () => {
    await expectDirect();
    for (const tz of OFFSETS) {
      const { days } = windowDays(30, tz, new Date());
      // The 29 days that are over, never today.
      expect((await storedDays(tz)).map((d) => d.day)).toEqual(days.slice(0, -1));
    }
    // A second view reads them again, the same.
    await expectDirect();
  });

  it('counts a view arriving today live and keeps the stored days', async () => {
    const before = await storedDays(420);
    const counted = await openProductPage(ctx.db, products[3], 'a:new-viewer');
    expect(counted.counted).toBe(true);
    expect(await storedDays(420)).toEqual(before);
    await expectDirect();
  });

  it('stores the day that rolled over on the next view', async () => {
    const tomorrow = new Date(Date.now() + DAY_MS);
    await openProductPage(ctx.db, products[2], 'a:late-evening');
    await expectDirect(tomorrow);
    const today = localDay(new Date(), 420);
    expect((await storedDays(420)).map((d) => d.day)).toContain(today);
  });

  it('forgets a stored day a backdated view falls in, and only that one', async () => {
    const tz = 420;
    const { days } = windowDays(7, tz, new Date());
    const day = days[2];
    const before = await storedDays(tz);
    await ctx.db.insert(productViews).values({ shopId: shop.shopId, shopProductId: products[1], viewerKey: 'a:backdated', createdAt: new Date(localDayStart(day, tz).getTime() + HOUR_MS) });
    const after = await storedDays(tz);
    expect(after.map((d) => d.day)).toEqual(before.map((d) => d.day).filter((d) => d !== day));
    await expectDirect();
    expect((await storedDays(tz)).find((d) => d.day === day)?.views).toBe((before.find((d) => d.day === day)?.views ?? 0) + 1);
  });

  it("forgets the stored days a deleted product's views were in", async () => {
    await expectDirect();
    const gone = (await ctx.db.select().from(productViews).where(eq(productViews.shopProductId, products[0]))).map((v) => v.createdAt.getTime());
    expect(gone.length).toBeGreaterThan(0);
    await batchDelete(ctx.db, shop.shopId, [products[0]]);
    // No stored day left holds one of its views (the views went with the product: ON DELETE CASCADE).
    const left = await ctx.db.select().from(productViewDays).where(eq(productViewDays.shopId, shop.shopId));
    for (const d of left) expect(gone.some((t) => t >= d.startsAt.getTime() && t < d.startsAt.getTime() + DAY_MS), `${d.day} ${d.tzOffset}`).toBe(false);
    await expectDirect();
  });

  it('follows a view moved to another day or viewer (an update) and a view dated after the window', async () => {
    await expectDirect();
    const [view] = await ctx.db.select().from(productViews).where(eq(productViews.shopId, shop.shopId)).limit(1);
    await ctx.db.execute(sql`update product_views set created_at = now() - interval '3 days', viewer_key = 'a:moved' where id = ${view.id}`);
    await expectDirect();
    await ctx.db.execute(sql`update product_views set viewer_key = 'a:v1' where viewer_key = 'a:moved'`);
    await expectDirect();
    // A clock ahead: a view after today's end (the visitors count falls back to the views).
    await ctx.db.insert(productViews).values({ shopId: shop.shopId, shopProductId: products[1], viewerKey: 'a:v2', createdAt: new Date(Date.now() + 2 * DAY_MS) });
    await expectDirect();
    await ctx.db.execute(sql`delete from product_views where created_at > now() + interval '1 day'`);
    await expectDirect();
  });

  it("another shop's write leaves this shop's stored days", async () => {
    const other = await newShop(ctx);
    const [otherProduct] = await addShopProducts(ctx, other, [10_00], 20);
    await expectDirect();
    const before = await storedDays(420);
    await ctx.db.insert(productViews).values({ shopId: other.shopId, shopProductId: otherProduct, viewerKey: 'a:x', createdAt: new Date(Date.now() - 3 * DAY_MS) });
    expect(await storedDays(420)).toEqual(before);
  });
});

// A day stored while a backdated view is being written, on their own connections: the PostgreSQL
// server only (PGlite is one connection).
describe.skipIf(!process.env.DATABASE_URL)('storing beside writes on the PostgreSQL server', () => {
  it('a day stored while a view into it is uncommitted ends up counting it, whichever commits first', async () => {
    const tz = 60;
    const { days } = windowDays(7, tz, new Date());
    const at = (day: string) => new Date(localDayStart(day, tz).getTime() + 2 * HOUR_MS);

    // The writer's trigger first: the storing waits for its commit, then reads its view.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const writer = ctx.db.transaction(async (tx) => {
      await tx.insert(productViews).values({ shopId: shop.shopId, shopProductId: products[1], viewerKey: 'a:race-1', createdAt: at(days[1]) });
      inserted();
      await held;
    });
    await written;
    const reading = dashboardTraffic(ctx.db, shop.shopId, 7, tz);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await writer;
    const traffic = await reading;
    expect(traffic.days.find((d) => d.date === days[1])?.views).toBe((await direct(7, tz, new Date())).days[1].views);
    expect((await storedDays(tz)).map((d) => d.day)).toEqual(days.slice(0, -1));
    expect(traffic.days).toEqual((await direct(7, tz, new Date())).days);

    // The storing first (holding the lock until its commit), a backdated view written meanwhile: its
    // trigger waits for that commit, then deletes the day stored without it.
    let late!: Promise<string>;
    await ctx.db.transaction(async (tx) => {
      await storeViewDays(tx, shop.shopId, tz, days.slice(0, -1));
      expect((await storedDays(tz)).map((d) => d.day)).toContain(days[3]);
      late = ctx.db
        .insert(productViews)
        .values({ shopId: shop.shopId, shopProductId: products[1], viewerKey: 'a:race-2', createdAt: at(days[3]) })
        .then(() => 'written');
      expect(await Promise.race([late, new Promise((resolve) => setTimeout(() => resolve('waiting'), 200))])).toBe('waiting');
    });
    expect(await late).toBe('written');
    expect((await storedDays(tz)).map((d) => d.day)).not.toContain(days[3]);
    expect((await dashboardTraffic(ctx.db, shop.shopId, 7, tz)).days).toEqual((await direct(7, tz, new Date())).days);
    await expectDirect();
  });
});
