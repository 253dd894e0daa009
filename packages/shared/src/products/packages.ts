/**
 * Shop promotion packages (SPEC §1, §3: silver, gold, diamond; "shop express"). The spec names the
 * types and says gold guarantees an exposure of 500; prices, validity and product counts are not
 * shown, so these are ours (docs/decisions.md, "Promotion packages"). Prices are illustrative.
 * The order of PACKAGE_TYPES is the tier order (an upgrade goes to a later type).
 * PROMOTION_PACKAGES are the first values of the table an operator edits (package_offers, migration
 * 0027: price, validity, product count, on sale); the guaranteed exposure stays the code's.
 */
export const PACKAGE_TYPES = ['silver', 'gold', 'diamond'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export interface PackageDefinition {
  type: PackageType;
  priceCents: number;
  validityDays: number;
  /** How many products the shop may recommend while the package is active. */
  maxRecommended: number;
  /** Guaranteed exposure (impressions) over the validity. */
  guaranteedExposure: number;
}

export const PROMOTION_PACKAGES: Record<PackageType, PackageDefinition> = {
  silver: { type: 'silver', priceCents: 199_00, validityDays: 15, maxRecommended: 5, guaranteedExposure: 200 },
  gold: { type: 'gold', priceCents: 499_00, validityDays: 30, maxRecommended: 20, guaranteedExposure: 500 },
  diamond: { type: 'diamond', priceCents: 999_00, validityDays: 30, maxRecommended: 50, guaranteedExposure: 1500 },
};

/** Days before expiry the shop is reminded (and a reminder again on expiry; docs/decisions.md, "Package expiry"). */
export const PACKAGE_REMINDER_DAYS = 3;
