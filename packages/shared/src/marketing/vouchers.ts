import { z } from 'zod';
import { MONEY } from '../constants.ts';
import { paged } from '../envelope.ts';
import { couponDiscount, type CouponTerms } from '../mall/coupons.ts';
import { pageFields } from '../validation.ts';

/**
 * Seller vouchers: a shop's own discount, for the whole shop or chosen products, a fixed amount or a
 * percentage with a cap, above a minimum spend, for a time window, a total quantity and a limit per
 * buyer; public (shown in the mall, claimed) or by code (typed at checkout, which claims it). The
 * seller pays for it: the order's amount, and so the shop's settlement, is after the voucher
 * (docs/decisions.md, "Seller vouchers"). Money in integer cents, percentages as whole percents.
 */
export const VOUCHERS = {
  NAME_MAX: 60,
  /** A voucher's code: letters and digits, stored upper-case, unique among the shop's vouchers. */
  CODE_PATTERN: /^[A-Z0-9]{4,20}$/,
  PERCENT_MIN: 1,
  PERCENT_MAX: 100,
  QUANTITY_MAX: 100_000,
  PRODUCTS_MAX: 100,
  /** The longest a voucher may run. */
  DURATION_MAX_DAYS: 180,
  AMOUNT_MAX_CENTS: MONEY.AMOUNT_MAX_CENTS,
  /** A running voucher ending within this is "ending soon" (the dashboard's to-do strip, the list's filter). */
  ENDING_SOON_MS: 24 * 3_600_000,
} as const;

export const VOUCHER_SCOPES = ['shop', 'products'] as const;
export const VOUCHER_KINDS = ['amount', 'percent'] as const;
export const VOUCHER_VISIBILITIES = ['public', 'code'] as const;
/** Where a voucher stands now: before its start, running, past its end, or ended early by the seller. */
export const VOUCHER_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** Validation message keys (server catalogs and web catalogs translate them). */
export const VOUCHER_VM = {
  name: 'voucher.name',
  amountOff: 'voucher.amountOff',
  percentOff: 'voucher.percentOff',
  capRequired: 'voucher.capRequired',
  capOnlyPercent: 'voucher.capOnlyPercent',
  minSpend: 'voucher.minSpend',
  time: 'voucher.time',
  endBeforeStart: 'voucher.endBeforeStart',
  endPast: 'voucher.endPast',
  tooLong: 'voucher.tooLong',
  quantity: 'voucher.quantity',
  perBuyer: 'voucher.perBuyer',
  perBuyerAboveQuantity: 'voucher.perBuyerAboveQuantity',
  code: 'voucher.code',
  codeRequired: 'voucher.codeRequired',
  products: 'voucher.products',
} as const;

const cents = (message: string, min: number) => z.number({ error: message }).int(message).min(min, message).max(VOUCHERS.AMOUNT_MAX_CENTS, message);
/** An ISO instant with its offset, read as a Date; `message` when it is not one (a promotion's start and end). */
export const instantField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/, message)
    .transform((text, ctx) => {
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return date;
    });
const instant = instantField(VOUCHER_VM.time);

const voucherFields = {
  name: z.string({ error: VOUCHER_VM.name }).trim().min(1, VOUCHER_VM.name).max(VOUCHERS.NAME_MAX, VOUCHER_VM.name),
  scope: z.enum(VOUCHER_SCOPES),
  /** The shop's products it applies to (scope 'products'). */
  productIds: z.array(z.number().int().positive(), { error: VOUCHER_VM.products }).max(VOUCHERS.PRODUCTS_MAX, VOUCHER_VM.products).default([]),
  kind: z.enum(VOUCHER_KINDS),
  amountOffCents: cents(VOUCHER_VM.amountOff, 1).nullable().default(null),
  percentOff: z.number({ error: VOUCHER_VM.percentOff }).int(VOUCHER_VM.percentOff).min(VOUCHERS.PERCENT_MIN, VOUCHER_VM.percentOff).max(VOUCHERS.PERCENT_MAX, VOUCHER_VM.percentOff).nullable().default(null),
  maxDiscountCents: cents(VOUCHER_VM.capRequired, 1).nullable().default(null),
  minSpendCents: cents(VOUCHER_VM.minSpend, 0).default(0),
  startsAt: instant,
  endsAt: instant,
  totalQuantity: z.number({ error: VOUCHER_VM.quantity }).int(VOUCHER_VM.quantity).min(1, VOUCHER_VM.quantity).max(VOUCHERS.QUANTITY_MAX, VOUCHER_VM.quantity),
  perBuyerLimit: z.number({ error: VOUCHER_VM.perBuyer }).int(VOUCHER_VM.perBuyer).min(1, VOUCHER_VM.perBuyer).max(VOUCHERS.QUANTITY_MAX, VOUCHER_VM.perBuyer),
  visibility: z.enum(VOUCHER_VISIBILITIES),
  code: z
    .string({ error: VOUCHER_VM.code })
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(VOUCHERS.CODE_PATTERN, VOUCHER_VM.code))
    .nullable()
    .default(null),
  /** The seller saw the products the voucher sells below their purchase cost and saves it anyway. */
  acceptLoss: z.boolean().default(false),
};

