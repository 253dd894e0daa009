import { withinGraphemes } from '../text-length.ts';
import { z } from 'zod';
import { ORDERS, REVIEWS } from '../constants.ts';
import { paged } from '../envelope.ts';
import { reviewImageShapeOk } from './review-images.ts';
import { dayField, pageFields, quantityField, queryBoolean, VM } from '../validation.ts';
import {
  CARRIER_STATUSES,
  ORDER_TABS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PURCHASE_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  SHIPPING_STATUSES,
} from './lifecycle.ts';

/**
 * Requests and answers of orders, purchase orders, refunds, reviews, the buyer API and the
 * carrier. An order's `orderId` in the API is its order number (a string such as
 * "SD2611210010000123"); the answers never repeat it under another name.
 */

/** Order ids typed "a, b c" or sent as an array → a clean list (at most ORDERS.SEARCH_IDS_MAX). */
export const orderIdsField = z
  .union([z.string().max(4000), z.array(z.string().max(64)).max(ORDERS.SEARCH_IDS_MAX)])
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : value.split(/[\s,;，、]+/)).map((s) => s.trim()).filter(Boolean);
    return [...new Set(parts)].slice(0, ORDERS.SEARCH_IDS_MAX);
  });

export const orderFilterFields = {
  tab: z.enum(ORDER_TABS).default('all'),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  purchaseStatus: z.enum(PURCHASE_STATUSES).optional(),
  shippingStatus: z.enum(SHIPPING_STATUSES).optional(),
  refundStatus: z.enum(REFUND_STATUSES).optional(),
  orderIds: orderIdsField.optional(),
  /** Any part of the order id, product name, buyer, receiver name or phone (case-insensitive). */
  keyword: z.string().trim().max(ORDERS.SEARCH_TEXT_MAX).optional(),
  /** Creation day range, inclusive, in the seller's time zone (tzOffset minutes east of UTC). */
  from: dayField.optional(),
  to: dayField.optional(),
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
};

export const orderListBody = z.object({ ...pageFields, ...orderFilterFields });
export type OrderListBody = z.input<typeof orderListBody>;
export type OrderFilters = z.output<typeof orderListBody>;

/** The same filters as a query string, for the CSV export. */
export const orderExportQuery = z.object(orderFilterFields);

export const orderDetailQuery = z.object({ orderId: z.string().trim().min(1).max(64) });

export const purchaseOrderBody = z.object({
  /** One order id, or several (the batch purchase dialog); a comma-separated string works too. */
  orderIds: z
    .union([z.string().max(8000), z.array(z.string().max(64))])
    .transform((value) => [...new Set((Array.isArray(value) ? value : value.split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean))]),
  /** base64 of the 6-digit fund password (SPEC §5). */
  fundPassword: z.string({ error: VM.required }).min(1, VM.required),
});
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

export const refundListBody = z.object({
  ...pageFields,
  refundStatus: z.union([z.enum(REFUND_STATUSES), z.literal('all')]).default('all'),
  orderIds: orderIdsField.optional(),
});
export type RefundListBody = z.input<typeof refundListBody>;

export const refundDecisionBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  approve: z.boolean(),
  /** Required to reject (REJECT_REASON_REQUIRED). */
  rejectReason: z.string().trim().refine(withinGraphemes(ORDERS.REJECT_REASON_MAX), VM.text).optional(),
});
export type RefundDecisionBody = z.input<typeof refundDecisionBody>;

export const carrierUpdateBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  status: z.enum(CARRIER_STATUSES),
});
export type CarrierUpdateBody = z.input<typeof carrierUpdateBody>;

// Reviews ------------------------------------------------------------------------------------

const imageField = z
  .string()
  .max(REVIEWS.IMAGE_MAX_CHARS, VM.images)
  .refine(reviewImageShapeOk, VM.images);

