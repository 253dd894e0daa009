import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DASHBOARD,
  ORDER_STAT_TABS,
  type DashboardOrderStats,
  type DashboardOverview,
  type DashboardProducts,
  type DashboardRankings,
  type DashboardToday,
  type DashboardTraffic,
  type DayFigures,
  type RankingRow,
} from '@shopdesk/shared/dashboard/schemas';
import { ORDER_CONDITIONS } from '@shopdesk/shared/orders/lifecycle';
import { localDayStart, windowDays } from '@shopdesk/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { orderConditionSql, tabSql } from '../orders/order-lifecycle.ts';
import { shopTotalsSql } from './shop-totals.ts';
import { dateArray, localDaySql, storeViewDays } from './view-days.ts';

/**
 * The dashboard's figures (SPEC §2 "Dashboard sections"), one function per section so that one
 * failing section does not blank the page (the view answers them together: dashboard-view.ts).
 * Every windowed figure is an SQL aggregate over the shop's own rows, through the covering (shop_id,
 * created_at) indexes of orders and product_views (index-only scans, migration 0034), except
 * traffic's past days and the window's visitors (view-days.ts, migration 0039); the all-time
 * figures (orders, sales, reviews, rating) come from the shop's totals (shop-totals.ts).
 *
 * A "valid" order counts toward orders, sales and profit: paid (or completed), not cancelled, no
 * approved refund. Profit is sale − purchase (orders.profit_cents). A visitor is a distinct
 * viewer (buyer, or anonymous visitor) among the counted product views.
 */
const validOrderSql = orderConditionSql(ORDER_CONDITIONS.sale, alias(orders, 'o'));


/** A date spelled as text, once per group (`localDaySql` groups by the date itself). */
const dayText = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
const num = (v: unknown) => Number(v ?? 0);
const iso = (d: Date) => d.toISOString();

