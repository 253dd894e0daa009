import { isPurchased, isSettled } from '@shopdesk/shared/orders/lifecycle';
import type { OrderView } from '@shopdesk/shared/orders/schemas';

/**
 * Where an order stands when its refund is approved, which decides what money moves (the server's
 * REFUND_APPROVALS in packages/shared/src/orders/lifecycle.ts): never purchased (the buyer's payment comes back from
 * escrow, nothing returns to the seller), purchased but not settled (the purchase amount returns
 * to the seller), or settled (the purchase amount returns and the buyer is paid back from it).
 */
export type RefundApprovalCase = 'beforePurchase' | 'afterPurchase' | 'afterSettlement';

export function refundApprovalCase(o: Pick<OrderView, 'paymentStatus' | 'purchaseStatus'>): RefundApprovalCase {
  if (isSettled(o)) return 'afterSettlement';
  return isPurchased(o) ? 'afterPurchase' : 'beforePurchase';
}

/** The confirmation text of an approval: its catalog key (namespace orders) and its values. */
export function refundApproveHint(
  o: Pick<OrderView, 'paymentStatus' | 'purchaseStatus' | 'amountCents' | 'purchaseAmountCents'>,
  usdt: (cents: number) => string,
): { key: `refund.approveHints.${RefundApprovalCase}`; values: { amount: string; purchase: string; net: string } } {
  const kind = refundApprovalCase(o);
  return {
    key: `refund.approveHints.${kind}`,
    values: { amount: usdt(o.amountCents), purchase: usdt(o.purchaseAmountCents), net: usdt(Math.max(0, o.amountCents - o.purchaseAmountCents)) },
  };
}
