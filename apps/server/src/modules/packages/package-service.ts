import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { decodePassword } from '@shopdesk/shared/auth/schemas';
import { ORDERS } from '@shopdesk/shared/constants';
import { creditedDays, planPackagePurchase, type CurrentPackage } from '@shopdesk/shared/marketing/package-plan';
import type { ActivePackageView, BuyPackageAnswer, PackagesAnswer, PackageStatus, PurchaseHistoryLine, PurchaseHistoryQuery } from '@shopdesk/shared/marketing/packages-schemas';
import { centsToDecimal } from '@shopdesk/shared/money';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { PACKAGE_REMINDER_DAYS, PROMOTION_PACKAGES, type PackageType } from '@shopdesk/shared/products/packages';
import { DAY_MS, localDayEnd, localDayStart } from '@shopdesk/shared/time';
import type { Db, DbOrTx } from '../../db/client.ts';
import { promotionPackages, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvExport } from '../../lib/csv.ts';
import { verifyFundPassword } from '../auth/fund-password.ts';
import { balanceOf, shopAccount } from '../ledger/ledger-service.ts';
import { packageBought } from '../ledger/money-flows.ts';
import { readPage } from '../../lib/read-page.ts';
import { packageOfferList, packageOfferOf, type PackageOffer } from './package-offers.ts';

export type PackagePurchase = typeof promotionPackages.$inferSelect;

const current = isNull(promotionPackages.replacedAt);
const running = (at?: Date) => {
  const now = at ?? sql`now()`;
  return and(current, lte(promotionPackages.purchasedAt, now), gt(promotionPackages.expiresAt, now));
};

/**
 * The shop's active promotion package: bought, not replaced by a later purchase, not expired.
 * Purchases replace each other, so there is one; rows recorded directly (seed, tests) may overlap,
 * and then the most generous one counts. `at` defaults to the database's now().
 */
export async function activePackage(db: DbOrTx, shopId: number, at?: Date): Promise<PackagePurchase | null> {
  const [row] = await db
    .select()
    .from(promotionPackages)
    .where(and(eq(promotionPackages.shopId, shopId), running(at)))
    .orderBy(desc(promotionPackages.maxRecommended), desc(promotionPackages.expiresAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records a package purchase with its validity, without money, at the tier's terms on sale now:
 * the demo seed and test setup use it. A seller's purchase goes through `buyPackage` (the ledger
 * flow and the replace rules).
 */
export async function recordPackagePurchase(db: DbOrTx, shopId: number, type: PackageType, purchasedAt = new Date()) {
  const offer = await packageOfferOf(db, type);
  const expiresAt = new Date(purchasedAt.getTime() + offer.validityDays * DAY_MS);
  const [row] = await db.insert(promotionPackages).values(packageRow(shopId, offer, purchasedAt, expiresAt)).returning();
  return row;
}

/** A purchase row at the offer's price, validity and maximum: the purchase keeps them whatever the offer becomes. */
function packageRow(shopId: number, offer: PackageOffer, purchasedAt: Date, expiresAt: Date) {
  return { shopId, type: offer.type, amountCents: offer.priceCents, validityDays: offer.validityDays, maxRecommended: offer.maxRecommended, purchasedAt, expiresAt };
}

/** The shop's current packages that expire within `withinDays` days (the dashboard's reminder). */
export function expiringPackages(db: DbOrTx, shopId: number, withinDays = PACKAGE_REMINDER_DAYS): Promise<PackagePurchase[]> {
  return db
    .select()
    .from(promotionPackages)
    .where(and(eq(promotionPackages.shopId, shopId), running(), lte(promotionPackages.expiresAt, sql`now() + make_interval(days => ${withinDays}::int)`)))
    .orderBy(promotionPackages.expiresAt);
}

export function statusOf(row: Pick<PackagePurchase, 'replacedAt' | 'expiresAt'>, now = new Date()): PackageStatus {
  if (row.replacedAt) return 'replaced';
  return row.expiresAt.getTime() > now.getTime() ? 'active' : 'expired';
}

const asCurrent = (row: PackagePurchase | null): CurrentPackage | null =>
  row && { type: row.type, amountCents: row.amountCents, validityDays: row.validityDays, expiresAt: row.expiresAt };

function activeView(row: PackagePurchase, now: Date): ActivePackageView {
  return {
    id: row.id,
    type: row.type,
    purchasedAt: row.purchasedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    daysLeft: Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / DAY_MS)),
    maxRecommended: row.maxRecommended,
    guaranteedExposure: PROMOTION_PACKAGES[row.type].guaranteedExposure,
    exposuresDelivered: row.exposures,
  };
}

