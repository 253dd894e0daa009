/**
 * What the bench/orders benchmarks (run.ts, search.ts) share: their database on the PostgreSQL
 * server (BENCH_DATABASE_URL) and the data set, shopCount shops, 1000 buyers and orderCount orders,
 * filled with INSERT … SELECT over generate_series; the load generator's run and its table.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client.ts';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of another database on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance database (create, drop, look up databases). */
export async function admin(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** Rows of a drizzle `execute` answer (node-postgres gives `{ rows }`, PGlite an array). */
export const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
export const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** Shops, buyers and orders with INSERT … SELECT over generate_series: no row-by-row round trips. */
export async function loadOrders(db: Db, orderCount: number, shopCount: number) {
  let started = Date.now();
  await db.execute(sql`insert into users (username, password_hash) select 'bench' || g, 'x' from generate_series(1, ${shopCount}::integer) g`);
  await db.execute(sql`insert into shops (owner_user_id, name) select id, 'Bench shop ' || id from users order by id`);
  await db.execute(sql`insert into buyers (username, password_hash, nickname) select 'bbuyer' || g, 'x', 'Buyer ' || g from generate_series(1, 1000) g`);
  console.log(`  ${shopCount} shops and 1000 buyers in ${seconds(started)} s`);
  started = Date.now();
  const chunk = 250_000;
  for (let from = 1; from <= orderCount; from += chunk) {
    const to = Math.min(orderCount, from + chunk - 1);
    // Status mix: ~80% settled, the rest spread over every other state; created over the last 90 days.
    await db.execute(sql`
      insert into orders (order_no, shop_id, buyer_id, product_name, product_image, quantity, unit_price_cents, amount_cents,
        purchase_amount_cents, profit_cents, payment_method, receiver_name, receiver_phone, receiver_address,
        payment_status, purchase_status, shipping_status, refund_status, refund_reason, refund_note,
        created_at, pay_time, purchase_time, purchase_deadline, signed_time, refund_request_time)
      select 'B' || lpad(g::text, 10, '0'),
        s.first_shop + (g % ${shopCount}::integer),
        b.first_buyer + (g % 1000),
        'Bench product ' || (g % 500), '/api/catalog/covers/1.svg',
        1 + (g % 3), 1200, 1200 * (1 + (g % 3)), 1000 * (1 + (g % 3)), 200 * (1 + (g % 3)),
        (array['balance', 'usdt', 'card'])[1 + g % 3], 'Receiver ' || (g % 997), '+84 90' || lpad((g % 1000000)::text, 7, '0'), (g % 300) || ' Bench Street',
        case when g % 20 < 16 then 'completed' when g % 20 = 16 then 'cancelled' when g % 20 = 17 then 'pending' else 'paid' end,
        case when g % 20 < 16 or g % 20 = 19 then 'purchased' else 'to_purchase' end,
        case when g % 20 < 16 then 'signed' when g % 20 = 19 then 'in_transit' else 'pending_shipment' end,
        case when g % 100 = 3 then 'refunding' when g % 100 = 7 then 'approved' when g % 100 = 11 then 'rejected' end,
        case when g % 100 in (3, 7, 11) then 'quality' end,
        case when g % 100 in (3, 7, 11) then 'Bench refund note' end,
        c.at, c.at + interval '3 minutes',
        case when g % 20 < 16 or g % 20 = 19 then c.at + interval '2 hours' end,
        c.at + interval '24 hours',
        case when g % 20 < 16 then c.at + interval '4 days' end,
        case when g % 100 in (3, 7, 11) then c.at + interval '5 days' end
      from generate_series(${from}::integer, ${to}::integer) g
      cross join (select min(id) as first_shop from shops) s
      cross join (select min(id) as first_buyer from buyers) b
      cross join lateral (select now() - ((g::bigint * 7919) % 7776000) * interval '1 second' as at) c`);
    console.log(`  orders ${to.toLocaleString('en-US')} / ${orderCount.toLocaleString('en-US')} (${seconds(started)} s)`);
  }
  started = Date.now();
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`analyze`);
  console.log(`  vacuum analyze in ${seconds(started)} s`);
}

