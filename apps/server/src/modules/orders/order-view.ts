import type { OrderView } from '@shopdesk/shared/orders/schemas';
import type { PaymentMethod, RefundReason, RefundStatus } from '@shopdesk/shared/orders/statuses';
import type { orders } from '../../db/schema.ts';
import { isAwaitingPurchase } from './order-predicates.ts';

type OrderRow = typeof orders.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An order as the API shows it; `orderId` is the order number (SPEC §3). */
export function toOrderView(o: OrderRow, now = Date.now()): OrderView {
  const awaitingPurchase = isAwaitingPurchase(o);
  const msLeft = o.purchaseDeadline.getTime() - now;
  return {
    orderId: o.orderNo,
    orderNo: o.orderNo,
    shopProductId: o.shopProductId,
    productName: o.productName,
    productImage: o.productImage,
    quantity: o.quantity,
    unitPriceCents: o.unitPriceCents,
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
    countdownSeconds: awaitingPurchase ? Math.max(0, Math.ceil(msLeft / 1000)) : null,
    awaitingPurchase,
    overdue: awaitingPurchase && msLeft <= 0,
    overtimePenalizedAt: iso(o.overtimePenalizedAt),
  };
}
