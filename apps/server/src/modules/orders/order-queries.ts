import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal } from '@shopdesk/shared/money';
import { ORDERS } from '@shopdesk/shared/constants';
import type { OrderDetail, OrderFilters, OrderListAnswer, RefundView, ReviewView } from '@shopdesk/shared/orders/schemas';
import type { RefundStatus } from '@shopdesk/shared/orders/statuses';
import type { Db } from '../../db/client.ts';
import { buyers, orders, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { toReviewView } from '../reviews/review-view.ts';
import { tabSql } from './order-predicates.ts';
import { toOrderView } from './order-view.ts';

const DAY_MS = 24 * 3600 * 1000;

type Filters = Omit<OrderFilters, 'page' | 'pageSize'>;

/** The seller's filters as one WHERE clause, always scoped to the shop. */
export function orderWhere(shopId: number, f: Filters): SQL {
  const parts: (SQL | undefined)[] = [eq(orders.shopId, shopId), tabSql(f.tab)];
  if (f.paymentStatus) parts.push(eq(orders.paymentStatus, f.paymentStatus));
  if (f.purchaseStatus) parts.push(eq(orders.purchaseStatus, f.purchaseStatus));
  if (f.shippingStatus) parts.push(eq(orders.shippingStatus, f.shippingStatus));
  if (f.refundStatus) parts.push(eq(orders.refundStatus, f.refundStatus));
  if (f.orderNos && f.orderNos.length > 0) parts.push(inArray(orders.orderNo, f.orderNos));
  // Days cut at the seller's midnight: tzOffset minutes east of UTC.
  const { from, to } = dayBounds(f);
  if (from) parts.push(gte(orders.createdAt, new Date(from)));
  if (to) parts.push(lt(orders.createdAt, new Date(to)));
  return and(...parts)!;
}

const dayBounds = (f: Filters) => {
  const shift = f.tzOffset * 60_000;
  return {
    from: f.from ? new Date(Date.parse(`${f.from}T00:00:00Z`) - shift).toISOString() : undefined,
    to: f.to ? new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS - shift).toISOString() : undefined,
  };
};

/**
 * The list query for one combination of filters (which ones are set, not their values), as a
 * named prepared statement with placeholders: built once, planned once per connection. Searches
 * by order ids take the unprepared path (their shape varies with the number of ids).
 */
function buildListQuery(db: Db, f: Filters, name: string) {
  const p = sql.placeholder;
  const parts: (SQL | undefined)[] = [eq(orders.shopId, p('shopId')), tabSql(f.tab)];
  if (f.paymentStatus) parts.push(eq(orders.paymentStatus, p('paymentStatus')));
  if (f.purchaseStatus) parts.push(eq(orders.purchaseStatus, p('purchaseStatus')));
  if (f.shippingStatus) parts.push(eq(orders.shippingStatus, p('shippingStatus')));
  if (f.refundStatus) parts.push(eq(orders.refundStatus, p('refundStatus')));
  if (f.from) parts.push(gte(orders.createdAt, p('from')));
  if (f.to) parts.push(lt(orders.createdAt, p('to')));
  return pageWithTotal(db, and(...parts)!)
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(name);
}
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildListQuery>>>();

/**
 * A page of orders with the total of the same filter in one round trip. The total is an
 * uncorrelated scalar subquery (computed once; unfiltered, an index-only scan), and the page
 * reads only its own rows through orders_shop_created_idx (shop_id, created_at DESC, id DESC).
 */
