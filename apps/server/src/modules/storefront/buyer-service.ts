import { ZodError } from 'zod';
import { VM } from '@shopdesk/shared/validation';
import { reviewImageAllowed } from '@shopdesk/shared/orders/review-images';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { ORDERS } from '@shopdesk/shared/constants';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import type { BuyerOrderDetail, BuyerOrderListAnswer, MallOrderView } from '@shopdesk/shared/mall/schemas';
import type { ReviewBody } from '@shopdesk/shared/orders/schemas';
import type { RefundReason } from '@shopdesk/shared/orders/lifecycle';
import { DAY_MS } from '@shopdesk/shared/time';
import type { Db, Tx } from '../../db/client.ts';
import { orders, reviews, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { buyerCancelled } from '../ledger/money-flows.ts';
import { notifyShop, orderLinePayload } from '../notifications/notification-service.ts';
import { BUYER_ORDER_TAB_CONDITIONS, canApplyOrderEvent, ORDER_EVENTS, type BuyerOrderTab } from '@shopdesk/shared/orders/lifecycle';
import { assertOrderEvent, orderConditionSql, orderEventSet, refundWindowOpen } from '../orders/order-lifecycle.ts';
import { lockOrder } from '../orders/order-lock.ts';
import { signOrder } from '../shipping/carrier-service.ts';
import { releaseProduct } from '../orders/refund-service.ts';
import { returnDealUnits } from '../promotions/deal-checkout.ts';
import { returnVoucherUse } from '../promotions/voucher-checkout.ts';
import { dealSavingOf, toOrderView } from '../orders/order-view.ts';
import { readPage } from '../../lib/read-page.ts';
import { redrawInlinePicture } from '../../lib/upload-content.ts';

/** The buyer cancels before the seller purchased: the payment goes back from escrow (to the wallet and marketing for a mall order). */
export async function cancelOrder(db: Db, buyerId: number, orderId: string) {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, { buyerId });
    assertOrderEvent('cancel', o);
    const cancelTime = new Date();
    // The product row before the ledger accounts: the order a checkout takes them in (no deadlock between the two).
    await releaseProduct(tx, o, true);
    await returnDealUnits(tx, o, cancelTime);
    await returnVoucherUse(tx, o, cancelTime);
    const [updated] = await tx.update(orders).set({ ...orderEventSet('cancel'), cancelTime }).where(eq(orders.id, o.id)).returning();
    // The money last (money-flows.ts): escrow stays locked only until the commit.
    await buyerCancelled(tx, { ...o, at: cancelTime });
    return toBuyerOrderView(updated);
  });
}

/**
 * "Order received": the buyer signs an order the carrier delivered, which settles it at once as the
 * carrier's signature does. Pressed again (or after the carrier signed) it changes nothing and
 * answers the signed order: signing twice is signing once.
 */
export async function confirmReceipt(db: Db, buyerId: number, orderId: string) {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, orderId, { buyerId });
    if (o.shippingStatus === ORDER_EVENTS.sign.to.shipping) return toBuyerOrderView(o);
    return toBuyerOrderView(await signOrder(tx, o, new Date()));
  });
}

/**
 * The buyer asks for a refund with a reason of SPEC §3 and a note, once per order: any time
 * before signing, and within ORDERS.NO_REASON_RETURN_DAYS after (the 7-day no-reason return).
 * The seller is notified (title 1, content 1).
 */
export async function requestRefund(db: Db, buyerId: number, input: { orderId: string; reason: RefundReason; note: string }) {
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, input.orderId, { buyerId });
    assertOrderEvent('requestRefund', o);
    const now = new Date();
    if (!refundWindowOpen(o, now)) throw new AppError('REFUND_WINDOW_CLOSED', { days: ORDERS.NO_REASON_RETURN_DAYS });
    const [updated] = await tx
      .update(orders)
      .set({ ...orderEventSet('requestRefund'), refundReason: input.reason, refundNote: input.note, refundRequestTime: now })
      .where(eq(orders.id, o.id))
      .returning();
    await notifyShop(tx, { shopId: o.shopId, title: NOTIFICATION_TITLE.REFUND_REQUEST, content: NOTIFICATION_CONTENT.REFUND_REQUEST, orderId: o.orderNo, payload: orderLinePayload(o) });
    return toBuyerOrderView(updated);
  });
}

/** A review of a signed order, once; the product's rating becomes the average of its reviews. */
export async function reviewOrder(db: Db, buyerId: number, input: Required<Pick<ReviewBody, 'orderId' | 'rating'>> & { content: string; images: string[] }, imageHosts: readonly string[]) {
  const foreign = input.images.findIndex((src) => !reviewImageAllowed(src, imageHosts));
  if (foreign >= 0) throw new ZodError([{ code: 'custom', path: ['images', foreign], message: VM.images, input: undefined }]);
  // Inline photos are kept as their pixels only (no EXIF location, nothing riding along).
  const images = await Promise.all(input.images.map(redrawInlinePicture));
  const broken = images.findIndex((src) => src === null);
  if (broken >= 0) throw new ZodError([{ code: 'custom', path: ['images', broken], message: VM.images, input: undefined }]);
  return db.transaction(async (tx) => {
    const o = await lockOrder(tx, input.orderId, { buyerId });
    assertOrderEvent('review', o);
    const [review] = await tx
      .insert(reviews)
      .values({ shopId: o.shopId, orderId: o.id, shopProductId: o.shopProductId, buyerId, rating: input.rating, content: input.content, images: images as string[] })
      .onConflictDoNothing({ target: reviews.orderId })
      .returning();
    if (!review) throw new AppError('ALREADY_REVIEWED');
    if (o.shopProductId) await refreshProductRating(tx, o.shopProductId);
    return { id: review.id, orderId: o.orderNo, rating: review.rating, createTime: review.createdAt.toISOString() };
  });
}