/** GET /api/marketing/packages: the tiers on sale (not retired), the active package, the balance, and what buying each one does now. */
export async function packageOffers(db: Db, shopId: number): Promise<PackagesAnswer> {
  const now = new Date();
  const [active, availableCents, offers] = await Promise.all([activePackage(db, shopId), balanceOf(db, shopAccount(shopId)), packageOfferList(db)]);
  return {
    packages: offers
      .filter((o) => o.active)
      .map((offer) => {
        const plan = planPackagePurchase(asCurrent(active), offer.type, now, offer);
        const { type, priceCents, validityDays, maxRecommended, guaranteedExposure } = offer;
        return { type, priceCents, validityDays, maxRecommended, guaranteedExposure, plan: { mode: plan.mode, allowed: plan.allowed, expiresAt: plan.expiresAt?.toISOString() ?? null, creditedDays: creditedDays(plan.creditedMs) } };
      }),
    active: active && activeView(active, now),
    availableCents,
    reminderDays: PACKAGE_REMINDER_DAYS,
  };
}

/**
 * The fund password of a package purchase, withIdempotency's check (like purchaseOrder): run
 * before the Idempotency-Key is claimed, so a wrong answer is not kept as the key's answer; wrong
 * answers count toward the lockout; a replay of an answered key skips it.
 */
export async function checkPackageFundPassword(db: Db, userId: number, fundPassword: string) {
  const plain = decodePassword(fundPassword);
  if (plain === null) throw new AppError('VALIDATION_FAILED');
  await verifyFundPassword(db, userId, plain);
}

function historyLine(row: PackagePurchase, index: number, now = new Date()): PurchaseHistoryLine {
  return {
    index,
    id: row.id,
    type: row.type,
    amountCents: row.amountCents,
    purchasedAt: row.purchasedAt.toISOString(),
    validityDays: row.validityDays,
    creditedDays: creditedDays(row.creditedMs),
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
  };
}

/**
 * Buys a package (POST /api/marketing/buyPackage) in one transaction: the shop row is locked (so
 * two purchases of one shop follow each other and the second sees the first), the rule of
 * planPackagePurchase decides at the tier's terms on sale now (a retired tier answers
 * PACKAGE_NOT_OFFERED), the new row keeps those terms and replaces the running one, and the price
 * moves available → package revenue. A refusal rolls everything back: a short balance answers the
 * spec's PACKAGE_PURCHASE_FAILED, a lower tier while a higher runs PACKAGE_DOWNGRADE_REFUSED.
 */
export async function buyPackage(db: Db, shopId: number, type: PackageType): Promise<BuyPackageAnswer> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
      // The clock is read after the lock: a purchase that waited sees the one before it (a
      // transaction's now() would be older than that purchase's time).
      const now = new Date();
      const offer = await packageOfferOf(tx, type, true);
      if (!offer.active) throw new AppError('PACKAGE_NOT_OFFERED');
      const active = await activePackage(tx, shopId, now);
      const plan = planPackagePurchase(asCurrent(active), type, now, offer);
      if (!plan.allowed || !plan.expiresAt || plan.mode === 'downgrade') {
        throw new AppError('PACKAGE_DOWNGRADE_REFUSED', { until: active ? active.expiresAt.toISOString().slice(0, 10) : '' });
      }
      const replaced = plan.mode === 'new' ? null : active;
      if (replaced) await tx.update(promotionPackages).set({ replacedAt: now }).where(eq(promotionPackages.id, replaced.id));
      const [row] = await tx
        .insert(promotionPackages)
        .values({ ...packageRow(shopId, offer, now, plan.expiresAt), replacesId: replaced?.id ?? null, creditedMs: plan.creditedMs })
        .returning();
      await packageBought(tx, { id: row.id, shopId, amountCents: row.amountCents });
      return { purchase: historyLine(row, 1, now), mode: plan.mode, availableCents: await balanceOf(tx, shopAccount(shopId)) };
    });
  } catch (error) {
    if (error instanceof AppError && error.key === 'INSUFFICIENT_BALANCE') throw new AppError('PACKAGE_PURCHASE_FAILED');
    throw error;
  }
}