export const ratingField = z.number({ error: VM.rating }).int(VM.rating).min(REVIEWS.RATING_MIN, VM.rating).max(REVIEWS.RATING_MAX, VM.rating);

export const reviewBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  rating: ratingField,
  content: z.string().trim().refine(withinGraphemes(REVIEWS.CONTENT_MAX), VM.text).default(''),
  images: z.array(imageField).max(REVIEWS.IMAGES_MAX, VM.images).default([]),
});
export type ReviewBody = z.input<typeof reviewBody>;

/** SPEC §5: a rating is required to filter reviews; 'all' asks for every rating explicitly. */
export const reviewListBody = z.object({
  ...pageFields,
  rating: z.union([z.literal('all'), z.coerce.number().int().min(1).max(5)], { error: VM.ratingFilter }),
  unanswered: queryBoolean.optional(),
  productId: z.coerce.number().int().positive().optional(),
});
export type ReviewListBody = z.input<typeof reviewListBody>;

export const reviewReplyBody = z.object({
  id: z.coerce.number().int().positive(),
  reply: z.string().trim().min(1, VM.required).refine(withinGraphemes(REVIEWS.REPLY_MAX), VM.text),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBody>;

// Buyers -------------------------------------------------------------------------------------

export const checkoutBody = z.object({
  shopId: z.coerce.number().int().positive(),
  shopProductId: z.coerce.number().int().positive(),
  /** The variant bought; may be left out for a product with one variant. */
  variantId: z.coerce.number().int().positive().optional(),
  quantity: quantityField,
  receiverName: z.string().trim().min(1, VM.required).refine(withinGraphemes(ORDERS.RECEIVER_NAME_MAX), VM.text),
  receiverPhone: z.string().trim().regex(/^\+?[0-9][0-9 \-()]{4,19}$/, VM.phone),
  receiverAddress: z.string().trim().min(5, VM.required).max(ORDERS.RECEIVER_ADDRESS_MAX, VM.text),
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

export const orderIdBody = z.object({ orderId: z.string().trim().min(1).max(64) });

export const buyerRefundBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  reason: z.enum(REFUND_REASONS),
  note: z.string().trim().refine(withinGraphemes(ORDERS.REFUND_NOTE_MAX), VM.text).default(''),
});
export type BuyerRefundBody = z.input<typeof buyerRefundBody>;

// Answers ------------------------------------------------------------------------------------

const nullableTime = z.string().nullable();

export const orderView = z.object({
  /** The order number (SPEC §3 orderId), e.g. "SD2611210010000123". */
  orderId: z.string(),
  shopProductId: z.number().int().nullable(),
  productName: z.string(),
  productImage: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  /** The flash deal the order was sold at (unitPrice is the deal price) and the unit price without it; null without a deal. */
  flashDealId: z.number().int().nullable(),
  normalUnitPriceCents: z.number().int().nullable(),
  /** (normal − deal unit price) × quantity: what the deal took off, paid by the seller; 0 without a deal. */
  dealSavingCents: z.number().int(),
  /** What the buyer paid: unit price × quantity. */
  amountCents: z.number().int(),
  /** What the seller pays the supplier for the stock. */
  purchaseAmountCents: z.number().int(),
  /** amount − purchase amount. */
  profitCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  purchaseStatus: z.enum(PURCHASE_STATUSES),
  shippingStatus: z.enum(SHIPPING_STATUSES),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  refundNote: z.string().nullable(),
  refundRejectReason: z.string().nullable(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  createTime: z.string(),
  payTime: nullableTime,
  purchaseTime: nullableTime,
  shippedTime: nullableTime,
  signedTime: nullableTime,
  cancelTime: nullableTime,
  refundRequestTime: nullableTime,
  /** When the refund was approved or rejected. */
  refundTime: nullableTime,
  purchaseDeadline: z.string(),
  /** Seconds left to purchase; 0 once overdue; null when the order is not waiting for purchase. */
  countdownSeconds: z.number().int().nullable(),
  awaitingPurchase: z.boolean(),
  overdue: z.boolean(),
  /** When the overtime penalty was taken for this order (once), else null. */
  overtimePenalizedAt: nullableTime,
  /** The variant sold: its id (null once deleted), name as shown then ("Blue, M"; '' without options) and SKU. */
  variantId: z.number().int().nullable(),
  variantName: z.string(),
  sku: z.string(),
});
export type OrderView = z.infer<typeof orderView>;

export const reviewView = z.object({
  id: z.number().int(),
  orderId: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  productImage: z.string(),
  rating: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  nickname: z.string(),
  createTime: z.string(),
  reply: z.string().nullable(),
  replyTime: nullableTime,
});
export type ReviewView = z.infer<typeof reviewView>;

export const orderDetail = orderView.extend({ buyerNickname: z.string(), review: reviewView.nullable() });
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderListAnswer = paged(orderView).extend({
  /**
   * A keyword search stopped counting: at least `total` orders match (those among the shop's
   * newest orders; always more than the page's end, so the next page stays reachable). False
   * whenever `total` is exact (docs/decisions.md "Order search at scale").
   */
  totalCapped: z.boolean(),
});
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

/** One order of a purchase request: bought, or why not (an error key with its localized message). */
export const purchaseRowResult = z.union([
  z.object({ orderId: z.string(), ok: z.literal(true), purchaseAmountCents: z.number().int(), purchaseTime: z.string(), productName: z.string().optional(), variantName: z.string().optional(), sku: z.string().optional() }),
  z.object({ orderId: z.string(), ok: z.literal(false), error: z.string(), msg: z.string() }),
]);
export type PurchaseRowResult = z.infer<typeof purchaseRowResult>;

export const purchaseAnswer = z.object({
  results: z.array(purchaseRowResult),
  purchased: z.number().int(),
  failed: z.number().int(),
  /** Sum of what was moved to the supplier by this request. */
  purchaseAmountCents: z.number().int(),
  /** The shop's available balance afterwards. */
  availableCents: z.number().int(),
});
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

export const refundView = orderView.extend({
  buyerNickname: z.string(),
  /** Signed and paid out to the seller before the refund (approval then takes the sale amount back). */
  settled: z.boolean(),
});
export type RefundView = z.infer<typeof refundView>;
export const refundListAnswer = paged(refundView);

/** Orders waiting for purchase (the pending badge). */
export const purchaseCountAnswer = z.number().int();

export const reviewReplyAnswer = z.object({ id: z.number().int(), reply: z.string().nullable(), replyTime: z.string() });
export type ReviewReplyAnswer = z.infer<typeof reviewReplyAnswer>;

export const carrierUpdateAnswer = z.object({ orderId: z.string(), shippingStatus: z.string(), paymentStatus: z.string(), changed: z.boolean() });

/** What a buyer sees of an order: not the seller's purchase amount, profit or deadline. */
export const buyerOrderView = z.object({
  orderId: z.string(),
  shopId: z.number().int(),
  shopProductId: z.number().int().nullable(),
  productName: z.string(),
  productImage: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  amountCents: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shippingStatus: z.enum(SHIPPING_STATUSES),
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  createTime: z.string(),
  payTime: nullableTime,
  shippedTime: nullableTime,
  signedTime: nullableTime,
  cancelTime: nullableTime,
  /** The variant bought ("Blue, M"; '' without options). */
  variantId: z.number().int().nullable(),
  variantName: z.string(),
});
export type BuyerOrderView = z.infer<typeof buyerOrderView>;

export const buyerLoginAnswer = z.object({ buyerToken: z.string(), expiresAt: z.string(), buyerId: z.number().int(), nickname: z.string() });

export const reviewCreatedAnswer = z.object({ id: z.number().int(), orderId: z.string(), rating: z.number().int(), createTime: z.string() });
