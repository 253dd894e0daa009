import type { ChatMessage, ChatSide, ChatState, OrderCard, ProductCard, VoucherCard } from '@shopdesk/shared/chat/schemas';
import type { chatConversations, chatMessages, orders, vouchers } from '../../db/schema.ts';

export type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;
export type Marks = Pick<ConversationRow, 'sellerReadId' | 'sellerDeliveredId' | 'buyerReadId' | 'buyerDeliveredId'>;

/** Where each side fetches a message's picture (with its own token). */
export const IMAGE_PATHS: Record<ChatSide, string> = { seller: '/api/chat/images/', buyer: '/api/buyer/chat/images/' };

/** A message as its sender sees it: read or received by the other side's marks, else sent. */
export function stateOf(row: Pick<MessageRow, 'id' | 'sender'>, marks: Marks): ChatState {
  const [read, delivered] = row.sender === 'buyer' ? [marks.sellerReadId, marks.sellerDeliveredId] : [marks.buyerReadId, marks.buyerDeliveredId];
  if (row.id <= read) return 'read';
  if (row.id <= delivered) return 'delivered';
  return 'sent';
}

/** A stored message as `viewer` receives it. The text goes out as stored: plain text, never markup. */
export function toChatMessage(row: MessageRow, marks: Marks, viewer: ChatSide): ChatMessage {
  const card = row.card ?? null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    sender: row.sender,
    auto: row.auto ?? null,
    kind: row.kind,
    text: row.body,
    imageUrl: row.kind === 'image' && row.imageFile ? `${IMAGE_PATHS[viewer]}${row.id}` : null,
    product: row.kind === 'product' && card ? (card as unknown as ProductCard) : null,
    order: row.kind === 'order' && card ? (card as unknown as OrderCard) : null,
    voucher: row.kind === 'voucher' && card ? (card as unknown as VoucherCard) : null,
    state: stateOf(row, marks),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An order as a chat card (and in the list beside a conversation). */
export function toOrderCard(order: typeof orders.$inferSelect): OrderCard {
  return {
    orderId: order.orderNo,
    productName: order.productName,
    productImage: order.productImage,
    quantity: order.quantity,
    amountCents: order.amountCents,
    paymentStatus: order.paymentStatus,
    purchaseStatus: order.purchaseStatus,
    shippingStatus: order.shippingStatus,
    refundStatus: order.refundStatus,
    createdAt: order.createdAt.toISOString(),
  };
}

/** A voucher as a chat card: its terms as they are when sent, the code only for a code voucher. */
export function toVoucherCard(v: typeof vouchers.$inferSelect): VoucherCard {
  return {
    voucherId: v.id,
    name: v.name,
    visibility: v.visibility,
    code: v.visibility === 'code' ? v.code : null,
    scope: v.scope,
    kind: v.kind,
    amountOffCents: v.amountOffCents,
    percentOff: v.percentOff,
    maxDiscountCents: v.maxDiscountCents,
    minSpendCents: v.minSpendCents,
    endsAt: v.endsAt.toISOString(),
  };
}
