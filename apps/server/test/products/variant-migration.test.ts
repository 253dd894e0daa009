/**
 * Migration 0033 (product variants) on a database holding the demo marketplace as it was before
 * variants: every figure a page shows stays the same, and every product gets its implicit variant.
 *
 * The demo is seeded once on the current schema (database A). Its data, in the columns the
 * database had before 0033, is copied into a PGlite folder migrated up to 0032 only (database B);
 * then B is opened as the server opens a data folder, which runs 0033 on it. B's stored figures
 * are compared before and after the migration, and the pages of B (migrated) with those of A (the
 * same data written by today's code).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { pgliteFolder, pgliteStartParams } from '../../src/db/pglite-setup.ts';
import { DEMO_ACCOUNTS, seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, createTestApp, loginToken, type TestContext } from '../helper.ts';

const migrations = path.join(import.meta.dirname, '../../src/db/migrations');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'variant-migration-'));

/** The migrations up to 0032: a copy of the folder with the journal cut before 0033. */
function migrationsBeforeVariants(): string {
  const folder = path.join(work, 'migrations');
  fs.cpSync(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0033');
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/** What the pages are computed from, as stored before variants (each table's pre-0033 columns). */
const STORED_FIGURES = {
  warehouse_products: 'id, purchase_price_cents, stock, sales',
  shop_products: 'id, shop_id, warehouse_product_id, purchase_price_cents, profit_ratio_bp, discount_ratio_bp, discount_start, discount_end, stock, total_sales, views, status, published, is_recommended',
  orders: 'id, shop_product_id, quantity, unit_price_cents, amount_cents, purchase_amount_cents, profit_cents, payment_status, purchase_status, shipping_status, refund_status',
  cart_items: 'id, buyer_id, shop_product_id, quantity',
};

async function storedFigures(query: (text: string) => Promise<unknown[]>) {
  const out: Record<string, unknown[]> = {};
  for (const [table, columns] of Object.entries(STORED_FIGURES)) out[table] = await query(`select ${columns} from ${table} order by id`);
  return out;
}

let a: TestContext;
let b: { database: Database; app: Awaited<ReturnType<typeof buildApp>> };
let beforeMigration: Record<string, unknown[]>;

beforeAll(async () => {
  a = await createTestApp();
  // The demo as it was before variants: without its products that have several (0032 cannot hold them).
  await seedDemoMarketplace(a.db, undefined, {}, { variants: false });

  // B: a data folder at 0032 holding A's data in the columns 0032 has.
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const old = new PGlite(pgliteFolder(dataDir), { extensions: { btree_gin, pg_trgm }, startParams: pgliteStartParams() });
  await migrate(drizzle(old), { migrationsFolder: migrationsBeforeVariants() });
  const tables = (await old.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name")).rows;
  // The rows migrations write themselves (platform accounts, roles, settings) come from A as well.
  await old.exec(`truncate ${tables.map((t) => `"${t.table_name}"`).join(', ')} cascade`);
  await old.exec('set session_replication_role = replica');
  for (const { table_name: table } of tables) {
    const columns = (
      await old.query<{ column_name: string }>("select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position", [table])
    ).rows.map((c) => `"${c.column_name}"`);
    const list = columns.join(', ');
    const [data] = rowsOf<{ j: string }>(await a.db.execute(sql.raw(`select coalesce(json_agg(t), '[]')::text as j from (select ${list} from "${table}") t`)));
    await old.query(`insert into "${table}" (${list}) select ${list} from json_populate_recordset(null::"${table}", $1::json)`, [data!.j]);
  }
  await old.exec('set session_replication_role = origin');
  beforeMigration = await storedFigures(async (text) => (await old.query(text)).rows);
  await old.close();

  // Opened as the server opens its data folder: the pending migration (0033) runs.
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, rateLimitPerAddress: 0, rateLimitPerSession: 0, dataDir });
  const app = await buildApp(config, database);
  await app.ready();
  b = { database, app };
}, 600_000);

afterAll(async () => {
  await b?.app.close();
  await b?.database.close();
  await a?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/**
 * A page's answer without the ids of variant rows (numbered in insertion order, which differs
 * between A and B) and the purchase countdown (the two answers are read a moment apart).
 */
const withoutVariantIds = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, v) => (key === 'variantId' || key === 'countdownSeconds' ? undefined : v));

describe('migration 0033 on the demo marketplace', () => {
  it('changes no stored figure and gives every product, order and cart line its implicit variant', async () => {
    const after = await storedFigures(async (text) => rowsOf(await b.database.db.execute(sql.raw(text))));
    expect(JSON.stringify(after)).toBe(JSON.stringify(beforeMigration));
    expect(beforeMigration.orders!.length).toBeGreaterThan(50);
    const [check] = rowsOf<{ products: number; without: number; bad_sku: number; stock_off: number; orders_without: number; carts_without: number }>(
      await b.database.db.execute(sql`select
        (select count(*)::int from warehouse_products) as products,
        (select count(*)::int from shop_products sp where (select count(*) from shop_product_variants v where v.shop_product_id = sp.id) <> 1) as without,
        (select count(*)::int from warehouse_products w where not exists (select 1 from warehouse_variants v where v.warehouse_product_id = w.id and v.sku = 'SD-' || w.id and v.purchase_price_cents = w.purchase_price_cents)) as bad_sku,
        (select count(*)::int from shop_products sp join shop_product_variants v on v.shop_product_id = sp.id where v.stock <> sp.stock or v.purchase_price_cents <> sp.purchase_price_cents or v.total_sales <> sp.total_sales) as stock_off,
        (select count(*)::int from orders where shop_product_id is not null and (variant_id is null or variant_sku = '')) as orders_without,
        (select count(*)::int from cart_items where variant_id is null) as carts_without`),
    );
    expect(check).toEqual({ products: check!.products, without: 0, bad_sku: 0, stock_off: 0, orders_without: 0, carts_without: 0 });
  });

  it('shows the same order list, product list, dashboard and mall pages as the same data written today', async () => {
    const { username, password } = DEMO_ACCOUNTS.demo;
    const tokens = { a: await loginToken(a.app, username, password), b: await loginToken(b.app, username, password) };
    const pages: [string, string, unknown?][] = [
      ['POST', '/api/order/getOrderList', { page: 1, pageSize: 100 }],
      ['GET', '/api/product/list?page=1&pageSize=100'],
      ['GET', '/api/dashboard/view?window=30'],
      ['GET', '/api/wallet/summary'],
    ];
    for (const [method, url, body] of pages) {
      const [fromA, fromB] = await Promise.all([
        call(a.app, method as 'GET', url, { token: tokens.a, body }),
        call(b.app, method as 'GET', url, { token: tokens.b, body }),
      ]);
      expect(fromB.status, url).toBe(200);
      expect(withoutVariantIds(fromB.body.data), url).toEqual(withoutVariantIds(fromA.body.data));
    }
    const mallA = await call(a.app, 'GET', '/api/mall/products?page=1&pageSize=50');
    const mallB = await call(b.app, 'GET', '/api/mall/products?page=1&pageSize=50');
    expect(mallB.status).toBe(200);
    expect(mallB.body.data).toEqual(mallA.body.data);
  });
});
