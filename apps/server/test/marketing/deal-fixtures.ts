/**
 * Set-up helpers of the flash deal tests: deals made through the seller API, their start moved into
 * the past in the database when a test needs one running (the clock does not wait).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import type { TestContext } from '../helper.ts';
import type { ShopFixture } from '../orders/fixtures.ts';
import { sellerCall } from './voucher-fixtures.ts';

const HOUR = 3600_000;

/** A deal's terms as the seller sends them: starting in a minute, for a day, 10 units. */
export function dealTerms(productId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productId,
    dealPriceCents: 10_00,
    startsAt: new Date(Date.now() + 60_000).toISOString(),
    endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    stockCap: 10,
    ...overrides,
  };
}

/** Creates a deal through the API and starts it now (its start moved 1 hour back); answers its id. */
export async function runningDeal(ctx: TestContext, shop: ShopFixture, productId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const { status, body } = await sellerCall(ctx, shop, 'POST', '/api/marketing/deals/create', dealTerms(productId, overrides));
  if (status !== 200) throw new Error(`deal create failed: ${JSON.stringify(body)}`);
  const id = body.data.deal.id as number;
  await ctx.db.execute(sql`update flash_deals set starts_at = now() - interval '1 hour' where id = ${id}::integer`);
  return id;
}

export async function dealRow(db: Db, dealId: number) {
  const [row] = rowsOf<{ sold_count: number; stock_cap: number; ended_at: string | null; deal_price_cents: number }>(
    await db.execute(sql`select sold_count, stock_cap, ended_at, deal_price_cents::int as deal_price_cents from flash_deals where id = ${dealId}::integer`),
  );
  return row;
}

export async function dealCount(db: Db, shopId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from flash_deals where shop_id = ${shopId}::integer`));
  return row.n;
}
