import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import type { orders, reviews } from '../../db/schema.ts';

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewView(r: ReviewRow, o: Pick<typeof orders.$inferSelect, 'orderNo' | 'productName' | 'productImage'>, nickname: string): ReviewView {
  return {
    id: r.id,
    orderId: o.orderNo,
    productId: r.shopProductId,
    productName: o.productName,
    productImage: o.productImage,
    rating: r.rating,
    content: r.content,
    images: r.images,
    nickname,
    createTime: r.createdAt.toISOString(),
    reply: r.reply,
    replyTime: r.replyTime ? r.replyTime.toISOString() : null,
  };
}
