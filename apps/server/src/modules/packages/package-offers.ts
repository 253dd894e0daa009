import { asc, count, eq, sql } from 'drizzle-orm';
import type { OpsPackageOffer, PackageOfferBody } from '@shopdesk/shared/ops/offers';
import { PACKAGE_TYPES, PROMOTION_PACKAGES, type PackageDefinition, type PackageType } from '@shopdesk/shared/products/packages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { packageOffers, promotionPackages } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';

type OfferRow = typeof packageOffers.$inferSelect;
/** A tier as it is on sale now: the operator's terms, the code's guaranteed exposure. */
export type PackageOffer = PackageDefinition & { active: boolean };

const rank = (type: PackageType) => PACKAGE_TYPES.indexOf(type);

function toOffer(row: OfferRow): PackageOffer {
  return { type: row.type, priceCents: row.priceCents, validityDays: row.validityDays, maxRecommended: row.maxRecommended, guaranteedExposure: PROMOTION_PACKAGES[row.type].guaranteedExposure, active: row.active };
}

/** Every tier in tier order, retired ones too (the table is seeded with all three). */
export async function packageOfferList(db: DbOrTx): Promise<PackageOffer[]> {
  const rows = await db.select().from(packageOffers);
  return rows.map(toOffer).sort((a, b) => rank(a.type) - rank(b.type));
}

/** One tier's terms now; `lock` holds the row until the transaction ends (a purchase and an edit follow each other). */
export async function packageOfferOf(db: DbOrTx, type: PackageType, lock = false): Promise<PackageOffer> {
  const query = db.select().from(packageOffers).where(eq(packageOffers.type, type));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw new AppError('PACKAGE_NOT_OFFERED');
  return toOffer(row);
}

function opsView(row: OfferRow, sold: number): OpsPackageOffer {
  return { id: row.id, ...toOffer(row), sold, updateTime: row.updatedAt.toISOString() };
}

/** GET /api/ops/packageOffers: the tiers with their terms and how many were sold. */
export async function opsPackageOffers(db: DbOrTx): Promise<OpsPackageOffer[]> {
  const [rows, sold] = await Promise.all([
    db.select().from(packageOffers).orderBy(asc(packageOffers.id)),
    db.select({ type: promotionPackages.type, n: count() }).from(promotionPackages).groupBy(promotionPackages.type),
  ]);
  const soldOf = new Map(sold.map((s) => [s.type, Number(s.n)]));
  return rows.map((r) => opsView(r, soldOf.get(r.type) ?? 0)).sort((a, b) => rank(a.type) - rank(b.type));
}

const terms = (r: OfferRow): PackageOfferBody => ({ type: r.type, priceCents: r.priceCents, validityDays: r.validityDays, maxRecommended: r.maxRecommended, active: r.active });

/**
 * POST /api/ops/packageOffers: new terms for purchases from now on, audited with before and
 * after. Packages already bought keep the price, validity and product count they were bought at
 * (each purchase row holds its own). The row lock makes a purchase at the same moment use either
 * the old terms or the new ones, never a mix.
 */
export async function updatePackageOffer(db: Db, operatorUserId: number, body: PackageOfferBody): Promise<OpsPackageOffer> {
  const { type } = body;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(packageOffers).where(eq(packageOffers.type, type)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    const before = terms(row);
    const changed = (Object.keys(body) as (keyof PackageOfferBody)[]).filter((k) => before[k] !== body[k]);
    if (changed.length === 0) return;
    await tx.update(packageOffers).set({ ...body, updatedBy: operatorUserId, updatedAt: sql`now()` }).where(eq(packageOffers.id, row.id));
    const pick = (s: PackageOfferBody) => Object.fromEntries([['type', type], ...changed.map((k) => [k, s[k]])]);
    await recordOperatorAction(tx, operatorUserId, 'package.update', 'package_offer', row.id, pick(before), pick(body));
  });
  const list = await opsPackageOffers(db);
  return list.find((o) => o.type === type)!;
}
