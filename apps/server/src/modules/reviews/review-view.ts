import { reviewImageAllowed } from '@shopdesk/shared/orders/review-images';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import type { orders, reviews } from '../../db/schema.ts';

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewView(r: ReviewRow, o: Pick<typeof orders.$inferSelect, 'orderNo' | 'productName' | 'productImage'>, nickname: string, imageHosts: readonly string[]): ReviewView {
  return {
    id: r.id,
    orderId: o.orderNo,
    productId: r.shopProductId,
    productName: o.productName,
    productImage: o.productImage,
    rating: r.rating,
    content: r.content,
    // Pictures stored before the rule, from hosts no longer allowed, are left out.
    images: r.images.filter((src) => reviewImageAllowed(src, imageHosts)),
    nickname,
    createTime: r.createdAt.toISOString(),
    reply: r.reply,
    replyTime: r.replyTime ? r.replyTime.toISOString() : null,
  };
}
