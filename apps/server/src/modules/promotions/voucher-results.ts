import { and, eq } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { PromotionResults } from '@shopdesk/shared/marketing/promotion-results';
import { centsToDecimal } from '@shopdesk/shared/money';
import type { Db } from '../../db/client.ts';
import { orders, vouchers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvExport } from '../../lib/csv.ts';
import { promotionResults } from './results.ts';

/** A voucher's results (GET /api/marketing/vouchers/:id/results): NOT_FOUND for another shop's voucher. */
export async function voucherResults(db: Db, shopId: number, id: number, query: { days: number; tzOffset: number }): Promise<{ name: string; results: PromotionResults }> {
  const [v] = await db.select({ id: vouchers.id, name: vouchers.name }).from(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId)));
  if (!v) throw new AppError('NOT_FOUND');
  const results = await promotionResults(db, { belongs: and(eq(orders.shopId, shopId), eq(orders.voucherId, id))!, discountCents: orders.sellerDiscountCents.getSQL() }, query.days, query.tzOffset);
  return { name: v.name, results };
}

/**
 * The same results as CSV, in the reader's language: the window's total first, then one row per
 * day, each naming the voucher (so rows pasted together from several exports stay told apart).
 */
export async function voucherResultsCsv(db: Db, shopId: number, id: number, query: { days: number; tzOffset: number }, lang: LanguageCode): Promise<string> {
  const { name, results } = await voucherResults(db, shopId, id, query);
  const rows = [{ date: null, ...results.totals }, ...results.byDay];
  return csvExport({ lang, tzOffset: query.tzOffset }, rows, ({ h, word }) => [
    [h.promotion, () => name],
    [h.date, (r) => r.date ?? word('resultsRow', `total${results.days}`)],
    [h.orders, (r) => r.orders],
    [h.buyers, (r) => r.buyers],
    [h.sales, (r) => centsToDecimal(r.salesCents)],
    [h.discountGiven, (r) => centsToDecimal(r.discountCents)],
    [h.profit, (r) => centsToDecimal(r.profitCents)],
  ]);
}
