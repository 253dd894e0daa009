import { couponDiscount } from '@shopdesk/shared/mall/coupons';
import type { CartItem, MallVoucher } from '../api/types.ts';

export type VoucherUse = { state: 'usable'; discountCents: number } | { state: 'notApplicable' | 'belowMinimum' | 'usedUp' | 'notStarted' | 'expired'; discountCents: 0 };

/**
 * What a claimed shop voucher takes off a shop's lines at checkout (docs/decisions.md, "Seller
 * vouchers", "Promotion order"): over the lines it covers (all of the shop's, or its chosen
 * products'), from its minimum spend on those lines, with the coupon's arithmetic the server uses.
 * The server decides; this is what the buyer sees before paying.
 */
export function voucherUse(voucher: MallVoucher, lines: Pick<CartItem, 'productId' | 'lineCents'>[], now: Date): VoucherUse {
  const none = (state: Exclude<VoucherUse['state'], 'usable'>): VoucherUse => ({ state, discountCents: 0 });
  if (new Date(voucher.startsAt).getTime() > now.getTime()) return none('notStarted');
  if (new Date(voucher.endsAt).getTime() <= now.getTime()) return none('expired');
  if (voucher.usedByMe >= voucher.perBuyerLimit) return none('usedUp');
  const covered = voucher.scope === 'shop' ? lines : lines.filter((l) => voucher.productIds.includes(l.productId));
  if (covered.length === 0) return none('notApplicable');
  const subtotal = covered.reduce((sum, l) => sum + l.lineCents, 0);
  const off = couponDiscount(voucher, subtotal);
  if (off === null) return none('belowMinimum');
  return { state: 'usable', discountCents: off };
}

/** The voucher a shop starts with at checkout: the one that saves the most, or none. */
export function bestVoucher(vouchers: MallVoucher[], lines: Pick<CartItem, 'productId' | 'lineCents'>[], now: Date): number | null {
  let best: { id: number; off: number } | null = null;
  for (const v of vouchers) {
    const use = voucherUse(v, lines, now);
    if (use.state === 'usable' && use.discountCents > (best?.off ?? 0)) best = { id: v.id, off: use.discountCents };
  }
  return best?.id ?? null;
}

/**
 * Where a public voucher stands for this buyer: to claim, claimed, used as often as allowed, or none
 * left (the mall lists only vouchers with uses left, so that is mostly learnt from a claim refused).
 */
export function voucherClaimState(v: Pick<MallVoucher, 'claimed' | 'remaining' | 'usedByMe' | 'perBuyerLimit'>, soldOut = false): 'claim' | 'claimed' | 'used' | 'soldOut' {
  if (v.claimed) return v.usedByMe >= v.perBuyerLimit ? 'used' : 'claimed';
  return soldOut || v.remaining <= 0 ? 'soldOut' : 'claim';
}
