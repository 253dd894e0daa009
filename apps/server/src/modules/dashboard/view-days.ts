import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql-text.ts';

/**
 * The product views of the days that are over, stored per (shop, seller's UTC offset, local day) the
 * first time a dashboard view asks for them (migration 0039): the day's counted views and distinct
 * viewers (by (day, viewer), the traffic section's costliest grouping). Product views of a past day do not change except through a
 * write that touches that day (a backdated insert, a product's deletion cascading to its views), and
 * such a write deletes the stored day in its own transaction (the triggers of migration 0039), so a
 * stored day always equals the aggregates over the views. A view then scans only today's views live.
 * The window's distinct visitors are not stored: they do not add up from the days'.
 */

/** `created_at` as the seller's calendar day, in SQL: a date, which groups several times faster than its text. */
export const localDaySql = (column: SQL, tzOffset: number) => sql`((${column} at time zone 'UTC') + make_interval(mins => ${tzOffset}::int))::date`;

/** The advisory lock class (two-key form, with the shop) writers of product_views hold shared until commit (migration 0039). */
const VIEW_DAYS_LOCK_CLASS = 0x5d39;

/** Keep a shop's stored days this long (the longest window is 30 days). */
const KEEP_DAYS = 40;

/** The dates as an SQL date array. */
export const dateArray = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/**
 * Stores the figures of those of `days` (local days that are over) not stored yet. Under the shop's
 * lock taken exclusively: every view written before is committed and read here, and a write after it
 * waits for this transaction, then deletes the days it touches. Days already stored (by a view side
 * by side) are checked again under the lock and skipped.
 */
export async function storeViewDays(db: DbOrTx, shopId: number, tzOffset: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VIEW_DAYS_LOCK_CLASS}::int, ${shopId}::int)`);
    const stored = new Set(
      rowsOf<{ day: string }>(
        await tx.execute(sql`select to_char(day, 'YYYY-MM-DD') as day from product_view_days where shop_id = ${shopId} and tz_offset = ${tzOffset} and day = any(${dateArray(days)})`),
      ).map((r) => r.day),
    );
    const missing = days.filter((d) => !stored.has(d)).sort();
    if (missing.length === 0) return;
    const dayStart = (day: SQL) => sql`((${day})::timestamp - make_interval(mins => ${tzOffset}::int)) at time zone 'UTC'`;
    const first = missing[0];
    const last = missing[missing.length - 1];
    const inRange = sql`v.shop_id = ${shopId} and v.created_at >= ${dayStart(sql`${first}::date`)} and v.created_at < ${dayStart(sql`${last}::date + 1`)}`;
    const localDay = localDaySql(sql`v.created_at`, tzOffset);
    await tx.execute(sql`
      insert into product_view_days (shop_id, tz_offset, day, starts_at, views, visitors)
      select ${shopId}::int, ${tzOffset}::smallint, m.day, ${dayStart(sql`m.day`)}, coalesce(a.views, 0), coalesce(a.visitors, 0)
      from unnest(${dateArray(missing)}) as m(day)
        left join (select d.day, sum(d.n) as views, count(*) as visitors
                   from (select ${localDay} as day, v.viewer_key, count(*) as n from product_views v where ${inRange} group by 1, 2) d
                   group by d.day) a on a.day = m.day
      on conflict do nothing`);
    await tx.execute(sql`delete from product_view_days where shop_id = ${shopId} and starts_at < now() - make_interval(days => ${KEEP_DAYS})`);
  });
}
