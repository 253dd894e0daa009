import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { PACKAGE_REMINDER_DAYS } from '@shopdesk/shared/products/packages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { promotionPackages, shopProducts, shops } from '../../db/schema.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { notifyShop } from '../notifications/notification-service.ts';
import { activePackage } from './package-service.ts';

/** How often the reminder job runs (the notices are at most this late). */
export const PACKAGE_JOB_INTERVAL_MS = 10 * 60_000;
const BATCH = 200;

type Marked = { id: number; shopId: number; type: string; expiresAt: Date };

/**
 * The promotion package job (docs/decisions.md, "Package expiry"), run through
 * runJobOnce (one instance at a time, one transaction):
 * - a current package (not replaced) that expires within PACKAGE_REMINDER_DAYS gets the
 *   "expiring" notice once;
 * - a current package past its expiry gets the "expired" notice once, and the shop's recommended
 *   products beyond what is still allowed (the maximum of a package still active, else none) stop
 *   being recommended, the earliest added first; the notice says how many.
 * Each notice is sent once: the UPDATE … WHERE <marker> IS NULL … RETURNING sets the marker and
 * picks the rows in one statement, so a rerun (or a second run at the same time) finds nothing.
 */
export async function runPackageReminders(db: Db): Promise<{ expiring: number; expired: number; unrecommended: number }> {
  let expiring = 0;
  for (;;) {
    const rows = await mark(db, 'expiring');
    for (const r of rows) {
      await notifyShop(db, { shopId: r.shopId, title: NOTIFICATION_TITLE.PROMOTION, content: NOTIFICATION_CONTENT.PACKAGE_EXPIRING, payload: { packageId: r.id, type: r.type, expiresAt: r.expiresAt.toISOString() } });
    }
    expiring += rows.length;
    if (rows.length < BATCH) break;
  }
  let expired = 0;
  let unrecommended = 0;
  for (;;) {
    const rows = await mark(db, 'expired');
    for (const r of rows) {
      const stopped = await trimRecommendations(db, r.shopId);
      unrecommended += stopped;
      await notifyShop(db, {
        shopId: r.shopId,
        title: NOTIFICATION_TITLE.PROMOTION,
        content: NOTIFICATION_CONTENT.PACKAGE_EXPIRED,
        payload: { packageId: r.id, type: r.type, expiresAt: r.expiresAt.toISOString(), unrecommended: stopped },
      });
    }
    expired += rows.length;
    if (rows.length < BATCH) break;
  }
  return { expiring, expired, unrecommended };
}

async function mark(db: Db, which: 'expiring' | 'expired'): Promise<Marked[]> {
  const p = promotionPackages;
  const due =
    which === 'expiring'
      ? and(isNull(p.replacedAt), isNull(p.expiringNotifiedAt), gt(p.expiresAt, sql`now()`), lte(p.expiresAt, sql`now() + make_interval(days => ${PACKAGE_REMINDER_DAYS}::int)`))
      : and(isNull(p.replacedAt), isNull(p.expiredNotifiedAt), lte(p.expiresAt, sql`now()`));
  const picked = db.select({ id: p.id }).from(p).where(due).orderBy(p.expiresAt).limit(BATCH).for('update', { skipLocked: true });
  const set = which === 'expiring' ? { expiringNotifiedAt: sql`now()` } : { expiredNotifiedAt: sql`now()`, expiringNotifiedAt: sql`coalesce(${p.expiringNotifiedAt}, now())` };
  return db
    .update(p)
    .set(set)
    .where(and(sql`${p.id} in (${picked})`, due))
    .returning({ id: p.id, shopId: p.shopId, type: p.type, expiresAt: p.expiresAt });
}

/**
 * Stops recommending the shop's products beyond its current allowance (a still-active package's
 * maximum, else 0), the earliest added first. The shop row is locked like setRecommended does.
 */
export async function trimRecommendations(db: DbOrTx, shopId: number): Promise<number> {
  await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
  const allowed = (await activePackage(db, shopId))?.maxRecommended ?? 0;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${shopProducts} set is_recommended = false
      where id in (
        select id from ${shopProducts}
        where shop_id = ${shopId} and is_recommended
        order by id desc
        offset ${allowed})
      returning id`),
  );
  return rows.length;
}
