import { z } from 'zod';

/**
 * What a promotion (a seller voucher, a flash deal) earned over the seller's last 7 or 30 calendar
 * days: its orders, distinct buyers, sales, the discount it gave and the profit left after it
 * (docs/decisions.md, "Promotion results"). Money in integer cents.
 */
export const PROMOTION_RESULT_WINDOWS = [7, 30] as const;
export type PromotionResultWindow = (typeof PROMOTION_RESULT_WINDOWS)[number];

/** Validation message keys (server catalogs translate them). */
export const PROMOTION_RESULTS_VM = { days: 'promotion.resultsDays', tzOffset: 'validation.timeZone' } as const;

export const promotionResultsQuery = z.object({
  days: z.coerce
    .number({ error: PROMOTION_RESULTS_VM.days })
    .int(PROMOTION_RESULTS_VM.days)
    .refine((d) => (PROMOTION_RESULT_WINDOWS as readonly number[]).includes(d), PROMOTION_RESULTS_VM.days)
    .default(7),
  /** The seller's time zone, minutes east of UTC: the days are their calendar days. */
  tzOffset: z.coerce.number({ error: PROMOTION_RESULTS_VM.tzOffset }).int(PROMOTION_RESULTS_VM.tzOffset).min(-840, PROMOTION_RESULTS_VM.tzOffset).max(840, PROMOTION_RESULTS_VM.tzOffset).default(0),
});
export type PromotionResultsQuery = z.input<typeof promotionResultsQuery>;

export const promotionFigures = z.object({
  /** Orders that are sales (paid or settled, no approved refund). */
  orders: z.number().int(),
  /** Distinct buyers of those orders (over the whole window for the totals, not the sum of days). */
  buyers: z.number().int(),
  /** What buyers paid the shop for them: after the promotion's discount. */
  salesCents: z.number().int(),
  /** What the promotion took off them (paid by the seller). */
  discountCents: z.number().int(),
  /** Sales minus the purchase cost paid to the supplier. */
  profitCents: z.number().int(),
});
export type PromotionFigures = z.infer<typeof promotionFigures>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const promotionResults = z.object({
  days: z.number().int(),
  /** The first and last calendar day of the window (the last is the seller's today). */
  from: day,
  to: day,
  totals: promotionFigures,
  /** One entry per day of the window, oldest first, days without orders included. */
  byDay: z.array(promotionFigures.extend({ date: day })),
});
export type PromotionResults = z.infer<typeof promotionResults>;
