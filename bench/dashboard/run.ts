/**
 * bench/dashboard: the seller's dashboard in one answer (GET /api/dashboard/view, every section of
 * the 7-day view) for a shop of 100,000 orders, 2,000 products and 300,000 product views in the last
 * 90 days, on the PostgreSQL server among other shops' orders (the bench/orders data set), at a fixed
 * open-loop rate, beside the same shop's order list (POST /api/order/getOrderList, first page) in
 * the same run. Prints p50/p99 of both and the plan of each section's heaviest statement (and of
 * what the stored days and viewers replace).
 * Target: the dashboard's p99 < 50 ms.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_REUSE=1 npm run bench:dashboard
 *   (BENCH_RATE=10 BENCH_SECONDS=15 BENCH_ORDERS=200000 BENCH_SHOPS=2000 BENCH_BIG_SHOP=100000 BENCH_VIEWS=300000 BENCH_WINDOW=7)
 *
 * BENCH_REUSE=1 keeps the database shopdesk_bench_dashboard after the run and reuses it.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { hashToken } from '../../apps/server/src/modules/auth/session-service.ts';
import { dashboardSectionLoaders, dashboardViewOf } from '../../apps/server/src/modules/dashboard/dashboard-view.ts';
import { foldShopTotals, shopTotalsSql } from '../../apps/server/src/modules/dashboard/shop-totals.ts';
import { orderConditionSql, tabSql } from '../../apps/server/src/modules/orders/order-lifecycle.ts';
import { DASHBOARD_SECTIONS } from '@shopdesk/shared/dashboard/schemas';
import { ORDER_CONDITIONS } from '@shopdesk/shared/orders/lifecycle';
import { DEFAULT_ROLES } from '@shopdesk/shared/users/permission-rules';
import { LOAD_COLUMNS, SERVER_URL, admin, databaseUrl, loadBigShop, loadBigShopCatalog, loadColumns, loadOrders, rows, runBench, spawnLoad, withBenchDatabase, type LoadResult } from '../orders/seed-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 2_000);
const BIG_SHOP = Number(process.env.BENCH_BIG_SHOP ?? 100_000);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 300_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 7);
const TARGET_P99_MS = 50;
const DB_NAME = 'shopdesk_bench_dashboard';
const REUSE = process.env.BENCH_REUSE === '1';

/** A session of the big shop's owner, as login would create it (only the token hash is stored). */
async function bigShopToken(db: Db): Promise<{ token: string; shopId: number; userId: number }> {
  const [shop] = rows<{ id: number; owner_user_id: number }>(await db.execute(sql`select id, owner_user_id from shops where name = 'Big bench shop'`));
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values (${shop.owner_user_id}, ${hashToken(token)}, now() + interval '1 day')`);
  return { token, shopId: shop.id, userId: shop.owner_user_id };
}

/** The plans of the dashboard's heaviest statements for the big shop (the statements' shape, not their text). */
async function explain(db: Db, shopId: number) {
  const since = sql`now() - make_interval(days => ${WINDOW}::int)`;
  const statements: [string, ReturnType<typeof sql>][] = [
    ['overview: orders, sales, reviews ever (the shop totals: folded row + unfolded deltas)', shopTotalsSql(shopId)],
    ['(the same from the orders, what the totals replace)', sql`select count(*), sum(amount_cents) filter (where ${orderConditionSql(ORDER_CONDITIONS.sale)}) from orders where shop_id = ${shopId}`],
    ['order statistics of the window', sql`select count(*), count(*) filter (where ${tabSql('to_purchase')}) from orders where shop_id = ${shopId} and created_at >= ${since}`],
    ['traffic: distinct visitors of the window (viewers whose latest view is in it)', sql`select count(*) from product_viewers where shop_id = ${shopId} and last_seen_at >= ${since}`],
    [
      '(the same by hashing the views of the window, what it replaces)',
      sql`select sum(n), count(*) from (select viewer_key, count(*) as n from product_views where shop_id = ${shopId} and created_at >= ${since} group by 1) d`,
    ],
    [
      "traffic: the stored days that are over (offset 420) and today's views by viewer",
      sql`select day, views, visitors from product_view_days where shop_id = ${shopId} and tz_offset = 420 and day >= current_date - ${WINDOW}::int
          union all select current_date, sum(n), count(*) from (select viewer_key, count(*) as n from product_views where shop_id = ${shopId} and created_at >= current_date group by 1) d`,
    ],
    [
      'most viewed of the window',
      sql`select shop_product_id, count(*) from product_views where shop_id = ${shopId} and created_at >= ${since} group by 1 order by 2 desc, 1 limit 10`,
    ],
  ];
  const out: string[] = [];
  for (const [label, statement] of statements) {
    const plan = rows<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, costs off) ${statement}`));
    out.push(`  ${label}:`, ...plan.map((r) => `    ${r['QUERY PLAN']}`));
  }
  return out.join('\n');
}