/** One more shop with `orderCount` orders (search.ts, the dashboard bench): where a query cannot just read the shop's few rows. */
export async function loadBigShop(db: Db, orderCount: number) {
  const started = Date.now();
  await db.execute(sql`insert into users (username, password_hash) values ('bench-big', 'x')`);
  await db.execute(sql`insert into shops (owner_user_id, name) select id, 'Big bench shop' from users where username = 'bench-big'`);
  await db.execute(sql`
    insert into orders (order_no, shop_id, buyer_id, product_name, product_image, quantity, unit_price_cents, amount_cents,
      purchase_amount_cents, profit_cents, payment_method, receiver_name, receiver_phone, receiver_address,
      payment_status, purchase_status, shipping_status, created_at, pay_time, purchase_time, purchase_deadline, signed_time)
    select 'C' || lpad(g::text, 10, '0'), s.id, b.first_buyer + (g % 1000), 'Big product ' || (g % 2000), '/api/catalog/covers/1.svg',
      1, 1200, 1200, 1000, 200, 'usdt', 'Big receiver ' || (g % 5003), '+66 8' || lpad(((g * 7919) % 100000000)::text, 8, '0'), g || ' Big Street',
      'completed', 'purchased', 'signed', c.at, c.at, c.at, c.at + interval '24 hours', c.at + interval '4 days'
    from generate_series(1, ${orderCount}::integer) g
    cross join (select id from shops where name = 'Big bench shop') s
    cross join (select min(id) as first_buyer from buyers) b
    cross join lateral (select now() - ((g::bigint * 7919) % 7776000) * interval '1 second' as at) c`);
  await db.execute(sql`vacuum analyze orders`);
  console.log(`  big shop: ${orderCount.toLocaleString('en-US')} orders in ${seconds(started)} s`);
}

/**
 * The big shop's catalogue and traffic (the dashboard bench): `products` products its orders are
 * of (by their name's number), `views` product views over the last 90 days by 20,000 visitors.
 */
export async function loadBigShopCatalog(db: Db, products: number, views: number) {
  const started = Date.now();
  await db.execute(sql`
    insert into warehouse_products (name, category, cover, purchase_price_cents, stock)
    select 'Big product ' || g, 'bench', '/api/catalog/covers/1.svg', 1000, 100 from generate_series(0, ${products - 1}::integer) g`);
  await db.execute(sql`
    insert into shop_products (shop_id, warehouse_product_id, name, category, cover, purchase_price_cents, profit_ratio_bp, stock, status, is_recommended)
    select s.id, w.id, w.name, w.category, w.cover, 1000, 2000, case when w.id % 50 = 0 then 0 else 100 end,
      case when w.id % 10 = 0 then 'off_sale' else 'on_sale' end, w.id % 7 = 0
    from warehouse_products w cross join (select id from shops where name = 'Big bench shop') s where w.category = 'bench'`);
  await db.execute(sql`
    update orders o set shop_product_id = p.id from shop_products p
    where o.shop_id = p.shop_id and p.shop_id = (select id from shops where name = 'Big bench shop') and o.product_name = p.name`);
  await db.execute(sql`
    insert into product_views (shop_id, shop_product_id, viewer_key, created_at)
    select p.shop_id, p.id, 'a:' || (g % 20000), now() - ((g::bigint * 104729) % 7776000) * interval '1 second'
    from generate_series(1, ${views}::integer) g
    join (select id, shop_id, row_number() over (order by id) - 1 as n from shop_products where shop_id = (select id from shops where name = 'Big bench shop')) p
      on p.n = g % ${products}::integer`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze product_views`);
  await db.execute(sql`analyze shop_products`);
  console.log(`  big shop: ${products} products and ${views.toLocaleString('en-US')} views in ${seconds(started)} s`);
}

/**
 * The benchmark's own database on the server, `name`: made anew and filled by `load`, or with
 * `reuse` (BENCH_REUSE=1) kept after the run and reused as it is next time. `work` runs on it.
 */
export async function withBenchDatabase(name: string, reuse: boolean, load: (db: Db) => Promise<void>, work: (database: Database) => Promise<void>) {
  const exists = (await admin('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reuse || !exists) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
  }
  const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: null });
  try {
    if (!reuse || !exists) await load(database.db);
    await work(database);
  } finally {
    await database.close();
    if (!reuse) await admin(`drop database if exists ${name} with (force)`);
  }
}

/** What load.ts prints: requests answered and refused, the rate reached and the latencies (ms, from each request's due time). */
export interface LoadResult {
  sent: number;
  ok: number;
  errors: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  maxInFlight: number;
  /** The load generator's longest event-loop delay during the run (ms): its own stalls. */
  loopMaxMs: number;
}

/** Runs the load generator (load.ts) in its own process with these LOAD_* settings; answers its figures. */
export function spawnLoad(env: Record<string, string>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts')], {
      env: { ...process.env, LOAD_WARMUP_SECONDS: '3', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`load generator exited ${code}`))));
  });
}

/** The columns of a result table: the header's and one run's (`req/s ok errors p50 p90 p99 max`). */
export const LOAD_COLUMNS = '  req/s     ok  errors   p50 ms   p90 ms   p99 ms   max ms';
export const loadColumns = (r: LoadResult) =>
  `${r.reqPerSec.toFixed(0).padStart(7)} ${String(r.ok).padStart(6)} ${String(r.errors).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p90.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.max.toFixed(1).padStart(8)}`;

/** Runs a benchmark's main; a failure is printed and ends the process with 1. */
export function runBench(main: () => Promise<void>) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