export async function dashboardOverview(db: DbOrTx, shopId: number, userId: number): Promise<DashboardOverview> {
  // Orders, sales, reviews and rating ever come from the shop's pre-aggregated totals
  // (shop-totals.ts), not from every order and review the shop ever had.
  const result = await db.execute(sql`
    select u.id as user_id, u.username, u.name as user_name, u.email, u.created_at as user_created,
      s.id as shop_id, s.name, s.logo, s.vip_level, s.frozen, s.created_at as shop_created,
      (select count(*) from shop_products p where p.shop_id = s.id) as product_count,
      t.order_count, t.sales, t.review_count, t.rating_x10 as rating
    from shops s join users u on u.id = ${userId}
      cross join (${shopTotalsSql(shopId)}) t
    where s.id = ${shopId}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    account: { userId: num(row.user_id), username: String(row.username), name: String(row.user_name), email: String(row.email), memberSince: iso(new Date(String(row.user_created))) },
    store: {
      shopId: num(row.shop_id),
      name: String(row.name),
      logo: String(row.logo),
      vipLevel: num(row.vip_level),
      frozen: row.frozen === true || row.frozen === 't',
      openedAt: iso(new Date(String(row.shop_created))),
      productCount: num(row.product_count),
      orderCount: num(row.order_count),
      totalSalesCents: num(row.sales),
      reviewCount: num(row.review_count),
      ratingX10: row.rating === null || row.rating === undefined ? null : num(row.rating),
    },
  };
}

async function dayFigures(db: DbOrTx, shopId: number, from: Date, to: Date): Promise<DayFigures> {
  const range = sql`${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select
        o.orders, o.sales, o.profit,
        (select count(*) from product_views v where v.shop_id = ${shopId} and v.created_at >= ${range}) as views,
        (select count(*) from (select v.viewer_key from product_views v where v.shop_id = ${shopId} and v.created_at >= ${range} group by 1) d) as visitors
      from (select count(*) as orders, coalesce(sum(o.amount_cents), 0) as sales, coalesce(sum(o.profit_cents), 0) as profit
            from orders o where o.shop_id = ${shopId} and o.created_at >= ${range} and ${validOrderSql}) o`),
  );
  // One read of the day's orders for its three figures.
  return { orders: num(row.orders), salesCents: num(row.sales), profitCents: num(row.profit), views: num(row.views), visitors: num(row.visitors) };
}

/** Today's orders, sales, profit, views and visitors, and yesterday's, cut at the seller's midnight. */
export async function dashboardToday(db: DbOrTx, shopId: number, tzOffset: number, now = new Date()): Promise<DashboardToday> {
  const { days, from, to } = windowDays(2, tzOffset, now);
  const [yesterday, today] = await Promise.all([dayFigures(db, shopId, from, localDayStart(days[1], tzOffset)), dayFigures(db, shopId, localDayStart(days[1], tzOffset), to)]);
  return { date: days[1], today, yesterday };
}

/**
 * Reads figures from the stored days that are over (view-days.ts) plus today's views live: `read`
 * answers its figures and how many of `closed` it found stored. Days not stored yet are
 * stored first; if one is still missing (a backdated write deleted it in between), `live` answers
 * from the views alone.
 */
async function withViewDays<T>(
  db: DbOrTx,
  shopId: number,
  tzOffset: number,
  closed: string[],
  read: () => Promise<{ figures: T; stored: number }>,
  live: () => Promise<T>,
): Promise<T> {
  const first = await read();
  if (first.stored === closed.length) return first.figures;
  await storeViewDays(db, shopId, tzOffset, closed);
  const second = await read();
  return second.stored === closed.length ? second.figures : live();
}

/**
 * Counted product views and distinct visitors per day over the window: the days that are over from
 * their stored figures, today live (one statement, one snapshot); the window's distinct visitors
 * from each viewer's latest view (they do not add up from the days').
 */
export async function dashboardTraffic(db: DbOrTx, shopId: number, window: number, tzOffset: number, now = new Date()): Promise<DashboardTraffic> {
  const { days, from, to } = windowDays(window, tzOffset, now);
  const closed = days.slice(0, -1);
  const todayStart = localDayStart(days[days.length - 1], tzOffset);
  const between = (start: Date, end: Date) => sql`v.shop_id = ${shopId} and v.created_at >= ${iso(start)}::timestamptz and v.created_at < ${iso(end)}::timestamptz`;
  // Distinct viewers by hashing (group by the viewer, then count the groups): count(distinct …)
  // sorts every view, several times slower for a shop with 100,000s of views.
  const liveDays = (start: Date, end: Date) =>
    sql`select ${dayText(sql`d.day`)} as day, sum(n) as views, count(*) as visitors
        from (select ${localDaySql(sql`v.created_at`, tzOffset)} as day, v.viewer_key, count(*) as n from product_views v where ${between(start, end)} group by 1, 2) d
        group by d.day`;
  type DayRow = { day: string; views: unknown; visitors: unknown; stored: boolean | string };
  const read = async () => {
    const rows = rowsOf<DayRow>(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, views, visitors, true as stored from product_view_days
        where shop_id = ${shopId} and tz_offset = ${tzOffset} and day = any(${dateArray(closed)})
        union all
        select t.*, false from (${liveDays(todayStart, to)}) t`),
    );
    return { figures: rows, stored: rows.filter((r) => r.stored === true || r.stored === 't').length };
  };
  const live = async () => rowsOf<DayRow>(await db.execute(liveDays(from, to)));
  // The window's distinct visitors: the viewers whose latest view is in the window (product_viewers),
  // an index range instead of hashing every view; exact unless a view is dated after the window's
  // end (only with a clock ahead), then by hashing the window's views.
  const visitors = async () => {
    const [row] = rowsOf<{ visitors: unknown; later: unknown }>(
      await db.execute(sql`
        select (select count(*) from product_viewers where shop_id = ${shopId} and last_seen_at >= ${iso(from)}::timestamptz) as visitors,
          exists (select 1 from product_views v where v.shop_id = ${shopId} and v.created_at >= ${iso(to)}::timestamptz) as later`),
    );
    if (row.later !== true && row.later !== 't') return num(row.visitors);
    const [live] = rowsOf<{ visitors: unknown }>(await db.execute(sql`select count(*) as visitors from (select v.viewer_key from product_views v where ${between(from, to)} group by 1) d`));
    return num(live.visitors);
  };
  const [perDay, totalVisitors] = await Promise.all([withViewDays(db, shopId, tzOffset, closed, read, live), visitors()]);
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const trafficDays = days.map((date) => ({ date, views: num(byDay.get(date)?.views), visitors: num(byDay.get(date)?.visitors) }));
  // The days cut the window apart: its views are theirs added up.
  return { window, days: trafficDays, totalViews: trafficDays.reduce((sum, d) => sum + d.views, 0), totalVisitors };
}

