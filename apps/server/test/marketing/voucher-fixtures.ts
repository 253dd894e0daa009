/**
 * Set-up helpers of the seller voucher tests: vouchers made through the seller API, their dates
 * moved in the database when a test needs one already started or ended (the clock does not wait).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, type TestContext } from '../helper.ts';
import type { ShopFixture } from '../orders/fixtures.ts';

const HOUR = 3600_000;

/** Terms of a voucher as the seller sends them: a shop-wide 5.00 off, public, running for a week from 1 minute from now. */
export function voucherTerms(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Weekend sale',
    scope: 'shop',
    kind: 'amount',
    amountOffCents: 5_00,
    minSpendCents: 0,
    startsAt: new Date(Date.now() + 60_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    totalQuantity: 100,
    perBuyerLimit: 1,
    visibility: 'public',
    acceptLoss: true,
    ...overrides,
  };
}

export function sellerCall(ctx: TestContext, shop: ShopFixture, method: 'GET' | 'POST', url: string, body?: unknown, lang?: string) {
  return call(ctx.app, method, url, { token: shop.token, body, lang });
}

/** Creates a voucher through the API and starts it now (its start moved 1 hour back); answers its id. */
export async function runningVoucher(ctx: TestContext, shop: ShopFixture, overrides: Record<string, unknown> = {}): Promise<number> {
  const { status, body } = await sellerCall(ctx, shop, 'POST', '/api/marketing/vouchers/create', voucherTerms(overrides));
  if (status !== 200) throw new Error(`voucher create failed: ${JSON.stringify(body)}`);
  const id = body.data.voucher.id as number;
  await startNow(ctx.db, id);
  return id;
}

export async function startNow(db: Db, voucherId: number) {
  await db.execute(sql`update vouchers set starts_at = now() - interval '1 hour' where id = ${voucherId}::integer`);
}

export async function voucherRow(db: Db, voucherId: number) {
  const [row] = rowsOf<{ used_count: number; total_quantity: number; ended_at: string | null }>(await db.execute(sql`select used_count, total_quantity, ended_at from vouchers where id = ${voucherId}::integer`));
  return row;
}

export async function voucherCount(db: Db, shopId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from vouchers where shop_id = ${shopId}::integer`));
  return row.n;
}
