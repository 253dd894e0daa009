import { and, count, countDistinct, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { PromotionFigures, PromotionResults } from '@shopdesk/shared/marketing/promotion-results';
import { centsToDecimal } from '@shopdesk/shared/money';
import { ORDER_CONDITIONS, type OrderCondition, type OrderDimension } from '@shopdesk/shared/orders/lifecycle';
import { windowDays } from '@shopdesk/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { csvExport } from '../../lib/csv.ts';

/** Which order rows a promotion answers for, and what it took off each. */
export interface PromotionOrders {
  /** A predicate over `orders` selecting the promotion's rows (a voucher: `voucher_id = id`). */
  belongs: SQL;
  /** The promotion's discount on one row, an expression over `orders` (a voucher: `seller_discount_cents`). */
  discountCents: SQL;
}

const STATUS_COLUMN = { payment: orders.paymentStatus, purchase: orders.purchaseStatus, shipping: orders.shippingStatus, refund: orders.refundStatus } as const;

/**
 * A condition of the shared order lifecycle as SQL, written plainly (refund 'none' is NULL).
 * orders/order-lifecycle.ts writes the same shorter, but the orders module imports this one (a
 * refund gives a voucher's use back), so this module does not import it.
 */
function conditionSql(condition: OrderCondition): SQL {
  const parts = (Object.entries(condition) as [OrderDimension, readonly string[]][]).map(([dimension, allowed]) => {
    const column = STATUS_COLUMN[dimension];
    const values = allowed.filter((s) => s !== 'none');
    const among = values.length > 0 ? inArray(column, values) : undefined;
    return allowed.includes('none') ? or(isNull(column), among)! : (among ?? sql`false`);
  });
  return and(...parts) ?? sql`true`;
}

const figures = (discountCents: SQL) => ({
  orders: count(),
  buyers: countDistinct(orders.buyerId),
  salesCents: sql<string>`coalesce(sum(${orders.amountCents}), 0)`,
  discountCents: sql<string>`coalesce(sum(${discountCents}), 0)`,
  profitCents: sql<string>`coalesce(sum(${orders.profitCents}), 0)`,
});

const toFigures = (r: { orders: unknown; buyers: unknown; salesCents: unknown; discountCents: unknown; profitCents: unknown } | undefined): PromotionFigures => ({
  orders: Number(r?.orders ?? 0),
  buyers: Number(r?.buyers ?? 0),
  salesCents: Number(r?.salesCents ?? 0),
  discountCents: Number(r?.discountCents ?? 0),
  profitCents: Number(r?.profitCents ?? 0),
});

/**
 * A promotion's results over the seller's last `days` calendar days (today included, cut at their
 * midnight, as the dashboard's windows): the orders that are sales (the dashboard's "valid" orders:
 * paid or settled, no approved refund), their distinct buyers, sales (the amount after the
 * discount), the discount and the profit (sales − purchase cost, `orders.profit_cents`), in total
 * and per day. The same for any promotion kind: the caller names the rows and the discount.
 */
export async function promotionResults(db: DbOrTx, promotion: PromotionOrders, days: number, tzOffset: number, now = new Date()): Promise<PromotionResults> {
  const window = windowDays(days, tzOffset, now);
  const where = and(promotion.belongs, conditionSql(ORDER_CONDITIONS.sale), gte(orders.createdAt, window.from), lt(orders.createdAt, window.to));
  const localDay = sql<string>`to_char((${orders.createdAt} at time zone 'UTC') + make_interval(mins => ${tzOffset}::int), 'YYYY-MM-DD')`;
  // Grouped by position: the day's expression carries a parameter, which PostgreSQL would not match by text.
  const [[total], perDay] = await Promise.all([
    db.select(figures(promotion.discountCents)).from(orders).where(where),
    db
      .select({ date: localDay, ...figures(promotion.discountCents) })
      .from(orders)
      .where(where)
      .groupBy(sql`1`),
  ]);
  const byDate = new Map(perDay.map((r) => [String(r.date), r]));
  return {
    days,
    from: window.days[0],
    to: window.days[window.days.length - 1],
    totals: toFigures(total),
    byDay: window.days.map((date) => ({ date, ...toFigures(byDate.get(date)) })),
  };
}

/** The window asked for (promotionResultsQuery, parsed). */
export interface ResultsWindow {
  days: number;
  tzOffset: number;
}

/** A promotion's results with the name its CSV rows carry (a voucher's name, a deal's product). */
export interface NamedResults {
  name: string;
  results: PromotionResults;
}

/** The results of one promotion the caller has found in the shop (the caller answers NOT_FOUND otherwise). */
export async function namedResults(db: DbOrTx, name: string, promotion: PromotionOrders, window: ResultsWindow): Promise<NamedResults> {
  return { name, results: await promotionResults(db, promotion, window.days, window.tzOffset) };
}

/**
 * The same results as CSV, in the reader's language: the window's total first, then one row per
 * day, each naming the promotion (so rows pasted together from several exports stay told apart).
 */
export function promotionResultsCsv({ name, results }: NamedResults, window: ResultsWindow, lang: LanguageCode): string {
  const rows = [{ date: null, ...results.totals }, ...results.byDay];
  return csvExport({ lang, tzOffset: window.tzOffset }, rows, ({ h, word }) => [
    [h.promotion, () => name],
    [h.date, (r) => r.date ?? word('resultsRow', `total${results.days}`)],
    [h.orders, (r) => r.orders],
    [h.buyers, (r) => r.buyers],
    [h.sales, (r) => centsToDecimal(r.salesCents)],
    [h.discountGiven, (r) => centsToDecimal(r.discountCents)],
    [h.profit, (r) => centsToDecimal(r.profitCents)],
  ]);
}

/** The CSV's file name, e.g. `deal-12-results-7d.csv`. */
export const resultsFileName = (kind: 'voucher' | 'deal', id: number, days: number) => `${kind}-${id}-results-${days}d.csv`;