/** The window's orders by list tab (every order placed), and valid orders and sales per day. */
export async function dashboardOrderStats(db: DbOrTx, shopId: number, window: number, tzOffset: number, now = new Date()): Promise<DashboardOrderStats> {
  const { days, from, to } = windowDays(window, tzOffset, now);
  const inWindow = sql`orders.shop_id = ${shopId} and orders.created_at >= ${iso(from)}::timestamptz and orders.created_at < ${iso(to)}::timestamptz`;
  const tabCounts = sql.join(
    ORDER_STAT_TABS.map((tab) => sql`count(*) filter (where ${tabSql(tab) ?? sql`true`}) as ${sql.identifier(tab)}`),
    sql`, `,
  );
  const [statusRows, dayRows] = await Promise.all([
    db.execute(sql`select count(*) as total, ${tabCounts} from orders where ${inWindow}`).then((r) => rowsOf<Record<string, unknown>>(r)),
    db
      .execute(
        sql`select ${dayText(sql`d.day`)} as day, count(*) as orders, coalesce(sum(d.amount_cents), 0) as sales
            from (select ${localDaySql(sql`o.created_at`, tzOffset)} as day, o.amount_cents
                  from orders o where o.shop_id = ${shopId} and o.created_at >= ${iso(from)}::timestamptz and o.created_at < ${iso(to)}::timestamptz and ${validOrderSql}) d
            group by d.day`,
      )
      .then((r) => rowsOf<{ day: string; orders: unknown; sales: unknown }>(r)),
  ]);
  const counts = statusRows[0];
  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  return {
    window,
    total: num(counts.total),
    byStatus: ORDER_STAT_TABS.map((status) => ({ status, count: num(counts[status]) })),
    days: days.map((date) => ({ date, orders: num(byDay.get(date)?.orders), salesCents: num(byDay.get(date)?.sales) })),
  };
}

/** The product module: on sale, off sale, recommended, out of stock. */
export async function dashboardProducts(db: DbOrTx, shopId: number): Promise<DashboardProducts> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) as total,
        count(*) filter (where status = 'on_sale') as on_sale,
        count(*) filter (where status = 'off_sale') as off_sale,
        count(*) filter (where is_recommended) as recommended,
        count(*) filter (where stock <= 0) as out_of_stock
      from shop_products where shop_id = ${shopId}`),
  );
  return { total: num(row.total), onSale: num(row.on_sale), offSale: num(row.off_sale), recommended: num(row.recommended), outOfStock: num(row.out_of_stock) };
}

type RankingSqlRow = { product_id: unknown; name: string; cover: string; value: unknown; sales: unknown };
const toRanking = (r: RankingSqlRow): RankingRow => ({ productId: num(r.product_id), name: r.name, cover: r.cover, value: num(r.value), salesCents: num(r.sales) });

/** Top 10 best-selling (units of valid orders) and top 10 most viewed (counted views) over the window. */
export async function dashboardRankings(db: DbOrTx, shopId: number, window: number, tzOffset: number, now = new Date()): Promise<DashboardRankings> {
  const { from, to } = windowDays(window, tzOffset, now);
  const [best, viewed] = await Promise.all([
    // Ranked by product id first, joined to the ten products after: an order's product is its shop
    // product or null (ON DELETE SET NULL), never a missing one, so the join drops only the nulls; a
    // view's product always exists (its views go with it, ON DELETE CASCADE).
    db.execute(sql`
      select p.id as product_id, p.name, p.cover, t.value, t.sales
      from (select o.shop_product_id, sum(o.quantity) as value, sum(o.amount_cents) as sales from orders o
            where o.shop_id = ${shopId} and o.created_at >= ${iso(from)}::timestamptz and o.created_at < ${iso(to)}::timestamptz and ${validOrderSql}
              and o.shop_product_id is not null
            group by o.shop_product_id order by value desc, sales desc, o.shop_product_id limit ${DASHBOARD.RANKING_SIZE}) t
      join shop_products p on p.id = t.shop_product_id
      order by t.value desc, t.sales desc, p.id`),
    // The window's views per product live: a stored day's views per product, added up over the
    // window, cost as much as grouping the window's views (the grouping is the cost, not the scan).
    db.execute(sql`
      select p.id as product_id, p.name, p.cover, v.value, 0 as sales
      from (select shop_product_id, count(*) as value from product_views
            where shop_id = ${shopId} and created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz
            group by shop_product_id order by value desc, shop_product_id limit ${DASHBOARD.RANKING_SIZE}) v
      join shop_products p on p.id = v.shop_product_id
      order by v.value desc, p.id`),
  ]);
  return { window, bestSelling: rowsOf<RankingSqlRow>(best).map(toRanking), mostViewed: rowsOf<RankingSqlRow>(viewed).map(toRanking) };
}
