import { z } from 'zod';
import { MONEY, OFFERS } from '../constants.ts';
import { COUPON_KINDS, couponTermsView } from '../mall/schemas.ts';
import { PACKAGE_TYPES } from '../products/packages.ts';
import { text } from './catalog.ts';

/**
 * What the console's catalog role sells on the platform's behalf: the promotion packages on sale
 * (one per tier: price, validity, product count, on sale or retired) and the mall's coupons
 * (`/api/ops/packageOffers`, `/api/ops/coupons`). Amounts are integer cents, times ISO 8601.
 */

/** Message keys of this file's fields (the server and the console translate them). */
export const OFV = {
  packagePrice: 'validation.packagePrice',
  packageDays: 'validation.packageDays',
  packageProducts: 'validation.packageProducts',
  couponTitle: 'validation.couponTitle',
  couponKind: 'validation.couponKind',
  couponAmount: 'validation.couponAmount',
  couponPercent: 'validation.couponPercent',
  couponCap: 'validation.couponCap',
  couponMinSpend: 'validation.couponMinSpend',
  couponDates: 'validation.couponDates',
  couponLimit: 'validation.couponLimit',
} as const;

const positiveCents = (message: string) => z.number({ error: message }).int(message).positive(message).max(MONEY.AMOUNT_MAX_CENTS, message);

/** POST /api/ops/packageOffers: a tier's terms for purchases from now on. */
export const packageOfferBody = z.object({
  type: z.enum(PACKAGE_TYPES),
  priceCents: positiveCents(OFV.packagePrice),
  validityDays: z.number({ error: OFV.packageDays }).int(OFV.packageDays).min(1, OFV.packageDays).max(OFFERS.PACKAGE_DAYS_MAX, OFV.packageDays),
  maxRecommended: z.number({ error: OFV.packageProducts }).int(OFV.packageProducts).min(1, OFV.packageProducts).max(OFFERS.PACKAGE_PRODUCTS_MAX, OFV.packageProducts),
  /** false retires the tier: sellers no longer see or buy it; packages bought run on. */
  active: z.boolean(),
});
export type PackageOfferBody = z.infer<typeof packageOfferBody>;

export const opsPackageOffer = z.object({
  id: z.number().int(),
  type: z.enum(PACKAGE_TYPES),
  priceCents: z.number().int(),
  validityDays: z.number().int(),
  maxRecommended: z.number().int(),
  guaranteedExposure: z.number().int(),
  active: z.boolean(),
  /** Purchases of this tier so far (each keeps the terms it was bought at). */
  sold: z.number().int(),
  updateTime: z.string(),
});
export type OpsPackageOffer = z.infer<typeof opsPackageOffer>;

const time = z.iso.datetime({ offset: true, error: OFV.couponDates });

/**
 * POST /api/ops/coupons (new) and /api/ops/coupons/:id (changed): the whole coupon. An amount
 * coupon has amountOffCents and no percentage; a percent coupon a percentage from 1 to 99 and
 * maybe a cap; it ends after it starts.
 */
export const couponBody = z
  .object({
    title: text(OFFERS.COUPON_TITLE_MAX, OFV.couponTitle, 1),
    kind: z.enum(COUPON_KINDS, { error: OFV.couponKind }),
    amountOffCents: positiveCents(OFV.couponAmount).nullable().default(null),
    percentOff: z.number({ error: OFV.couponPercent }).int(OFV.couponPercent).min(1, OFV.couponPercent).max(99, OFV.couponPercent).nullable().default(null),
    maxDiscountCents: positiveCents(OFV.couponCap).nullable().default(null),
    minSpendCents: z.number({ error: OFV.couponMinSpend }).int(OFV.couponMinSpend).min(0, OFV.couponMinSpend).max(MONEY.AMOUNT_MAX_CENTS, OFV.couponMinSpend),
    startsAt: time,
    endsAt: time,
    perBuyerLimit: z.number({ error: OFV.couponLimit }).int(OFV.couponLimit).min(1, OFV.couponLimit).max(OFFERS.COUPON_PER_BUYER_MAX, OFV.couponLimit),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'amount' && (c.amountOffCents === null || c.percentOff !== null)) ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: OFV.couponAmount });
    if (c.kind === 'percent' && (c.percentOff === null || c.amountOffCents !== null)) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: OFV.couponPercent });
    if (new Date(c.endsAt).getTime() <= new Date(c.startsAt).getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: OFV.couponDates });
  });
export type CouponBody = z.input<typeof couponBody>;

/** A coupon's state for the operator: not started, running, ended, or retired (no longer claimed). */
export const COUPON_STATES = ['scheduled', 'running', 'ended', 'retired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const opsCoupon = z.object({
  ...couponTermsView,
  state: z.enum(COUPON_STATES),
  retiredAt: z.string().nullable(),
  /** Claims by buyers, and how many of them a checkout used. */
  claims: z.number().int(),
  used: z.number().int(),
});
export type OpsCoupon = z.infer<typeof opsCoupon>;
