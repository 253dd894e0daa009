import type { MallCoupon } from '../api/types.ts';

/** What a price tag shows: the price paid now, and the list price struck through while a discount runs. */
export interface PriceTag {
  nowCents: number;
  /** The list price, shown struck through; null without a discount. */
  wasCents: number | null;
  /** "−20%"; null without a discount. */
  discountPct: number | null;
}

/**
 * The server prices a product (the discount and its date range honoured) in `salePriceCents`; the tag
 * shows the list price beside it only when the buyer really pays less.
 */
export function priceTag(item: { priceCents: number; salePriceCents: number; discountPct: number | null }): PriceTag {
  const discounted = item.discountPct !== null && item.discountPct > 0 && item.salePriceCents < item.priceCents;
  return { nowCents: item.salePriceCents, wasCents: discounted ? item.priceCents : null, discountPct: discounted ? item.discountPct : null };
}

/** Whether a discount date range is running at `now` (either end may be open). */
export function discountRunning(start: string | null, end: string | null, now: Date): boolean {
  if (start && new Date(start).getTime() > now.getTime()) return false;
  if (end && new Date(end).getTime() < now.getTime()) return false;
  return Boolean(start || end);
}

/** A rating ×10 (43) as stars out of 5 with one decimal ("4.3"). */
export function ratingText(ratingX10: number): string {
  return (Math.round(ratingX10) / 10).toFixed(1);
}

export type CouponState = 'usable' | 'belowMinimum' | 'notStarted' | 'expired';

/** Whether a coupon applies to a subtotal at `now`, and why not. */
export function couponState(coupon: Pick<MallCoupon, 'minSpendCents' | 'startsAt' | 'endsAt'>, subtotalCents: number, now: Date): CouponState {
  if (new Date(coupon.startsAt).getTime() > now.getTime()) return 'notStarted';
  if (new Date(coupon.endsAt).getTime() < now.getTime()) return 'expired';
  if (subtotalCents < coupon.minSpendCents) return 'belowMinimum';
  return 'usable';
}
