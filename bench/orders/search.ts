/**
 * bench/orders search: POST /api/order/getOrderList with a `keyword` over 1,000,000 orders in
 * 10,000 shops (the bench/orders data set) plus one big shop of 100,000 orders, on the PostgreSQL
 * server, at a fixed open-loop rate (the load generator of load.ts in its own process). One run per
 * kind of search (part of an order id, product, buyer, receiver name, phone), each beside a
 * baseline measured in the same run: the plain unfiltered first page. One request in five goes to
 * the big shop. Target: p99 < 50 ms at 100 req/s for every kind.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders-search
 *   (BENCH_RATE=100 BENCH_SECONDS=15 BENCH_ORDERS=1000000 BENCH_SHOPS=10000 BENCH_BIG_SHOP=100000 BENCH_SAMPLE_SHOPS=200 BENCH_REUSE=1)
 *
 * BENCH_REUSE=1 keeps the database shopdesk_bench_search after the run and reuses it: loading
 * 1.1M orders takes a few minutes, a reused one only gets the migrations it lacks (openDatabase).
 * Without it, or after `drop database shopdesk_bench_search`, the run loads it anew.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { hashToken } from '../../apps/server/src/modules/auth/session-service.ts';
import { LOAD_COLUMNS, SERVER_URL, loadBigShop, loadColumns, loadOrders, rows, runBench, spawnLoad, withBenchDatabase, type LoadResult } from './seed-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const BIG_SHOP = Number(process.env.BENCH_BIG_SHOP ?? 100_000);
const SAMPLE_SHOPS = Number(process.env.BENCH_SAMPLE_SHOPS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TARGET_P99_MS = 50;
const DB_NAME = 'shopdesk_bench_search';
const REUSE = process.env.BENCH_REUSE === '1';

interface Sample {
  token: string;
  orderNo: string;
  productName: string;
  receiverName: string;
  receiverPhone: string;
  nickname: string;
}

/** Sessions for a sample of shops (and the big one), each with one of its orders to search for. */
async function samples(db: Db): Promise<Sample[]> {
  const picked = rows<{ owner_user_id: number; order_no: string; product_name: string; receiver_name: string; receiver_phone: string; nickname: string }>(
    await db.execute(sql`
      select s.owner_user_id, o.order_no, o.product_name, o.receiver_name, o.receiver_phone, b.nickname
      from (select id, owner_user_id from shops where name <> 'Big bench shop' order by random() limit ${SAMPLE_SHOPS}::integer) s
      cross join lateral (select * from orders where shop_id = s.id order by created_at desc limit 1 offset 7) o
      join buyers b on b.id = o.buyer_id`),
  );
  const big = rows<(typeof picked)[number]>(
    await db.execute(sql`
      select s.owner_user_id, o.order_no, o.product_name, o.receiver_name, o.receiver_phone, b.nickname
      from shops s cross join lateral (select * from orders where shop_id = s.id order by id limit 50) o join buyers b on b.id = o.buyer_id
      where s.name = 'Big bench shop'`),
  );
  // One request in five to the big shop.
  const all = picked.flatMap((p, i) => (i % 4 === 3 && big.length ? [p, big[i % big.length]] : [p]));
  const tokens = new Map<number, string>();
  for (const p of all) if (!tokens.has(p.owner_user_id)) tokens.set(p.owner_user_id, randomBytes(32).toString('base64url'));
  const values = sql.join(
    [...tokens].map(([userId, token]) => sql`(${userId}::integer, ${hashToken(token)}, now() + interval '1 day')`),
    sql`, `,
  );
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values ${values}`);
  return all.map((p) => ({
    token: tokens.get(p.owner_user_id)!,
    orderNo: p.order_no,
    productName: p.product_name,
    receiverName: p.receiver_name,
    receiverPhone: p.receiver_phone,
    nickname: p.nickname,
  }));
}

/** What a seller types for each kind of search: a part, never the whole value. */
const KINDS: Record<string, ((s: Sample) => string) | null> = {
  'plain list (baseline)': null,
  'part of an order id': (s) => s.orderNo.slice(3, 9),
  product: (s) => s.productName.split(' ').slice(1).join(' '),
  buyer: (s) => s.nickname.toLowerCase(),
  'receiver name': (s) => s.receiverName.slice(2),
  'phone (last 7 digits)': (s) => s.receiverPhone.replace(/\D/g, '').slice(-7),
};

const runLoad = (url: string, requestsFile: string) => spawnLoad({ LOAD_URL: url, LOAD_RATE: String(RATE), LOAD_SECONDS: String(SECONDS), LOAD_REQUESTS_FILE: requestsFile });

/**
 * The plan of a rare keyword's matches in the big shop, as searchPageJson (order-queries.ts) reads
 * them past its window of newest orders: the shop's trigram index (the statement's shape, not its text).
 */
async function explainBigShop(db: Db, keyword: string) {
  const pattern = `%${keyword}%`;
  const [big] = rows<{ id: number }>(await db.execute(sql`select id from shops where name = 'Big bench shop'`));
  const plan = rows<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, costs off)
      select id, created_at from orders
      where shop_id = ${big.id}
        and (search_text like lower(${pattern}) or buyer_id = any(array(select id from buyers where (username || ' ' || nickname) ilike ${pattern})))`),
  );
  return plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

