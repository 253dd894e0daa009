import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { isAwaitingPurchase, type PaymentMethod, type RefundReason, type RefundStatus } from '@shopdesk/shared/orders/lifecycle';
import type { orders } from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Countdown = Pick<OrderView, 'countdownSeconds' | 'awaitingPurchase' | 'overdue'>;
const NOT_AWAITING: Countdown = { countdownSeconds: null, awaitingPurchase: false, overdue: false };

/** The purchase countdown of an order at `now` (the deadline is read only while it runs). */
export function purchaseCountdown(o: Parameters<typeof isAwaitingPurchase>[0], deadline: () => number, now: number): Countdown {
  if (!isAwaitingPurchase(o)) return NOT_AWAITING;
  const msLeft = deadline() - now;
  return { countdownSeconds: Math.max(0, Math.ceil(msLeft / 1000)), awaitingPurchase: true, overdue: msLeft <= 0 };
}

/** What a flash deal took off an order: (normal − deal unit price) × quantity, 0 without a deal. */
export const dealSavingOf = (o: Pick<OrderRow, 'normalUnitPriceCents' | 'unitPriceCents' | 'quantity'>) =>
  o.normalUnitPriceCents === null ? 0 : (o.normalUnitPriceCents - o.unitPriceCents) * o.quantity;

/** An order as the API shows it; `orderId` is the order number (SPEC §3). */
export function toOrderView(o: OrderRow, now = Date.now()): OrderView {
  const { countdownSeconds, awaitingPurchase, overdue } = purchaseCountdown(o, () => o.purchaseDeadline.getTime(), now);
  return {
    orderId: o.orderNo,
    shopProductId: o.shopProductId,
    productName: o.productName,
    productImage: o.productImage,
    quantity: o.quantity,
    unitPriceCents: o.unitPriceCents,
    flashDealId: o.flashDealId,
    normalUnitPriceCents: o.normalUnitPriceCents,
    dealSavingCents: dealSavingOf(o),
    amountCents: o.amountCents,
    purchaseAmountCents: o.purchaseAmountCents,
    profitCents: o.profitCents,
    paymentMethod: o.paymentMethod as PaymentMethod,
    paymentStatus: o.paymentStatus as OrderView['paymentStatus'],
    purchaseStatus: o.purchaseStatus as OrderView['purchaseStatus'],
    shippingStatus: o.shippingStatus as OrderView['shippingStatus'],
    refundStatus: o.refundStatus as RefundStatus | null,
    refundReason: o.refundReason as RefundReason | null,
    refundNote: o.refundNote,
    refundRejectReason: o.refundRejectReason,
    receiverName: o.receiverName,
    receiverPhone: o.receiverPhone,
    receiverAddress: o.receiverAddress,
    createTime: o.createdAt.toISOString(),
    payTime: iso(o.payTime),
    purchaseTime: iso(o.purchaseTime),
    shippedTime: iso(o.shippedTime),
    signedTime: iso(o.signedTime),
    cancelTime: iso(o.cancelTime),
    refundRequestTime: iso(o.refundRequestTime),
    refundTime: iso(o.refundTime),
    purchaseDeadline: o.purchaseDeadline.toISOString(),
    countdownSeconds,
    awaitingPurchase,
    overdue,
    overtimePenalizedAt: iso(o.overtimePenalizedAt),
    variantId: o.variantId,
    variantName: o.variantName,
    sku: o.variantSku,
  };
}
