import { VIP_TIERS } from '../constants.ts';
import { PROMOTION_PACKAGES, type PackageType } from '../products/packages.ts';

/**
 * The mall's exposure score (docs/decisions.md, "Exposure score"): how high a
 * product stands in the `recommended` sort. The search's SQL (apps/server/src/modules/storefront/
 * mall-queries.ts, exposureScoreSql) spells the same rule; a test checks they agree.
 *
 *   score = (ln(1 + totalSales)·3 + ratingX10/10 + ln(1 + views) + newness)
 *           · (1 + vipExposurePct/100) · packageWeight
 *         + (isRecommended and the shop has an active package ? 5 : 0)
 *         + (the active package has delivered fewer exposures than it guarantees ? 10 : 0)
 *
 * newness is 1 for a product created less than NEW_DAYS ago; packageWeight is 1 without a package.
 */
export const EXPOSURE = {
  SALES_WEIGHT: 3,
  NEW_DAYS: 14,
  NEW_BONUS: 1,
  RECOMMENDED_BONUS: 5,
  GUARANTEE_BONUS: 10,
  PACKAGE_WEIGHT: { silver: 1.2, gold: 1.5, diamond: 2 } as Record<PackageType, number>,
} as const;

export interface ExposureInput {
  totalSales: number;
  ratingX10: number;
  views: number;
  createdAt: Date;
  isRecommended: boolean;
  /** The shop's VIP exposure increase in percent (0 without VIP). */
  vipExposurePct: number;
  /** The shop's active promotion package, or null. */
  packageType: PackageType | null;
  /** Exposures the active package has delivered so far. */
  exposuresDelivered: number;
}

/** The VIP exposure increase of a shop's level (SPEC §9 tiers; 0 below level 1). */
export function vipExposurePct(vipLevel: number): number {
  return VIP_TIERS.find((t) => t.level === vipLevel)?.exposurePct ?? 0;
}

export function packageWeight(type: PackageType | null): number {
  return type ? EXPOSURE.PACKAGE_WEIGHT[type] : 1;
}

/** The package still owes exposures: it gets the guarantee bonus until it has delivered them. */
export function guaranteeOpen(type: PackageType | null, exposuresDelivered: number): boolean {
  return type !== null && exposuresDelivered < PROMOTION_PACKAGES[type].guaranteedExposure;
}

export function exposureScore(p: ExposureInput, now: Date = new Date()): number {
  const isNew = now.getTime() - p.createdAt.getTime() < EXPOSURE.NEW_DAYS * 24 * 3600_000;
  const base = Math.log(1 + Math.max(0, p.totalSales)) * EXPOSURE.SALES_WEIGHT + p.ratingX10 / 10 + Math.log(1 + Math.max(0, p.views)) + (isNew ? EXPOSURE.NEW_BONUS : 0);
  const boosted = base * (1 + p.vipExposurePct / 100) * packageWeight(p.packageType);
  const recommended = p.isRecommended && p.packageType !== null ? EXPOSURE.RECOMMENDED_BONUS : 0;
  const guarantee = guaranteeOpen(p.packageType, p.exposuresDelivered) ? EXPOSURE.GUARANTEE_BONUS : 0;
  return boosted + recommended + guarantee;
}