/** rating_x10 = the average of the product's reviews, to one decimal. */
export async function refreshProductRating(tx: Tx, shopProductId: number) {
  await tx.execute(sql`
    update shop_products set rating_x10 = sub.avg_x10
    from (select round(avg(rating) * 10)::integer as avg_x10 from reviews where shop_product_id = ${shopProductId}::integer) sub
    where shop_products.id = ${shopProductId}::integer and sub.avg_x10 is not null`);
}

/** What a buyer sees of an order: not the seller's purchase amount, profit or deadline. */
export function toBuyerOrderView(o: typeof orders.$inferSelect) {
  const v = toOrderView(o);
  return {
    orderId: v.orderId,
    shopId: o.shopId,
    shopProductId: v.shopProductId,
    productName: v.productName,
    productImage: v.productImage,
    variantId: v.variantId,
    variantName: v.variantName,
    quantity: v.quantity,
    unitPriceCents: v.unitPriceCents,
    amountCents: v.amountCents,
    paymentMethod: v.paymentMethod,
    paymentStatus: v.paymentStatus,
    shippingStatus: v.shippingStatus,
    refundStatus: v.refundStatus,
    refundReason: v.refundReason,
    receiverName: v.receiverName,
    receiverPhone: v.receiverPhone,
    receiverAddress: v.receiverAddress,
    createTime: v.createTime,
    payTime: v.payTime,
    shippedTime: v.shippedTime,
    signedTime: v.signedTime,
    cancelTime: v.cancelTime,
  };
}

/** What a buyer sees of an order in the mall: the buyer view, the shop, the coupon's share and what was paid. */
export function toMallOrderView(o: typeof orders.$inferSelect, shopName: string): MallOrderView {
  return {
    ...toBuyerOrderView(o),
    shopName,
    purchaseStatus: o.purchaseStatus as MallOrderView['purchaseStatus'],
    purchaseTime: o.purchaseTime?.toISOString() ?? null,
    sellerDiscountCents: o.sellerDiscountCents,
    voucherId: o.voucherId,
    flashDealId: o.flashDealId,
    normalUnitPriceCents: o.normalUnitPriceCents,
    dealSavingCents: dealSavingOf(o),
    discountCents: o.discountCents,
    paidCents: o.amountCents - o.discountCents,
    checkoutNo: o.checkoutNo,
  };
}

/** The buyer's own orders, newest first, one page of a tab (BUYER_ORDER_TAB_CONDITIONS). */
export async function buyerOrders(db: Db, buyerId: number, query: { status: BuyerOrderTab; page: number; pageSize: number }): Promise<BuyerOrderListAnswer> {
  const where = and(eq(orders.buyerId, buyerId), orderConditionSql(BUYER_ORDER_TAB_CONDITIONS[query.status]));
  return readPage(
    query,
    (limit, offset) =>
      db.select({ order: orders, shopName: shops.name }).from(orders).innerJoin(shops, eq(shops.id, orders.shopId)).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(where),
    (r) => toMallOrderView(r.order, r.shopName),
  );
}

/**
 * GET /api/buyer/orders/:orderId: the order with what the buyer may do now and the review with
 * the seller's reply. Another buyer's order is NOT_FOUND.
 */
export async function buyerOrderDetail(db: Db, buyerId: number, orderId: string, now = new Date()): Promise<BuyerOrderDetail> {
  const [row] = await db
    .select({ order: orders, shopName: shops.name })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.orderNo, orderId), eq(orders.buyerId, buyerId)));
  if (!row) throw new AppError('NOT_FOUND');
  const o = row.order;
  const [review] = await db.select().from(reviews).where(eq(reviews.orderId, o.id));
  const canRefund = canApplyOrderEvent('requestRefund', o) && refundWindowOpen(o, now);
  return {
    ...toMallOrderView(o, row.shopName),
    sku: o.variantSku,
    refundNote: o.refundNote,
    refundRejectReason: o.refundRejectReason,
    canCancel: canApplyOrderEvent('cancel', o),
    canConfirmReceipt: canApplyOrderEvent('sign', o),
    canRefund,
    canReturn: canRefund && o.signedTime !== null,
    canReview: !review && canApplyOrderEvent('review', o),
    returnDeadline: o.signedTime ? new Date(o.signedTime.getTime() + ORDERS.NO_REASON_RETURN_DAYS * DAY_MS).toISOString() : null,
    review: review
      ? { rating: review.rating, content: review.content, images: review.images, createTime: review.createdAt.toISOString(), reply: review.reply, replyTime: review.replyTime?.toISOString() ?? null }
      : null,
  };
}