/** The voucher's terms as one object, checked together (each broken rule names its field). */
export const voucherBody = z.object(voucherFields).superRefine((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.kind === 'amount') {
    if (v.amountOffCents === null) issue('amountOffCents', VOUCHER_VM.amountOff);
    if (v.maxDiscountCents !== null) issue('maxDiscountCents', VOUCHER_VM.capOnlyPercent);
  } else {
    if (v.percentOff === null) issue('percentOff', VOUCHER_VM.percentOff);
    if (v.maxDiscountCents === null) issue('maxDiscountCents', VOUCHER_VM.capRequired);
  }
  // The object's own rules run even when a field failed: each reads only fields of the right type.
  if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) {
    // the time field already has its issue
  } else if (v.endsAt.getTime() <= v.startsAt.getTime()) issue('endsAt', VOUCHER_VM.endBeforeStart);
  else if (v.endsAt.getTime() - v.startsAt.getTime() > VOUCHERS.DURATION_MAX_DAYS * 86_400_000) issue('endsAt', VOUCHER_VM.tooLong);
  if (typeof v.perBuyerLimit === 'number' && typeof v.totalQuantity === 'number' && v.perBuyerLimit > v.totalQuantity) issue('perBuyerLimit', VOUCHER_VM.perBuyerAboveQuantity);
  if (v.visibility === 'code' && v.code === null) issue('code', VOUCHER_VM.codeRequired);
  if (v.scope === 'products' && Array.isArray(v.productIds) && v.productIds.length === 0) issue('productIds', VOUCHER_VM.products);
});
export type VoucherBody = z.input<typeof voucherBody>;
export type VoucherTerms = z.output<typeof voucherBody>;

export const voucherParams = z.object({ id: z.coerce.number().int().positive() });
export const vouchersQuery = z.object({
  status: z.enum(VOUCHER_STATUSES).optional(),
  /** `soon`: only running vouchers ending within VOUCHERS.ENDING_SOON_MS. */
  ending: z.enum(['soon']).optional(),
  ...pageFields,
});
export type VouchersQuery = z.input<typeof vouchersQuery>;

/** One product's lowest price under a voucher against what the seller pays the supplier for it. */
export const voucherMarginRow = z.object({
  productId: z.number().int(),
  name: z.string(),
  /** The lowest price the product sells at during the voucher before it (its own discount counted when its dates overlap). */
  priceCents: z.number().int(),
  /** The lowest price one unit sells at with the voucher (the fewest units that reach the minimum spend, alone in the cart). */
  lowestPriceCents: z.number().int(),
  purchasePriceCents: z.number().int(),
  /** lowestPrice − purchasePrice: negative is a loss. */
  unitProfitCents: z.number().int(),
  belowCost: z.boolean(),
});
export type VoucherMarginRow = z.infer<typeof voucherMarginRow>;
export const voucherMargin = z.object({
  /** Lowest unit profit first. */
  products: z.array(voucherMarginRow),
  belowCostCount: z.number().int(),
  /** The shop's "never below cost" setting: saving a voucher with belowCostCount > 0 is refused. */
  neverBelowCost: z.boolean(),
});
export type VoucherMargin = z.infer<typeof voucherMargin>;

/** The terms a buyer sees, shared by the seller's view and the mall's. */
const voucherTermsView = {
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(VOUCHER_SCOPES),
  productIds: z.array(z.number().int()),
  kind: z.enum(VOUCHER_KINDS),
  amountOffCents: z.number().int().nullable(),
  percentOff: z.number().int().nullable(),
  maxDiscountCents: z.number().int().nullable(),
  minSpendCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  perBuyerLimit: z.number().int(),
};