async function main() {
  console.log(
    `bench/orders search: ${ORDERS.toLocaleString('en-US')} orders in ${SHOPS.toLocaleString('en-US')} shops + one shop of ${BIG_SHOP.toLocaleString('en-US')}, ${RATE} req/s for ${SECONDS} s per kind, PostgreSQL at ${new URL(SERVER_URL).host}`,
  );
  const load = async (db: Db) => {
    await loadOrders(db, ORDERS, SHOPS);
    await loadBigShop(db, BIG_SHOP);
  };
  await withBenchDatabase(DB_NAME, REUSE, load, async (database) => {
    const sample = await samples(database.db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
    console.log('  plan of a phone search in the big shop:');
    console.log(await explainBigShop(database.db, KINDS['phone (last 7 digits)']!(sample.find((s) => s.orderNo.startsWith('C')) ?? sample[0])));

    // No rate limit: 100 req/s from one address is over the general limit (3,000 a minute).
    const noRateLimit = { rateLimitPerAddress: 0, rateLimitPerSession: 0 };
    const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', overtimeJobIntervalMs: 0, demoCarrierIntervalMs: 0, ...noRateLimit });
    const app = await buildApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/order/getOrderList`;

    const results: [string, LoadResult][] = [];
    const loopMax = new Map<string, number>();
    for (const [kind, typed] of Object.entries(KINDS)) {
      const file = path.join(dir, `${results.length}.txt`);
      const lines = sample.map((s) => `${s.token}\t${JSON.stringify(typed ? { keyword: typed(s), page: 1, pageSize: 20 } : { page: 1, pageSize: 20 })}`);
      fs.writeFileSync(file, lines.join('\n'));
      console.log(`  load: ${kind} (${sample.length} shops' sessions, e.g. ${typed ? JSON.stringify(typed(sample[0])) : 'no keyword'}); 3 s warm-up`);
      // The server's event loop (this process) during the run: a stall of the loop itself, or of the
      // whole machine, shows here too; a slow statement alone does not (the loop waits for it idle).
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      results.push([kind, await runLoad(url, file)]);
      loop.disable();
      loopMax.set(kind, loop.max / 1e6);
    }
    await app.close();

    console.log('');
    console.log(`${'run'.padEnd(26)} ${LOAD_COLUMNS}   loop max ms: server / load generator`);
    for (const [kind, r] of results) console.log(`${kind.padEnd(26)} ${loadColumns(r)} ${(loopMax.get(kind) ?? 0).toFixed(1).padStart(20)} / ${r.loopMaxMs.toFixed(1)}`);
    const searches = results.slice(1);
    const met = searches.every(([, r]) => r.p99 < TARGET_P99_MS && r.errors === 0 && r.reqPerSec >= RATE * 0.95);
    console.log('');
    console.log(`target (every search p99 < ${TARGET_P99_MS} ms at ${RATE} req/s, no errors): ${met ? 'met' : 'NOT met'}`);
    console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}; latency counted from each request's due time.`);
    process.exitCode = met ? 0 : 1;
  });
}

runBench(main);
