import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { PROMOTION_PACKAGES, type PackageType } from '@shopdesk/shared/products/packages';
import { DAY_MS } from '@shopdesk/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { promotionPackages } from '../../db/schema.ts';

export type PackagePurchase = typeof promotionPackages.$inferSelect;

/**
 * The shop's active promotion package: bought, not expired. With several (an upgrade bought
 * while another runs) the most generous one counts.
 */
export async function activePackage(db: DbOrTx, shopId: number): Promise<PackagePurchase | null> {
  const [row] = await db
    .select()
    .from(promotionPackages)
    .where(and(eq(promotionPackages.shopId, shopId), lte(promotionPackages.purchasedAt, sql`now()`), gt(promotionPackages.expiresAt, sql`now()`)))
    .orderBy(desc(promotionPackages.maxRecommended), desc(promotionPackages.expiresAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records a package purchase with its validity. The money side (available → package revenue)
 * comes with the package purchase issue; the demo seed and tests record packages directly.
 */
export async function recordPackagePurchase(db: DbOrTx, shopId: number, type: PackageType, purchasedAt = new Date()) {
  const def = PROMOTION_PACKAGES[type];
  const [row] = await db
    .insert(promotionPackages)
    .values({
      shopId,
      type,
      amountCents: def.priceCents,
      validityDays: def.validityDays,
      maxRecommended: def.maxRecommended,
      purchasedAt,
      expiresAt: new Date(purchasedAt.getTime() + def.validityDays * DAY_MS),
    })
    .returning();
  return row;
}