function statusCondition(status: PackageStatus): SQL | undefined {
  if (status === 'replaced') return isNotNull(promotionPackages.replacedAt);
  if (status === 'active') return and(current, gt(promotionPackages.expiresAt, sql`now()`));
  return and(current, lte(promotionPackages.expiresAt, sql`now()`));
}

function historyWhere(shopId: number, q: PurchaseHistoryQuery) {
  return and(
    eq(promotionPackages.shopId, shopId),
    q.type ? eq(promotionPackages.type, q.type) : undefined,
    q.status ? statusCondition(q.status) : undefined,
    q.from ? gte(promotionPackages.purchasedAt, localDayStart(q.from, q.tzOffset)) : undefined,
    q.to ? lt(promotionPackages.purchasedAt, localDayEnd(q.to, q.tzOffset)) : undefined,
  );
}

/** POST /api/marketing/purchaseHistory: the shop's purchases, newest first, filtered and paged. */
export async function purchaseHistory(db: Db, shopId: number, q: PurchaseHistoryQuery) {
  const where = historyWhere(shopId, q);
  const now = new Date();
  return readPage(
    q,
    (limit, offset) => db.select().from(promotionPackages).where(where).orderBy(desc(promotionPackages.purchasedAt), desc(promotionPackages.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(promotionPackages).where(where),
    (row, position) => historyLine(row, position + 1, now),
  );
}

/** GET /api/marketing/purchaseHistory/export: the filtered purchases as CSV, in the reader's language and time zone. */
export async function purchaseHistoryCsv(db: Db, shopId: number, q: PurchaseHistoryQuery, lang: LanguageCode): Promise<string> {
  const { list } = await purchaseHistory(db, shopId, { ...q, page: 1, pageSize: ORDERS.EXPORT_MAX_ROWS });
  return csvExport({ lang, tzOffset: q.tzOffset }, list, ({ h, time, word }) => [
    [h.index, (l) => l.index],
    [h.packageType, (l) => word('packageType', l.type)],
    [h.paymentAmount, (l) => centsToDecimal(l.amountCents)],
    [h.packagePurchaseTime, (l) => time(l.purchasedAt)],
    [h.validityDays, (l) => l.validityDays],
    [h.creditedDays, (l) => l.creditedDays],
    [h.expiryTime, (l) => time(l.expiresAt)],
    [h.status, (l) => word('packageStatus', l.status)],
  ]);
}

/** The operator's list of packages sold (GET /api/ops/packages), newest first. */
export async function packagesSold(db: Db, filter: { shopId?: number; type?: PackageType }) {
  const rows = await db
    .select({ row: promotionPackages, shopName: shops.name })
    .from(promotionPackages)
    .innerJoin(shops, eq(shops.id, promotionPackages.shopId))
    .where(and(filter.shopId ? eq(promotionPackages.shopId, filter.shopId) : undefined, filter.type ? eq(promotionPackages.type, filter.type) : undefined))
    .orderBy(desc(promotionPackages.id))
    .limit(500);
  const now = new Date();
  return rows.map(({ row, shopName }) => ({
    id: row.id,
    shopId: row.shopId,
    shopName,
    type: row.type,
    amountCents: row.amountCents,
    purchasedAt: row.purchasedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
  }));
}
