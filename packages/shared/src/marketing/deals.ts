import { z } from 'zod';
import { MONEY } from '../constants.ts';
import { paged } from '../envelope.ts';
import { pageFields } from '../validation.ts';
import { instantField, voucherMargin, VOUCHER_STATUSES, VOUCHERS } from './vouchers.ts';

/**
 * Flash deals: one of a shop's products at a deal price for a time window, up to a stock cap of deal
 * units. While it runs and units are left the mall sells the product at the deal price; then the
 * normal price returns. The seller funds it: the order's amount, and so the settlement, is at the deal
 * price (docs/decisions.md, "Flash deals"). Money in integer cents.
 */
export const DEALS = {
  /** The longest a deal may run. */
  DURATION_MAX_DAYS: 30,
  CAP_MAX: VOUCHERS.QUANTITY_MAX,
  AMOUNT_MAX_CENTS: MONEY.AMOUNT_MAX_CENTS,
} as const;

/** Where a deal stands now: the vouchers' three states (an ended-early deal is ended). */
export const DEAL_STATUSES = VOUCHER_STATUSES;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Validation message keys (server catalogs and web catalogs translate them). */
export const DEAL_VM = {
  product: 'deal.product',
  price: 'deal.price',
  priceNotBelowNormal: 'deal.priceNotBelowNormal',
  time: 'deal.time',
  endBeforeStart: 'deal.endBeforeStart',
  endPast: 'deal.endPast',
  tooLong: 'deal.tooLong',
  cap: 'deal.cap',
} as const;

const instant = instantField(DEAL_VM.time);

/** A deal's terms, checked together (each broken rule names its field). */
export const dealBody = z
  .object({
    productId: z.number({ error: DEAL_VM.product }).int(DEAL_VM.product).positive(DEAL_VM.product),
    dealPriceCents: z.number({ error: DEAL_VM.price }).int(DEAL_VM.price).min(1, DEAL_VM.price).max(DEALS.AMOUNT_MAX_CENTS, DEAL_VM.price),
    startsAt: instant,
    endsAt: instant,
    stockCap: z.number({ error: DEAL_VM.cap }).int(DEAL_VM.cap).min(1, DEAL_VM.cap).max(DEALS.CAP_MAX, DEAL_VM.cap),
    /** The seller saw the deal price below the product's purchase cost and saves it anyway. */
    acceptLoss: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return;
    if (v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: DEAL_VM.endBeforeStart });
    else if (v.endsAt.getTime() - v.startsAt.getTime() > DEALS.DURATION_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: DEAL_VM.tooLong });
  });
export type DealBody = z.input<typeof dealBody>;
export type DealTerms = z.output<typeof dealBody>;

export const dealParams = z.object({ id: z.coerce.number().int().positive() });
export const dealsQuery = z.object({ status: z.enum(DEAL_STATUSES).optional(), ...pageFields });
export type DealsQuery = z.input<typeof dealsQuery>;

export const dealView = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productCover: z.string(),
  /** The product's price now, before its own discount: the deal price is below it. */
  normalPriceCents: z.number().int(),
  purchasePriceCents: z.number().int(),
  dealPriceCents: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  stockCap: z.number().int(),
  soldCount: z.number().int(),
  status: z.enum(DEAL_STATUSES),
  /** When the seller ended it early, else null. */
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DealView = z.infer<typeof dealView>;
export const dealListAnswer = paged(dealView);
export type DealListAnswer = z.infer<typeof dealListAnswer>;
/** The margin is the vouchers' (one product: its deal price against its purchase cost). */
export const dealSaveAnswer = z.object({ deal: dealView, margin: voucherMargin });
export type DealSaveAnswer = z.infer<typeof dealSaveAnswer>;

/** A running deal as the mall shows it: the price, the normal price, the end (for the countdown) and the units left. */
export const mallDealView = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  cover: z.string(),
  dealPriceCents: z.number().int(),
  normalPriceCents: z.number().int(),
  endsAt: z.string(),
  remaining: z.number().int(),
});
export type MallDealView = z.infer<typeof mallDealView>;
export const mallDealList = z.array(mallDealView);

type DealGenerosity = Pick<DealTerms, 'productId' | 'dealPriceCents' | 'startsAt' | 'endsAt' | 'stockCap'>;

/**
 * What may change once a deal has started (docs/decisions.md, "Flash deals"): only what is more
 * generous to buyers. The product and the start stay; the price may only fall; the cap may only rise;
 * the end may only move later. Answers the first field that would change otherwise, or null.
 */
export function lessGenerousDealField(before: DealGenerosity, after: DealGenerosity): keyof DealTerms | null {
  if (after.productId !== before.productId) return 'productId';
  if (after.startsAt.getTime() !== before.startsAt.getTime()) return 'startsAt';
  if (after.dealPriceCents > before.dealPriceCents) return 'dealPriceCents';
  if (after.stockCap < before.stockCap) return 'stockCap';
  if (after.endsAt.getTime() < before.endsAt.getTime()) return 'endsAt';
  return null;
}

/** A running deal prices a line only when it lowers the price and the line's units fit in what is left of the cap. */
export function dealApplies(deal: { dealPriceCents: number; stockCap: number; soldCount: number }, salePriceCents: number, quantity: number): boolean {
  return deal.dealPriceCents < salePriceCents && deal.soldCount + quantity <= deal.stockCap;
}
