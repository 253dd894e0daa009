/**
 * How a shop product's prices derive from the warehouse purchase price (docs/decisions.md, "Pricing").
 * All amounts are integer cents, ratios integer basis points (2000 = 20%).
 *
 *   price          = purchase × (1 + profitRatio)        the regular selling price
 *   discountPrice  = price × (1 − discountRatio)         the price while a discount runs
 *   salePrice      = discountPrice inside the discount date range, else price
 *   profit         = salePrice − purchase                per unit, what the seller earns
 *
 * Rounding is half-up to the cent at each step, so the buyer pays exactly salePrice × quantity.
 */
export interface PricingInput {
  purchasePriceCents: number;
  profitRatioBp: number;
  discountRatioBp: number;
  discountStart: Date | string | null;
  discountEnd: Date | string | null;
}

export interface Pricing {
  priceCents: number;
  discountPriceCents: number;
  salePriceCents: number;
  profitCents: number;
  discountActive: boolean;
}

const BP = 10_000;

export function applyRatioUp(cents: number, ratioBp: number): number {
  return Math.round((cents * (BP + ratioBp)) / BP);
}

export function applyRatioDown(cents: number, ratioBp: number): number {
  return Math.round((cents * (BP - ratioBp)) / BP);
}

export function isDiscountActive(input: Pick<PricingInput, 'discountRatioBp' | 'discountStart' | 'discountEnd'>, now = new Date()): boolean {
  if (input.discountRatioBp <= 0 || !input.discountStart || !input.discountEnd) return false;
  const start = new Date(input.discountStart).getTime();
  const end = new Date(input.discountEnd).getTime();
  return start <= now.getTime() && now.getTime() <= end;
}

export function priceProduct(input: PricingInput, now = new Date()): Pricing {
  const priceCents = applyRatioUp(input.purchasePriceCents, input.profitRatioBp);
  const discountPriceCents = applyRatioDown(priceCents, input.discountRatioBp);
  const discountActive = isDiscountActive(input, now);
  const salePriceCents = discountActive ? discountPriceCents : priceCents;
  return { priceCents, discountPriceCents, salePriceCents, profitCents: salePriceCents - input.purchasePriceCents, discountActive };
}

/** Percent (as typed by a seller, e.g. "20" or "12.5") to basis points; null when not a valid number. */
export function percentToBp(percent: string | number): number | null {
  const value = typeof percent === 'number' ? percent : Number(String(percent).trim());
  if (String(percent).trim() === '' || !Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

/**
 * How far outside the suggested profit ratio (CATALOG.PROFIT_RATIO_SUGGESTED_MIN–MAX, in percent)
 * a ratio must be before saving it asks the seller: below half the minimum or above twice the
 * maximum (under 5% or over 60% with the suggested 10–30%). Just outside stays a note.
 */
export const FAR_FROM_SUGGESTED = { belowFactor: 0.5, aboveFactor: 2 } as const;

export interface PriceCheck {
  /** The lowest price the product would sell at: the discount price when a discount is set, else the price. */
  lowestPriceCents: number;
  /** What one unit earns at that price; negative is a loss. */
  unitProfitCents: number;
  belowCost: boolean;
  farFromSuggested: boolean;
  /** Saving asks the seller first. */
  needsConfirmation: boolean;
}

/**
 * What a seller should see before saving a price: a discount is counted whether it runs now or
 * later (the product will sell at it for its dates), so a discount below the purchase price is a
 * loss even before it starts.
 */
export function checkPrice(input: PricingInput, suggested: { minPercent: number; maxPercent: number }): PriceCheck {
  const priceCents = applyRatioUp(input.purchasePriceCents, input.profitRatioBp);
  const discounted = input.discountRatioBp > 0 && Boolean(input.discountStart && input.discountEnd);
  const lowestPriceCents = discounted ? applyRatioDown(priceCents, input.discountRatioBp) : priceCents;
  const unitProfitCents = lowestPriceCents - input.purchasePriceCents;
  const belowCost = unitProfitCents < 0;
  const farFromSuggested = input.profitRatioBp < suggested.minPercent * 100 * FAR_FROM_SUGGESTED.belowFactor || input.profitRatioBp > suggested.maxPercent * 100 * FAR_FROM_SUGGESTED.aboveFactor;
  return { lowestPriceCents, unitProfitCents, belowCost, farFromSuggested, needsConfirmation: belowCost || farFromSuggested };
}

/**
 * A variant's prices: the product's ratios and discount over the variant's own purchase price (a
 * product without options has one variant at the product's purchase price, so the same figures).
 */
export function priceVariant(product: Omit<PricingInput, 'purchasePriceCents'>, variant: { purchasePriceCents: number }, now = new Date()): Pricing {
  return priceProduct({ ...product, purchasePriceCents: variant.purchasePriceCents }, now);
}
