import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, orders, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { toReviewView } from './review-view.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { readPage } from '../../lib/read-page.ts';

/** The shop's reviews, newest first; SPEC §5 asks for a rating to filter by ('all' explicitly). */
export async function listReviews(db: Db, shopId: number, q: { rating: number | 'all'; unanswered?: boolean; productId?: number; page: number; pageSize: number }, imageHosts: readonly string[]) {
  const parts: SQL[] = [eq(reviews.shopId, shopId)];
  if (q.rating !== 'all') parts.push(eq(reviews.rating, q.rating));
  if (q.unanswered === true) parts.push(isNull(reviews.reply));
  if (q.unanswered === false) parts.push(sql`${reviews.reply} is not null`);
  if (q.productId) parts.push(eq(reviews.shopProductId, q.productId));
  const where = and(...parts);
  return readPage(
    q,
    (limit, offset) =>
      db
        .select({ review: reviews, order: { orderNo: orders.orderNo, productName: orders.productName, productImage: orders.productImage }, nickname: buyers.nickname })
        .from(reviews)
        .innerJoin(orders, eq(orders.id, reviews.orderId))
        .innerJoin(buyers, eq(buyers.id, reviews.buyerId))
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
    (r) => toReviewView(r.review, r.order, r.nickname, imageHosts),
  );
}

/** The merchant reply, once: the UPDATE only takes a review without a reply. */
export async function replyToReview(db: Db, shopId: number, id: number, reply: string, userId: number | null = null) {
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({ reply, replyTime: sql`now()` })
      .where(and(eq(reviews.id, id), eq(reviews.shopId, shopId), isNull(reviews.reply)))
      .returning({ id: reviews.id, reply: reviews.reply, replyTime: reviews.replyTime, rating: reviews.rating });
    if (rows[0]) await recordActivity(tx, { shopId, userId, action: 'review_replied', subject: String(id), detail: { rating: rows[0].rating } });
    return rows;
  });
  if (updated) return { id: updated.id, reply: updated.reply, replyTime: updated.replyTime!.toISOString() };
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.shopId, shopId)));
  throw new AppError(existing ? 'ALREADY_REPLIED' : 'NOT_FOUND');
}
