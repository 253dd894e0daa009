import { and, eq } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { Db } from '../../db/client.ts';
import { orders, vouchers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { namedResults, promotionResultsCsv, type NamedResults, type ResultsWindow } from './results.ts';

/** A voucher's results (GET /api/marketing/vouchers/:id/results): its orders, its share off each; NOT_FOUND for another shop's voucher. */
export async function voucherResults(db: Db, shopId: number, id: number, window: ResultsWindow): Promise<NamedResults> {
  const [v] = await db.select({ id: vouchers.id, name: vouchers.name }).from(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId)));
  if (!v) throw new AppError('NOT_FOUND');
  return namedResults(db, v.name, { belongs: and(eq(orders.shopId, shopId), eq(orders.voucherId, id))!, discountCents: orders.sellerDiscountCents.getSQL() }, window);
}

/** The same as CSV in the reader's language, each row naming the voucher. */
export async function voucherResultsCsv(db: Db, shopId: number, id: number, window: ResultsWindow, lang: LanguageCode): Promise<string> {
  return promotionResultsCsv(await voucherResults(db, shopId, id, window), window, lang);
}