export const voucherView = z.object({
  ...voucherTermsView,
  totalQuantity: z.number().int(),
  usedCount: z.number().int(),
  visibility: z.enum(VOUCHER_VISIBILITIES),
  code: z.string().nullable(),
  status: z.enum(VOUCHER_STATUSES),
  /** When the seller ended it early, else null. */
  endedAt: z.string().nullable(),
  claimedCount: z.number().int(),
  createdAt: z.string(),
});
export type VoucherView = z.infer<typeof voucherView>;
export const voucherListAnswer = paged(voucherView);
export type VoucherListAnswer = z.infer<typeof voucherListAnswer>;
export const voucherSaveAnswer = z.object({ voucher: voucherView, margin: voucherMargin });
export type VoucherSaveAnswer = z.infer<typeof voucherSaveAnswer>;

export const promotionSettings = z.object({ neverBelowCost: z.boolean() });
export type PromotionSettings = z.infer<typeof promotionSettings>;

// The mall's side ------------------------------------------------------------------------------

/** A public voucher as the mall shows it (claimedByMe / usedByMe for a signed-in buyer, else 0). */
export const mallVoucherView = z.object({
  ...voucherTermsView,
  shopId: z.number().int(),
  /** Uses left of the total quantity. */
  remaining: z.number().int(),
  claimed: z.boolean(),
  usedByMe: z.number().int(),
});
export type MallVoucherView = z.infer<typeof mallVoucherView>;
export const mallVoucherList = z.array(mallVoucherView);
export const voucherClaimBody = z.object({ voucherId: z.coerce.number().int().positive() });
export const voucherRedeemBody = z.object({ shopId: z.coerce.number().int().positive(), code: z.string().trim().min(1).max(40) });

// The arithmetic ---------------------------------------------------------------------------------

export type VoucherDiscountTerms = Pick<VoucherTerms, 'kind' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents' | 'minSpendCents'>;

const asCoupon = (t: VoucherDiscountTerms): CouponTerms => ({ kind: t.kind, amountOffCents: t.amountOffCents, percentOff: t.percentOff, maxDiscountCents: t.maxDiscountCents, minSpendCents: t.minSpendCents });

/** The voucher's discount on the subtotal of the lines it applies to, or null below its minimum spend (the platform coupon's arithmetic). */
export function voucherDiscount(terms: VoucherDiscountTerms, subtotalCents: number): number | null {
  return couponDiscount(asCoupon(terms), subtotalCents);
}

/**
 * The lowest price one unit of a product sells at under the voucher: alone in the cart (nothing else
 * shares the discount), at the fewest units that reach the minimum spend. More units only share a
 * fixed amount or a capped percentage more thinly, so that is the lowest. Rounded down to the cent
 * (what the buyer pays for the units, over their number).
 */
export function lowestUnitPrice(terms: VoucherDiscountTerms, unitPriceCents: number): number {
  if (unitPriceCents <= 0) return 0;
  const units = Math.max(1, Math.ceil(terms.minSpendCents / unitPriceCents));
  const subtotal = units * unitPriceCents;
  const discount = voucherDiscount(terms, subtotal) ?? 0;
  return Math.floor((subtotal - discount) / units);
}

/**
 * What may change once a voucher has started: nothing that makes it less generous to a buyer who
 * claimed it (docs/decisions.md, "Editing a started voucher"). Answers the first field that would,
 * or null. The scope, kind, visibility, code and start stay; the amount, percentage, cap, quantity
 * and per-buyer limit may only rise; the minimum spend may only fall; the end may only move later;
 * chosen products may be added, not removed; the name is free.
 */
export function lessGenerousField(
  before: Omit<VoucherTerms, 'acceptLoss'>,
  after: Omit<VoucherTerms, 'acceptLoss'>,
): keyof VoucherTerms | null {
  if (after.scope !== before.scope) return 'scope';
  if (after.kind !== before.kind) return 'kind';
  if (after.visibility !== before.visibility) return 'visibility';
  if ((after.code ?? '') !== (before.code ?? '')) return 'code';
  if (after.startsAt.getTime() !== before.startsAt.getTime()) return 'startsAt';
  if ((after.amountOffCents ?? 0) < (before.amountOffCents ?? 0)) return 'amountOffCents';
  if ((after.percentOff ?? 0) < (before.percentOff ?? 0)) return 'percentOff';
  if ((after.maxDiscountCents ?? 0) < (before.maxDiscountCents ?? 0)) return 'maxDiscountCents';
  if (after.minSpendCents > before.minSpendCents) return 'minSpendCents';
  if (after.endsAt.getTime() < before.endsAt.getTime()) return 'endsAt';
  if (after.totalQuantity < before.totalQuantity) return 'totalQuantity';
  if (after.perBuyerLimit < before.perBuyerLimit) return 'perBuyerLimit';
  const kept = new Set(after.productIds);
  if (before.productIds.some((id) => !kept.has(id))) return 'productIds';
  return null;
}
