import { and, eq, sql } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import type { Db } from '../../db/client.ts';
import { flashDeals, orders, shopProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { namedResults, promotionResultsCsv, type NamedResults, type ResultsWindow } from './results.ts';

/**
 * A flash deal's results (GET /api/marketing/deals/:id/results): the orders bought at the deal
 * (`flash_deal_id`), each discounted by (normal unit price − deal unit price) × quantity, named by
 * the deal's product (a deal has no name of its own); NOT_FOUND for another shop's deal.
 */
export async function dealResults(db: Db, shopId: number, id: number, window: ResultsWindow): Promise<NamedResults> {
  const [d] = await db
    .select({ name: shopProducts.name })
    .from(flashDeals)
    .innerJoin(shopProducts, eq(shopProducts.id, flashDeals.shopProductId))
    .where(and(eq(flashDeals.id, id), eq(flashDeals.shopId, shopId)));
  if (!d) throw new AppError('NOT_FOUND');
  const discountCents = sql`(${orders.normalUnitPriceCents} - ${orders.unitPriceCents}) * ${orders.quantity}`;
  return namedResults(db, d.name, { belongs: and(eq(orders.shopId, shopId), eq(orders.flashDealId, id))!, discountCents }, window);
}

/** The same as CSV in the reader's language, each row naming the deal's product. */
export async function dealResultsCsv(db: Db, shopId: number, id: number, window: ResultsWindow, lang: LanguageCode): Promise<string> {
  return promotionResultsCsv(await dealResults(db, shopId, id, window), window, lang);
}
