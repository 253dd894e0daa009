import { and, count, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { centsToDecimal } from '@shopdesk/shared/money';
import { lineName } from '@shopdesk/shared/products/variant-names';
import { ORDERS } from '@shopdesk/shared/constants';
import type { OrderDetail, OrderFilters, OrderView, RefundView, ReviewView } from '@shopdesk/shared/orders/schemas';
import { isSettled, ORDER_CONDITIONS, type RefundStatus } from '@shopdesk/shared/orders/lifecycle';
import { localDayEnd, localDayStart } from '@shopdesk/shared/time';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { buyers, orders, reviews } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvExport } from '../../lib/csv.ts';
import { containsPattern, rowsOf } from '../../lib/sql-text.ts';
import { toReviewView } from '../reviews/review-view.ts';
import { awaitingPurchaseSql, orderConditionSql, tabSql } from './order-lifecycle.ts';
import { toOrderView } from './order-view.ts';
import { readPage } from '../../lib/read-page.ts';

type Filters = Omit<OrderFilters, 'page' | 'pageSize'>;

/** The seller's filters as one WHERE clause, always scoped to the shop. */
export function orderWhere(shopId: number, f: Filters): SQL {
  const parts: (SQL | undefined)[] = [eq(orders.shopId, shopId), tabSql(f.tab)];
  if (f.paymentStatus) parts.push(eq(orders.paymentStatus, f.paymentStatus));
  if (f.purchaseStatus) parts.push(eq(orders.purchaseStatus, f.purchaseStatus));
  if (f.shippingStatus) parts.push(eq(orders.shippingStatus, f.shippingStatus));
  if (f.refundStatus) parts.push(eq(orders.refundStatus, f.refundStatus));
  if (f.orderIds && f.orderIds.length > 0) parts.push(inArray(orders.orderNo, f.orderIds));
  if (f.keyword) parts.push(keywordSql(f.keyword));
  // Days cut at the seller's midnight: tzOffset minutes east of UTC.
  const { from, to } = dayBounds(f);
  if (from) parts.push(gte(orders.createdAt, new Date(from)));
  if (to) parts.push(lt(orders.createdAt, new Date(to)));
  return and(...parts)!;
}

const buyerSearchText = sql`(${buyers.username} || ' ' || ${buyers.nickname})`;

/**
 * Any part of the order number, product name, variant name or SKU, receiver name or phone, or of the
 * buyer's name, case-insensitive. The order's side is orders.search_text (migrations 0012 and 0036:
 * those and the phone's digits, lowercased), so `search_text LIKE lower(pattern)` is ILIKE's own rule at the
 * cost of one LIKE a row, and orders_shop_search_trgm_idx answers it. A phone typed with spaces,
 * dashes or brackets ("090-123 45") also matches by its digits.
 */
export function keywordSql(keyword: string): SQL {
  const pattern = containsPattern(keyword);
  const matches = [
    sql`${orders.searchText} like lower(${pattern})`,
    // An array computed once (an InitPlan), so "buyer_id = any(…)" can use orders_shop_buyer_idx
    // beside the trigram index (a plain IN (subquery) inside an OR cannot use either).
    sql`${orders.buyerId} = any(array(select ${buyers.id} from ${buyers} where ${buyerSearchText} ilike ${pattern}))`,
  ];
  const digits = keyword.replace(/\D/g, '');
  if (/^[\d\s()+.-]+$/.test(keyword) && digits.length >= 3 && digits !== keyword) matches.push(sql`${orders.searchText} like ${containsPattern(digits)}`);
  return sql`(${sql.join(matches, sql` or `)})`;
}

const dayBounds = (f: Filters) => ({
  from: f.from ? localDayStart(f.from, f.tzOffset).toISOString() : undefined,
  to: f.to ? localDayEnd(f.to, f.tzOffset).toISOString() : undefined,
});

/**
 * The list statement for one combination of filters (which ones are set, not their values), as a
 * named prepared statement with placeholders: built once, planned once per connection. Searches
 * by order ids or a keyword take the unprepared path (their shape varies with the search).
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
  return pageJson(db, and(...parts)!, { limit: p('limit'), offset: p('offset'), now: p('now') }).prepare(name);
}
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof buildListQuery>>>();

/** A timestamp as Date#toISOString writes it (UTC, milliseconds cut), formatted by PostgreSQL. */
const isoText = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One listed order as JSON, written by PostgreSQL exactly as toOrderView writes it (OrderView: the
 * same keys in the same order, bigint cents as numbers, timestamps as ISO text). The purchase
 * countdown is purchaseCountdown's rule at `now` (ms since the epoch) on the deadline cut to the
 * millisecond, "awaiting purchase" the lifecycle's own predicate (awaitingPurchaseSql).
 */