/** Each section of the view alone, one after another (no load beside it), then the whole view: the median of 15 runs after 3 warm-up ones. */
async function sectionTimes(db: Db, shopId: number, userId: number) {
  const loaders = dashboardSectionLoaders(db, { shopId, userId, permissions: null }, WINDOW, 420);
  const out: string[] = [];
  let sum = 0;
  for (const section of DASHBOARD_SECTIONS) {
    const times: number[] = [];
    for (let i = 0; i < 18; i++) {
      const started = performance.now();
      await loaders[section]();
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push(`${section} ${times[7].toFixed(1)}`);
    sum += times[7];
  }
  // The whole view, its sections side by side on the pool's connections, against their sum.
  const whole: number[] = [];
  for (let i = 0; i < 18; i++) {
    const started = performance.now();
    await dashboardViewOf(db, { shopId, userId, permissions: DEFAULT_ROLES.owner }, WINDOW, 420);
    if (i >= 3) whole.push(performance.now() - started);
  }
  whole.sort((a, b) => a - b);
  return `  each section alone, median ms: ${out.join(', ')}\n  the view, sections side by side, median ms: ${whole[7].toFixed(1)} (the sections one after another: ${sum.toFixed(1)})`;
}

/**
 * With BENCH_REUSE=1, a kept database whose applied migrations differ from the folder's (one edited
 * since it was loaded: drizzle applies only the newer ones) is dropped, so this run loads it anew.
 */
async function dropIfMigrationsChanged() {
  if (!REUSE || (await admin('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount !== 1) return;
  const folder = path.join(import.meta.dirname, '../../apps/server/src/db/migrations');
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const hashes = new Map(journal.entries.map((e) => [String(e.when), createHash('sha256').update(fs.readFileSync(path.join(folder, `${e.tag}.sql`)).toString()).digest('hex')]));
  const client = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  await client.connect();
  try {
    const applied = await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations');
    if (applied.rows.every((m) => hashes.get(String(m.created_at)) === m.hash)) return;
  } finally {
    await client.end();
  }
  console.log(`  ${DB_NAME}: a migration changed since it was loaded; loading it anew`);
  await admin(`drop database ${DB_NAME} with (force)`);
}

async function main() {
  console.log(
    `bench/dashboard: one shop of ${BIG_SHOP.toLocaleString('en-US')} orders and ${VIEWS.toLocaleString('en-US')} views among ${ORDERS.toLocaleString('en-US')} orders in ${SHOPS.toLocaleString('en-US')} shops, ${RATE} req/s for ${SECONDS} s each, PostgreSQL at ${new URL(SERVER_URL).host}`,
  );
  const load = async (db: Db) => {
    await loadOrders(db, ORDERS, SHOPS);
    await loadBigShop(db, BIG_SHOP);
    await loadBigShopCatalog(db, 2000, VIEWS);
  };
  await dropIfMigrationsChanged();
  await withBenchDatabase(DB_NAME, REUSE, load, async (database) => {
    const { token, shopId, userId } = await bigShopToken(database.db);
    // The days that are over, stored as the first dashboard view would (the plans below read them).
    const stored = await database.db.execute(sql`select count(*) as n from product_view_days where shop_id = ${shopId} and tz_offset = 420`);
    await dashboardSectionLoaders(database.db, { shopId, userId, permissions: null }, WINDOW, 420).traffic();
    console.log(`  stored days of product views (offset 420): ${rows<{ n: unknown }>(stored)[0].n} before this run, the window's ${WINDOW - 1} after its first view`);
    // What the loaders' inserts appended, folded as the shop-totals job would (a reused database
    // from before migration 0038 got its totals from the migration).
    const folded = await foldShopTotals(database.db);
    console.log(`  shop totals: ${folded.deltas} deltas of ${folded.shops} shops folded`);
    console.log(await explain(database.db, shopId));
    console.log(await sectionTimes(database.db, shopId, userId));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
    const listFile = path.join(dir, 'list.txt');
    fs.writeFileSync(listFile, `${token}\t${JSON.stringify({ page: 1, pageSize: 20 })}`);
    const viewFile = path.join(dir, 'view.txt');
    fs.writeFileSync(viewFile, `${token}\twindow=${WINDOW}&tzOffset=420`);

    const noRateLimit = { rateLimitPerAddress: 0, rateLimitPerSession: 0 };
    const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', overtimeJobIntervalMs: 0, demoCarrierIntervalMs: 0, ...noRateLimit });
    const app = await buildApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const run = (url: string, file: string, method: string) =>
      spawnLoad({ LOAD_URL: url, LOAD_METHOD: method, LOAD_RATE: String(RATE), LOAD_SECONDS: String(SECONDS), LOAD_REQUESTS_FILE: file });

    console.log(`  load: the big shop's order list (first page), then its dashboard (${WINDOW}-day view); 3 s warm-up each`);
    const results: [string, LoadResult][] = [
      ['order list (baseline)', await run(`${base}/api/order/getOrderList`, listFile, 'POST')],
      ['dashboard, one answer', await run(`${base}/api/dashboard/view`, viewFile, 'GET')],
    ];
    await app.close();

    console.log('');
    console.log(`${'run'.padEnd(24)} ${LOAD_COLUMNS}`);
    for (const [label, r] of results) console.log(`${label.padEnd(24)} ${loadColumns(r)}`);
    const dashboard = results[1][1];
    const met = dashboard.p99 < TARGET_P99_MS && dashboard.errors === 0 && dashboard.reqPerSec >= RATE * 0.95;
    console.log('');
    console.log(`target (dashboard p99 < ${TARGET_P99_MS} ms at ${RATE} req/s, no errors): ${met ? 'met' : 'NOT met'}`);
    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; latency counted from each request's due time.`);
    process.exitCode = met ? 0 : 1;
  });
}

runBench(main);