function pageWithTotal(db: Db, where: SQL) {
  return db
    .select({ order: getTableColumns(orders), total: sql<string>`(select count(*) from ${orders} where ${where})` })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One page of the shop's orders, newest first, and the total. */
export async function listOrders(db: Db, shopId: number, f: OrderFilters): Promise<OrderListAnswer> {
  let rows: { order: typeof orders.$inferSelect; total: string }[];
  if (f.orderNos && f.orderNos.length > 0) {
    rows = await pageWithTotal(db, orderWhere(shopId, f))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
  } else {
    const shape = [f.tab, f.paymentStatus ? 1 : 0, f.purchaseStatus ? 1 : 0, f.shippingStatus ? 1 : 0, f.refundStatus ? 1 : 0, f.from ? 1 : 0, f.to ? 1 : 0].join('_');
    let byShape = listQueries.get(db);
    if (!byShape) listQueries.set(db, (byShape = new Map()));
    let query = byShape.get(shape);
    if (!query) byShape.set(shape, (query = buildListQuery(db, f, `orders_list_${shape}`)));
    const { from, to } = dayBounds(f);
    rows = await query.execute({
      shopId,
      paymentStatus: f.paymentStatus,
      purchaseStatus: f.purchaseStatus,
      shippingStatus: f.shippingStatus,
      refundStatus: f.refundStatus,
      from,
      to,
      limit: f.pageSize,
      offset: (f.page - 1) * f.pageSize,
    });
  }
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && f.page > 1) {
    const [row] = await db.select({ n: count() }).from(orders).where(orderWhere(shopId, f));
    total = Number(row.n);
  }
  const now = Date.now();
  return { list: rows.map((r) => toOrderView(r.order, now)), total, page: f.page, pageSize: f.pageSize };
}

export async function exportOrdersCsv(db: Db, shopId: number, f: Filters): Promise<string> {
  const rows = await db
    .select()
    .from(orders)
    .where(orderWhere(shopId, f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS.EXPORT_MAX_ROWS);
  const now = Date.now();
  const header = [
    'orderId', 'createTime', 'productName', 'quantity', 'unitPrice', 'amount', 'purchaseAmount', 'profit', 'paymentMethod',
    'paymentStatus', 'purchaseStatus', 'shippingStatus', 'refundStatus', 'refundReason', 'refundNote', 'receiverName', 'receiverPhone',
    'receiverAddress', 'payTime', 'purchaseTime', 'purchaseDeadline', 'signedTime', 'refundTime',
  ];
  return toCsv(
    header,
    rows.map((row) => {
      const o = toOrderView(row, now);
      return [
        o.orderId, o.createTime, o.productName, o.quantity, centsToDecimal(o.unitPriceCents), centsToDecimal(o.amountCents),
        centsToDecimal(o.purchaseAmountCents), centsToDecimal(o.profitCents), o.paymentMethod, o.paymentStatus, o.purchaseStatus,
        o.shippingStatus, o.refundStatus ?? '', o.refundReason ?? '', o.refundNote ?? '', o.receiverName, o.receiverPhone,
        o.receiverAddress, o.payTime ?? '', o.purchaseTime ?? '', o.purchaseDeadline, o.signedTime ?? '', o.refundTime ?? '',
      ];
    }),
  );
}

/** Every field of SPEC §3 Order, with the buyer's nickname and the review, if any. */
export async function orderDetail(db: Db, shopId: number, orderNo: string): Promise<OrderDetail> {
  const [row] = await db
    .select({ order: orders, nickname: buyers.nickname })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  const [review] = await db.select().from(reviews).where(eq(reviews.orderId, row.order.id));
  const reviewView: ReviewView | null = review ? toReviewView(review, row.order, row.nickname) : null;
  return { ...toOrderView(row.order), buyerNickname: row.nickname, review: reviewView };
}

/** Refund requests, newest request first (orders_shop_refund_idx). */
export async function refundList(db: Db, shopId: number, q: { refundStatus: RefundStatus | 'all'; orderNos?: string[]; page: number; pageSize: number }) {
  const parts: SQL[] = [eq(orders.shopId, shopId), isNotNull(orders.refundStatus)];
  if (q.refundStatus !== 'all') parts.push(eq(orders.refundStatus, q.refundStatus));
  if (q.orderNos && q.orderNos.length > 0) parts.push(inArray(orders.orderNo, q.orderNos));
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, nickname: buyers.nickname })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(where)
      .orderBy(desc(orders.refundRequestTime), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const now = Date.now();
  const list: RefundView[] = rows.map((r) => ({
    ...toOrderView(r.order, now),
    buyerNickname: r.nickname,
    settled: r.order.paymentStatus === 'completed',
  }));
  return { list, total: Number(total.n), page: q.page, pageSize: q.pageSize };
}
