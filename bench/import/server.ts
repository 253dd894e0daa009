/**
 * bench/import's server process (forked by run.ts with an IPC channel): the real app on one
 * instance, over in-memory PGlite or a fresh database on BENCH_DATABASE_URL's server, seeded with
 * one shop whose sheet has BENCH_ROWS rows (a session for its seller): a quarter of the rows are
 * variants of products with four sizes, the rest products without options (one row each). It
 * samples its own RSS every 10 ms and answers the peak since the last ask, so the load process
 * never shares its memory.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { closeBenchDatabase, openBenchDatabase } from '../support/database.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Products with four variants (S, M, L, XL): a quarter of the rows; the other products have one. */
const SIZED = Math.floor(ROWS / 16);
const PRODUCTS = ROWS - 3 * SIZED;
const DB_NAME = `shopdesk_bench_import_${process.pid}`;

export type ToServer = { type: 'peak' } | { type: 'stop' };
export type FromServer = { type: 'ready'; port: number; kind: string; token: string; rss: number } | { type: 'peak'; rss: number; peakRss: number };

async function seed(database: Database): Promise<string> {
  const db = database.db;
  const token = `importbench-${randomBytes(12).toString('hex')}`;
  await db.execute(sql`insert into users (username, password_hash) values ('importbench', 'x')`);
  await db.execute(sql`insert into shops (owner_user_id, name) select id, 'Import bench shop' from users where username = 'importbench'`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, encode(sha256(convert_to(${token}::text, 'UTF8')), 'hex'), now() + interval '1 day' from users where username = 'importbench'`);
  await db.execute(sql`
    insert into warehouse_products (name, category, cover, purchase_price_cents, stock)
    select 'Import bench item ' || g, 'phone', '/api/catalog/covers/1.svg', 1000 + g, 1000 from generate_series(1, ${PRODUCTS}::integer) g`);
  // The first products get sizes before the shop sells them (the shop product then carries each one).
  await db.execute(sql`
    with sized as (select id from warehouse_products where name like 'Import bench item %' order by id limit ${SIZED}::integer)
    update warehouse_products w set options = '[{"name":"Size","values":["S","M","L","XL"]}]'::jsonb from sized where w.id = sized.id`);
  await db.execute(sql`
    update warehouse_variants v set option_values = '["S"]'::jsonb
    from warehouse_products w where w.id = v.warehouse_product_id and jsonb_array_length(w.options) > 0 and w.name like 'Import bench item %'`);
  await db.execute(sql`
    insert into warehouse_variants (warehouse_product_id, sku, option_values, purchase_price_cents, suggested_price_cents, stock, position)
    select w.id, 'IB-' || w.id || '-' || s.size, jsonb_build_array(s.size), w.purchase_price_cents + s.position * 50, round((w.purchase_price_cents + s.position * 50) * 1.2), 250, s.position
    from warehouse_products w cross join (values ('M', 1), ('L', 2), ('XL', 3)) as s(size, position)
    where jsonb_array_length(w.options) > 0 and w.name like 'Import bench item %'`);
  await db.execute(sql`
    insert into shop_products (shop_id, warehouse_product_id, name, category, cover, purchase_price_cents, profit_ratio_bp, stock)
    select s.id, w.id, w.name, w.category, w.cover, w.purchase_price_cents, 2000, w.stock
    from shops s cross join warehouse_products w where s.name = 'Import bench shop' and w.name like 'Import bench item %'`);
  return token;
}

async function main() {
  const database = await openBenchDatabase(DB_NAME);
  const token = await seed(database);
  const config = loadConfig({ logLevel: 'warn', seedDemo: false, webDistDir: '/nonexistent', port: 0, host: '127.0.0.1', rateLimitPerAddress: 0, rateLimitPerSession: 0 });
  const app = await buildApp(config, database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = 0;
  setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10).unref();
  const send = (message: FromServer) => process.send!(message);
  process.on('message', (message: ToServer) => {
    if (message.type === 'peak') {
      const rss = process.memoryUsage.rss();
      send({ type: 'peak', rss, peakRss: Math.max(peak, rss) });
      globalThis.gc?.();
      peak = process.memoryUsage.rss();
    } else if (message.type === 'stop') {
      void (async () => {
        await app.close();
        await closeBenchDatabase(database, DB_NAME);
        process.exit(0);
      })();
    }
  });
  globalThis.gc?.();
  send({ type: 'ready', port: Number(new URL(address).port), kind: database.kind, token, rss: process.memoryUsage.rss() });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
