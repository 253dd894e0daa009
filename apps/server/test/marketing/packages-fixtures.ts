/** Helpers of the promotion package tests: buying through the API, moving a package's clock. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PackageType } from '@shopdesk/shared/products/packages';
import type { Db } from '../../src/db/client.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, encodePassword } from '../helper.ts';

export function buy(app: FastifyInstance, shop: { token: string; fundPassword: string }, type: PackageType, options: { fundPassword?: string; key?: string } = {}) {
  return call(app, 'POST', '/api/marketing/buyPackage', {
    token: shop.token,
    headers: options.key ? { 'idempotency-key': options.key } : undefined,
    body: { type, fundPassword: encodePassword(options.fundPassword ?? shop.fundPassword) },
  });
}

export async function packageRows(db: Db, shopId: number) {
  return rowsOf<{ id: number; type: string; replaced: boolean; expires_at: string; purchased_at: string }>(
    await db.execute(sql`select id::int as id, type, replaced_at is not null as replaced, expires_at::text, purchased_at::text from promotion_packages where shop_id = ${shopId} order by id`),
  );
}

export async function packageTransfers(db: Db, shopId: number) {
  return rowsOf<{ type: string; amount: number }>(
    await db.execute(sql`select type, amount_cents::int as amount from ledger_transfers where shop_id = ${shopId} and ref_type = 'package' order by id`),
  );
}

/** Moves every package of the shop back in time (the clock does not wait in tests). */
export async function agePackages(db: Db, shopId: number, days: number) {
  await db.execute(sql`update promotion_packages set purchased_at = purchased_at - make_interval(days => ${days}::int), expires_at = expires_at - make_interval(days => ${days}::int) where shop_id = ${shopId}`);
}

export async function notificationsOf(db: Db, shopId: number) {
  return rowsOf<{ title: number; content: number }>(await db.execute(sql`select title, content from notifications where shop_id = ${shopId} order by id`));
}
