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
