/** Order state values of SPEC §4, as stored and sent over the API. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'completed'] as const;
export const PURCHASE_STATUSES = ['to_purchase', 'purchasing', 'purchased', 'failed'] as const;
export const SHIPPING_STATUSES = ['pending_shipment', 'in_transit', 'signed'] as const;
export const REFUND_STATUSES = ['refunding', 'approved', 'rejected'] as const;
export const REFUND_REASONS = ['dislike', 'logistics', 'quality', 'other'] as const;
export const PAYMENT_METHODS = ['balance', 'usdt', 'card'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundReason = (typeof REFUND_REASONS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
