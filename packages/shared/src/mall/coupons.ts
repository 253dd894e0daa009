/**
 * Coupon arithmetic of the mall, shared so the checkout page previews exactly what the
 * server takes. All amounts are integer cents.
 */
export interface CouponTerms {
  kind: 'amount' | 'percent';
  amountOffCents: number | null;
  percentOff: number | null;
  maxDiscountCents: number | null;
  minSpendCents: number;
}

/**
 * The discount on a subtotal, or null when the subtotal is below the minimum spend. An amount
 * coupon takes its amount (never more than the subtotal); a percent coupon takes the percentage
 * rounded down to the cent, capped by maxDiscountCents.
 */
export function couponDiscount(terms: CouponTerms, subtotalCents: number): number | null {
  if (subtotalCents < terms.minSpendCents || subtotalCents <= 0) return null;
  const raw = terms.kind === 'amount' ? (terms.amountOffCents ?? 0) : Number((BigInt(subtotalCents) * BigInt(terms.percentOff ?? 0)) / 100n);
  const capped = terms.maxDiscountCents === null ? raw : Math.min(raw, terms.maxDiscountCents);
  return Math.max(0, Math.min(capped, subtotalCents));
}

/**
 * Splits a discount over the amounts of the orders of one checkout, pro rata, by the largest
 * remainder: each order gets floor(discount × amount / total), and the cents left go one by one
 * to the orders with the largest remainders (the earlier order first on a tie). The shares sum to
 * the discount and no share exceeds its order's amount (the discount never exceeds the total).
 */
export function allocateDiscount(discountCents: number, amounts: number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + BigInt(a), 0n);
  if (discountCents <= 0 || total === 0n) return amounts.map(() => 0);
  const d = BigInt(discountCents);
  const shares = amounts.map((a) => (d * BigInt(a)) / total);
  const remainders = amounts.map((a, i) => ({ i, r: (d * BigInt(a)) % total }));
  let left = d - shares.reduce((sum, s) => sum + s, 0n);
  remainders.sort((x, y) => (x.r === y.r ? x.i - y.i : x.r > y.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}