function orderJson(now: SQL | Placeholder): SQL {
  const awaiting = sql`coalesce(${awaitingPurchaseSql}, false)`;
  const msLeft = sql`((extract(epoch from date_trunc('milliseconds', ${orders.purchaseDeadline})) * 1000)::bigint - ${now}::bigint)`;
  const fields: [keyof OrderView, SQL | PgColumn][] = [
    ['orderId', orders.orderNo], ['shopProductId', orders.shopProductId], ['productName', orders.productName], ['productImage', orders.productImage],
    ['quantity', orders.quantity], ['unitPriceCents', orders.unitPriceCents], ['flashDealId', orders.flashDealId], ['normalUnitPriceCents', orders.normalUnitPriceCents],
    // dealSavingOf's rule: (normal − deal unit price) × quantity, 0 without a deal.
    ['dealSavingCents', sql`coalesce((${orders.normalUnitPriceCents} - ${orders.unitPriceCents}) * ${orders.quantity}, 0)`],
    ['amountCents', orders.amountCents], ['purchaseAmountCents', orders.purchaseAmountCents],
    ['profitCents', orders.profitCents], ['paymentMethod', orders.paymentMethod], ['paymentStatus', orders.paymentStatus], ['purchaseStatus', orders.purchaseStatus],
    ['shippingStatus', orders.shippingStatus], ['refundStatus', orders.refundStatus], ['refundReason', orders.refundReason], ['refundNote', orders.refundNote],
    ['refundRejectReason', orders.refundRejectReason], ['receiverName', orders.receiverName], ['receiverPhone', orders.receiverPhone], ['receiverAddress', orders.receiverAddress],
    ['createTime', isoText(orders.createdAt)], ['payTime', isoText(orders.payTime)], ['purchaseTime', isoText(orders.purchaseTime)], ['shippedTime', isoText(orders.shippedTime)],
    ['signedTime', isoText(orders.signedTime)], ['cancelTime', isoText(orders.cancelTime)], ['refundRequestTime', isoText(orders.refundRequestTime)],
    ['refundTime', isoText(orders.refundTime)], ['purchaseDeadline', isoText(orders.purchaseDeadline)],
    ['countdownSeconds', sql`case when ${awaiting} then greatest(0, ceil(${msLeft} / 1000.0))::bigint end`],
    ['awaitingPurchase', awaiting],
    ['overdue', sql`(${awaiting} and ${msLeft} <= 0)`],
    ['overtimePenalizedAt', isoText(orders.overtimePenalizedAt)],
    ['variantId', orders.variantId], ['variantName', orders.variantName], ['sku', orders.variantSku],
  ];
  // row_to_json writes compact JSON (json_build_object and json_agg put spaces after ':' and ',').
  return sql`(select row_to_json(o) from (select ${sql.join(fields.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`), sql`, `)}) o)`;
}

/**
 * The list answer's `data` in one round trip, one row: the total of the filter (an uncorrelated
 * scalar subquery; unfiltered, an index-only scan) and the page as JSON text, read through
 * orders_shop_created_idx (shop_id, created_at DESC, id DESC). PostgreSQL writes the JSON, so
 * Node reads one text value instead of twenty rows of thirty columns and sends it as it is
 * (docs/decisions.md, "Order list answer").
 */
function pageJson(db: Db, where: SQL, page: { limit: number | Placeholder; offset: number | Placeholder; now: number | Placeholder }) {
  const now = typeof page.now === 'number' ? sql`${page.now}` : page.now;
  return db
    .select({
      total: sql<number>`(select count(*) from ${orders} where ${where})::integer`.as('total'),
      list: sql<string>`coalesce((select '[' || string_agg(p.item::text, ',' order by p.created_at desc, p.id desc) || ']' from (
        select ${orderJson(now)} as item, ${orders.createdAt} as created_at, ${orders.id} as id from ${orders} where ${where}
        order by ${orders.createdAt} desc, ${orders.id} desc limit ${page.limit} offset ${page.offset}) p), '[]')`.as('list'),
    })
    .from(sql`(select 1) as one`);
}

/**
 * A drizzle prepared statement's `all`: the driver's rows as they come (no per-column mapping),
 * present on both drivers though not in drizzle's public types; node-postgres answers the rows,
 * PGlite its result. The order list tests run on both (DATABASE_URL).
 */
type RawPrepared = { all(values: Record<string, unknown>): Promise<unknown> };
const rawRows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** How a keyword search reads (searchPageJson); the tests shrink it to reach every path with a few orders. */
export interface SearchLimits {
  /** The shop's newest orders (of the other filters) read first. */
  window: number;
}
const SEARCH_LIMITS: SearchLimits = { window: 2000 };

/**
 * A keyword search's page and total in one statement (docs/decisions.md "Order search at scale").
 * It reads the newest `window` orders of the other filters first, through orders_shop_created_idx,
 * and matches each one (one LIKE on search_text). That answers alone when the window holds the
 * whole filter (a shop of up to `window` orders: the exact total) or more matches than the page
 * needs (a frequent keyword: the total is then the window's matches, a lower bound, `capped`).
 * Otherwise the page and the exact total come from all the matches, read once through
 * orders_shop_search_trgm_idx (a rare keyword: few candidates). The branch not needed is never run
 * (InitPlans and one-time filters). Nothing counts a frequent keyword's every match: in a big shop
 * that reads all its orders ("000" is in every bench order number), whatever the index.
 */
async function searchPageJson(db: Db, shopId: number, f: OrderFilters, page: { limit: number; offset: number; now: number }, limits: SearchLimits) {
  const others = orderWhere(shopId, { ...f, keyword: undefined });
  const match = keywordSql(f.keyword!);
  // More matches than the page's end: the next page exists, so the pager and the phone's scroll offer it.
  const end = page.offset + page.limit;
  const order = sql`created_at desc, id desc`;
  const [row] = rowsOf<{ capped: boolean; counted: number | string; list: string }>(
    await db.execute(sql`
      with win as materialized (
        select ${orders.id} as id, ${orders.createdAt} as created_at, ${match} as m from ${orders} where ${others}
        order by ${orders.createdAt} desc, ${orders.id} desc limit ${limits.window}
      ),
      seen as (select count(*) < ${limits.window} as whole, count(*) filter (where m) as k from win),
      held as (select whole or k > ${end} as held, not whole and k > ${end} as capped, k from seen),
      -- Planned for all its rows (materialized), so a bitmap scan of the trigram index, not a walk
      -- of the shop's newest orders: it only runs for a keyword the window found rare.
      found as materialized (select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${others} and ${match}),
      page as (
        (select id, created_at from win where m and (select held from held)
          order by ${order} limit ${page.limit} offset ${page.offset})
        union all
        (select id, created_at from found where not (select held from held)
          order by ${order} limit ${page.limit} offset ${page.offset})
      )
      select (select capped from held) as capped,
        (select case when held then k else (select count(*) from found) end from held) as counted,
        coalesce((select '[' || string_agg(${orderJson(sql`${page.now}`)}::text, ',' order by page.created_at desc, page.id desc) || ']'
          from page join ${orders} on ${orders.id} = page.id), '[]') as list`),
  );
  return { list: row.list, total: Number(row.counted), capped: row.capped };
}

/**
 * One page of the shop's orders, newest first, and the total: the answer's `data` as JSON text
 * (OrderListAnswer), for the route to send without reading it back.
 */
export async function listOrdersJson(db: Db, shopId: number, f: OrderFilters, searchLimits = SEARCH_LIMITS): Promise<string> {
  const limit = f.pageSize;
  const offset = (f.page - 1) * f.pageSize;
  const now = Date.now();
  let row: { total: number; list: string; capped?: boolean };
  if (f.keyword) {
    row = await searchPageJson(db, shopId, f, { limit, offset, now }, searchLimits);
  } else if (f.orderIds && f.orderIds.length > 0) {
    [row] = await pageJson(db, orderWhere(shopId, f), { limit, offset, now });
  } else {
    const shape = [f.tab, f.paymentStatus ? 1 : 0, f.purchaseStatus ? 1 : 0, f.shippingStatus ? 1 : 0, f.refundStatus ? 1 : 0, f.from ? 1 : 0, f.to ? 1 : 0].join('_');
    let byShape = listQueries.get(db);
    if (!byShape) listQueries.set(db, (byShape = new Map()));
    let query = byShape.get(shape);
    if (!query) byShape.set(shape, (query = buildListQuery(db, f, `orders_page_${shape}`)));
    const { from, to } = dayBounds(f);
    [row] = rawRows<{ total: number; list: string }>(
      await (query as unknown as RawPrepared).all({
        shopId,
        paymentStatus: f.paymentStatus,
        purchaseStatus: f.purchaseStatus,
        shippingStatus: f.shippingStatus,
        refundStatus: f.refundStatus,
        from,
        to,
        limit,
        offset,
        now,
      }),
    );
  }
  return `{"list":${row.list},"total":${Number(row.total)},"page":${f.page},"pageSize":${f.pageSize},"totalCapped":${row.capped === true}}`;
}

/** The filtered orders as CSV, in the reader's language and time zone (GET /api/order/exportOrders). */
export async function exportOrdersCsv(db: Db, shopId: number, f: Filters, lang: LanguageCode): Promise<string> {
  const rows = await db
    .select()
    .from(orders)
    .where(orderWhere(shopId, f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS.EXPORT_MAX_ROWS);
  const now = Date.now();
  const views = rows.map((row) => toOrderView(row, now));
  return csvExport({ lang, tzOffset: f.tzOffset }, views, ({ h, time, word }) => [
    [h.orderId, (o) => o.orderId],
    [h.createTime, (o) => time(o.createTime)],
    // The variant beside the product ("T-shirt (Blue, M)"), the name alone without options.
    [h.productName, (o) => lineName(o.productName, o.variantName)],
    [h.quantity, (o) => o.quantity],
    [h.unitPrice, (o) => centsToDecimal(o.unitPriceCents)],
    [h.amount, (o) => centsToDecimal(o.amountCents)],
    [h.purchaseAmount, (o) => centsToDecimal(o.purchaseAmountCents)],
    [h.profit, (o) => centsToDecimal(o.profitCents)],
    [h.paymentMethod, (o) => word('paymentMethod', o.paymentMethod)],
    [h.paymentStatus, (o) => word('paymentStatus', o.paymentStatus)],
    [h.purchaseStatus, (o) => word('purchaseStatus', o.purchaseStatus)],
    [h.shippingStatus, (o) => word('shippingStatus', o.shippingStatus)],
    [h.refundStatus, (o) => word('refundStatus', o.refundStatus)],
    [h.refundReason, (o) => word('refundReason', o.refundReason)],
    [h.refundNote, (o) => o.refundNote],
    [h.receiverName, (o) => o.receiverName],
    [h.receiverPhone, (o) => o.receiverPhone],
    [h.receiverAddress, (o) => o.receiverAddress],
    [h.payTime, (o) => time(o.payTime)],
    [h.purchaseTime, (o) => time(o.purchaseTime)],
    [h.purchaseDeadline, (o) => time(o.purchaseDeadline)],
    [h.signedTime, (o) => time(o.signedTime)],
    [h.refundTime, (o) => time(o.refundTime)],
  ]);
}

/** Every field of SPEC §3 Order, with the buyer's nickname and the review, if any. */
export async function orderDetail(db: Db, shopId: number, orderId: string, reviewImageHosts: readonly string[]): Promise<OrderDetail> {
  const [row] = await db
    .select({ order: orders, nickname: buyers.nickname })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.orderNo, orderId), eq(orders.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  const [review] = await db.select().from(reviews).where(eq(reviews.orderId, row.order.id));
  const reviewView: ReviewView | null = review ? toReviewView(review, row.order, row.nickname, reviewImageHosts) : null;
  return { ...toOrderView(row.order), buyerNickname: row.nickname, review: reviewView };
}

/** Refund requests, newest request first (orders_shop_refund_idx). */
export async function refundList(db: Db, shopId: number, q: { refundStatus: RefundStatus | 'all'; orderIds?: string[]; page: number; pageSize: number }) {
  const parts: SQL[] = [eq(orders.shopId, shopId), orderConditionSql(ORDER_CONDITIONS.refundAsked)];
  if (q.refundStatus !== 'all') parts.push(eq(orders.refundStatus, q.refundStatus));
  if (q.orderIds && q.orderIds.length > 0) parts.push(inArray(orders.orderNo, q.orderIds));
  const where = and(...parts);
  const now = Date.now();
  return readPage(
    q,
    (limit, offset) =>
      db.select({ order: orders, nickname: buyers.nickname }).from(orders).innerJoin(buyers, eq(buyers.id, orders.buyerId)).where(where).orderBy(desc(orders.refundRequestTime), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(where),
    (r): RefundView => ({ ...toOrderView(r.order, now), buyerNickname: r.nickname, settled: isSettled(r.order) }),
  );
}
