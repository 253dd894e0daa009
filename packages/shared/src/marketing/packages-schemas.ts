import { z } from 'zod';
import { V } from '../auth/schemas.ts';
import { paged } from '../envelope.ts';
import { PACKAGE_TYPES, type PackageType } from '../products/packages.ts';
import { pageFields } from '../validation.ts';

/**
 * Requests and answers of the promotion packages: the offer with what buying
 * each one does now, the purchase, and the purchase history. Times are ISO 8601 strings.
 */
export const packageTypeSchema = z.enum(PACKAGE_TYPES);

/** A purchase row's status: running, past its expiry, or replaced by a later purchase (extended or upgraded). */
export const PACKAGE_STATUSES = ['active', 'expired', 'replaced'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const packagePlanSchema = z.object({
  mode: z.enum(['new', 'extend', 'upgrade', 'downgrade']),
  allowed: z.boolean(),
  /** The expiry after buying now (null when refused). */
  expiresAt: z.string().nullable(),
  /** Time carried over from the active package, in days with one decimal (rounded down). */
  creditedDays: z.number(),
});
export type PackagePlanView = z.infer<typeof packagePlanSchema>;

export const packageOffer = z.object({
  type: packageTypeSchema,
  priceCents: z.number().int(),
  validityDays: z.number().int(),
  maxRecommended: z.number().int(),
  guaranteedExposure: z.number().int(),
  /** What happens if the shop buys this package now. */
  plan: packagePlanSchema,
});
export type PackageOffer = z.infer<typeof packageOffer>;

export const activePackageView = z.object({
  id: z.number().int(),
  type: packageTypeSchema,
  purchasedAt: z.string(),
  expiresAt: z.string(),
  /** Whole days left, rounded up (1 on the last day). */
  daysLeft: z.number().int(),
  maxRecommended: z.number().int(),
  guaranteedExposure: z.number().int(),
  /** Times the shop's products were shown in the mall's lists under this package. */
  exposuresDelivered: z.number().int(),
});
export type ActivePackageView = z.infer<typeof activePackageView>;

export const packagesAnswer = z.object({
  packages: z.array(packageOffer),
  active: activePackageView.nullable(),
  availableCents: z.number().int(),
  reminderDays: z.number().int(),
});
export type PackagesAnswer = z.infer<typeof packagesAnswer>;

export const buyPackageBody = z.object({
  type: packageTypeSchema,
  /** base64 of the 6-digit fund password (SPEC §5). */
  fundPassword: z.string({ error: V.required }).min(1, V.required),
});
export type BuyPackageBody = z.input<typeof buyPackageBody>;

export const purchaseHistoryLine = z.object({
  /** 1-based position in the filtered list, newest first (SPEC §9 "index"). */
  index: z.number().int(),
  id: z.number().int(),
  type: packageTypeSchema,
  amountCents: z.number().int(),
  purchasedAt: z.string(),
  validityDays: z.number().int(),
  /** Days carried over from the package this purchase replaced (one decimal). */
  creditedDays: z.number(),
  expiresAt: z.string(),
  status: z.enum(PACKAGE_STATUSES),
});
export type PurchaseHistoryLine = z.infer<typeof purchaseHistoryLine>;
export const purchaseHistoryAnswer = paged(purchaseHistoryLine);
export type PurchaseHistoryAnswer = z.infer<typeof purchaseHistoryAnswer>;

export const buyPackageAnswer = z.object({
  purchase: purchaseHistoryLine,
  mode: z.enum(['new', 'extend', 'upgrade']),
  availableCents: z.number().int(),
});
export type BuyPackageAnswer = z.infer<typeof buyPackageAnswer>;

const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Filters of the purchase history (POST body of the list, query string of the CSV export). */
export const purchaseHistoryQuery = z.object({
  ...pageFields,
  type: packageTypeSchema.optional(),
  status: z.enum(PACKAGE_STATUSES).optional(),
  /** Purchase date range, seller's local days. */
  from: dateString.optional(),
  to: dateString.optional(),
  /** The seller's UTC offset in minutes, so the date filter cuts at the seller's midnight. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type PurchaseHistoryQuery = z.output<typeof purchaseHistoryQuery>;
/** What the web app sends (the time-zone offset is added by the fetcher). */
export interface PurchaseHistoryFilters {
  page?: number;
  pageSize?: number;
  type?: PackageType;
  status?: PackageStatus;
  from?: string;
  to?: string;
}

/** The operator's view of packages sold. */
export const opsPackageRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  type: packageTypeSchema,
  amountCents: z.number().int(),
  purchasedAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(PACKAGE_STATUSES),
});
export const opsPackagesQuery = z.object({
  shopId: z.coerce.number().int().positive().optional(),
  type: packageTypeSchema.optional(),
});
