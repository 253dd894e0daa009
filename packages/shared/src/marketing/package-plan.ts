import { DAY_MS } from '../time.ts';
import { PACKAGE_TYPES, PROMOTION_PACKAGES, type PackageDefinition, type PackageType } from '../products/packages.ts';

/**
 * What buying a package does now, given the shop's current package (docs/decisions.md,
 * "Buying a package while one runs"). One rule, used by the server to buy and to preview:
 * - none active: the package starts now and runs its validity;
 * - the same tier active: it extends, the new validity starts at the current expiry;
 * - a higher tier than the active one: it starts now, and the active one's unused time is
 *   converted at its paid price per day into extra time of the new one (no money comes back);
 * - a lower tier than the active one: refused until the active one expires.
 * The full price is paid in every allowed case.
 */
export type PackagePlanMode = 'new' | 'extend' | 'upgrade' | 'downgrade';

export interface CurrentPackage {
  type: PackageType;
  amountCents: number;
  validityDays: number;
  expiresAt: Date;
}

export interface PackagePlan {
  type: PackageType;
  mode: PackagePlanMode;
  allowed: boolean;
  /** The new expiry (null when refused). */
  expiresAt: Date | null;
  /** Time carried over from the current package, in ms (whole seconds). */
  creditedMs: number;
}

export const packageRank = (type: PackageType) => PACKAGE_TYPES.indexOf(type);

/** Whole days with one decimal, rounded down, for showing a credited time. */
export const creditedDays = (ms: number) => Math.floor((ms / DAY_MS) * 10) / 10;

/** The terms of the package on sale now: the operator's (package_offers), PROMOTION_PACKAGES by default. */
export type PackageTerms = Pick<PackageDefinition, 'priceCents' | 'validityDays'>;

export function planPackagePurchase(current: CurrentPackage | null, type: PackageType, now: Date, next: PackageTerms = PROMOTION_PACKAGES[type]): PackagePlan {
  const validityMs = next.validityDays * DAY_MS;
  const remainingMs = current ? Math.max(0, current.expiresAt.getTime() - now.getTime()) : 0;
  if (!current || remainingMs === 0) return { type, mode: 'new', allowed: true, expiresAt: new Date(now.getTime() + validityMs), creditedMs: 0 };
  const rank = packageRank(type) - packageRank(current.type);
  if (rank < 0) return { type, mode: 'downgrade', allowed: false, expiresAt: null, creditedMs: 0 };
  if (rank === 0) return { type, mode: 'extend', allowed: true, expiresAt: new Date(current.expiresAt.getTime() + validityMs), creditedMs: Math.floor(remainingMs / 1000) * 1000 };
  // Unused value at the paid price per day, converted into time at the new package's price per day.
  const ratio = (current.amountCents * next.validityDays) / (current.validityDays * next.priceCents);
  const creditedMs = Math.floor((remainingMs * ratio) / 1000) * 1000;
  return { type, mode: 'upgrade', allowed: true, expiresAt: new Date(now.getTime() + validityMs + creditedMs), creditedMs };
}
