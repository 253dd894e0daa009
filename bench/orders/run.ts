/**
 * bench/orders: POST /api/order/getOrderList over 1,000,000 orders in 10,000 shops on the
 * PostgreSQL server, at a fixed open-loop rate, beside the same load on a bare Fastify route in
 * the same process. Prints requests per second, p50/p90/p99 latency and the server's CPU time per
 * request (process.cpuUsage over the run) for both, their CPU ratio, and the plan of the list query.
 * Targets: p99 under 20 ms at 500 requests per second; getOrderList CPU/request ≤ 1.25× the bare
 * route's running the same list query.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders
 *   (BENCH_RATE=500 BENCH_SECONDS=20 BENCH_ORDERS=1000000 BENCH_SHOPS=10000 BENCH_SAMPLE_SHOPS=1000)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { hashToken } from '../../apps/server/src/modules/auth/session-service.ts';
import { listOrdersJson } from '../../apps/server/src/modules/orders/order-queries.ts';
import { orderListBody } from '@shopdesk/shared/orders/schemas';
import { LOAD_COLUMNS, SERVER_URL, loadColumns, loadOrders, rows, runBench, spawnLoad, withBenchDatabase, type LoadResult } from './seed-orders.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const SAMPLE_SHOPS = Number(process.env.BENCH_SAMPLE_SHOPS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DB_NAME = 'shopdesk_bench_orders';
/** BENCH_REUSE=1 keeps the loaded database after the run and reuses it next time (for profiling). */
const REUSE = process.env.BENCH_REUSE === '1';
/** BENCH_PROFILE=dir writes the server's CPU profiles of the bare query and getOrderList runs there (open it in Chrome's DevTools). */
const PROFILE_DIR = process.env.BENCH_PROFILE ?? '';

/** Runs `work` under the CPU profiler when BENCH_PROFILE is set, and writes the profile. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    const file = path.join(PROFILE_DIR, `${name}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile: ${file}`);
    session.disconnect();
  }
}

/** Sessions for a sample of shops, as login would create them (only the token hash is stored). */
async function sampleTokens(db: Db): Promise<{ tokens: string[]; shopIds: number[] }> {
  const shops = rows<{ id: number; owner_user_id: number }>(await db.execute(sql`select id, owner_user_id from shops order by random() limit ${SAMPLE_SHOPS}::integer`));
  const tokens = shops.map(() => randomBytes(32).toString('base64url'));
  const values = sql.join(
    shops.map((s, i) => sql`(${s.owner_user_id}::integer, ${hashToken(tokens[i])}, now() + interval '1 day')`),
    sql`, `,
  );
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values ${values}`);
  return { tokens, shopIds: shops.map((s) => s.id) };
}

/** The plan of the list statement (a page and its total in one round trip) for one shop's first page. */
async function explain(db: Db) {
  const [shop] = rows<{ id: number }>(await db.execute(sql`select id from shops order by id limit 1 offset 4242`));
  const plan = rows<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, costs off)
      select *, (select count(*) from orders where shop_id = ${shop.id}::integer) as total
      from orders where shop_id = ${shop.id}::integer order by created_at desc, id desc limit 20`),
  );
  return plan.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

interface Observed extends LoadResult {
  /** CPU time of this process (the server) per answered request, ms. */
  serverCpuMs: number;
  /** The server's event-loop delay during the run, ms. */
  loopP99: number;
  loopMax: number;
  /** The machine's 1-minute load average after the run (2 = both cores busy). */
  loadAfter: number;
}

/** Runs the load generator in its own process and watches this (the server's) process meanwhile. */
async function runLoad(url: string, tokensFile: string | null): Promise<Observed> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const cpuBefore = process.cpuUsage();
  loop.enable();
  const result = await spawnLoad({ LOAD_URL: url, LOAD_RATE: String(RATE), LOAD_SECONDS: String(SECONDS), LOAD_TOKENS_FILE: tokensFile ?? '' });
  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const answered = result.ok + result.errors + Math.round(RATE * 3);
  return {
    ...result,
    serverCpuMs: (cpu.user + cpu.system) / 1000 / answered,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    loadAfter: os.loadavg()[0],
  };
}

async function main() {
  console.log(`bench/orders: ${ORDERS.toLocaleString('en-US')} orders in ${SHOPS.toLocaleString('en-US')} shops, ${RATE} req/s for ${SECONDS} s, PostgreSQL at ${new URL(SERVER_URL).host}`);
  await withBenchDatabase(DB_NAME, REUSE, (db) => loadOrders(db, ORDERS, SHOPS), async (database) => {
    const { db } = database;
    const { tokens, shopIds } = await sampleTokens(db);
    const tokensFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-')), 'tokens.txt');
    fs.writeFileSync(tokensFile, tokens.join('\n'));
    console.log('  plan of the list statement (one shop, first page, with its total):');
    console.log(await explain(db));

    // The load comes from one address: measure the route, not the general rate limit.
    const noRateLimit = { rateLimitPerAddress: 0, rateLimitPerSession: 0 };
    const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', overtimeJobIntervalMs: 0, demoCarrierIntervalMs: 0, ...noRateLimit });
    const app = await buildApp(config, database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bare = Fastify({ logger: false });
    const answer = { code: 0, msg: 'Success', data: { list: [], total: 0, page: 1, pageSize: 20 } };
    bare.post('/bare', async () => answer);
    // The breakdown: the same body schema, list query and answer on the bare route, without the
    // app's hooks (auth, headers, guards, compression, error handling) or its answer serializer.
    let turn = 0;
    bare.post('/bare-query', async (request, reply) => {
      const data = await listOrdersJson(db, shopIds[turn++ % shopIds.length], orderListBody.parse(request.body));
      return reply.type('application/json; charset=utf-8').send(`{"code":0,"msg":"Success","data":${data}}`);
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const port = (server: { server: { address(): unknown } }) => (server.server.address() as { port: number }).port;

    console.log(`  load: bare Fastify route, the bare route running the list query, then POST /api/order/getOrderList (random shops of ${tokens.length} sessions); 3 s warm-up each`);
    const bareResult = await runLoad(`http://127.0.0.1:${port(bare)}/bare`, null);
    const queryResult = await profiled('bare-query', () => runLoad(`http://127.0.0.1:${port(bare)}/bare-query`, null));
    const cacheBefore = { ...app.sessionCache.counts };
    const appResult = await profiled('getOrderList', () => runLoad(`http://127.0.0.1:${port(app)}/api/order/getOrderList`, tokensFile));
    const hits = app.sessionCache.counts.hits - cacheBefore.hits;
    const lookups = hits + app.sessionCache.counts.misses - cacheBefore.misses;
    await app.close();
    await bare.close();

    console.log('');
    console.log(`${'run'.padEnd(24)} ${LOAD_COLUMNS} | server CPU/req  loop p99  loop max  load`);
    const line = (label: string, r: Observed) =>
      console.log(`${label.padEnd(24)} ${loadColumns(r)} | ${r.serverCpuMs.toFixed(3).padStart(11)} ms ${r.loopP99.toFixed(1).padStart(6)} ms ${r.loopMax.toFixed(1).padStart(6)} ms ${r.loadAfter.toFixed(1).padStart(5)}`);
    line('bare Fastify route', bareResult);
    line('bare + list query', queryResult);
    line('getOrderList', appResult);
    // The target's baseline is the bare route running the same list query: what is left over it is
    // the app's own request path (session, hooks, validation, serializer).
    const cpuRatio = appResult.serverCpuMs / queryResult.serverCpuMs;
    console.log('');
    console.log(
      `server CPU per request: getOrderList ${appResult.serverCpuMs.toFixed(3)} ms | bare route running the list query ${queryResult.serverCpuMs.toFixed(3)} ms | ratio ${cpuRatio.toFixed(2)}× (target ≤ 1.25×: ${cpuRatio <= 1.25 ? 'met' : 'NOT met'}) | bare route alone ${bareResult.serverCpuMs.toFixed(3)} ms`,
    );
    console.log(
      `session cache (${app.config.sessionCacheMs} ms freshness): ${hits} of ${lookups} lookups answered from memory (${((100 * hits) / Math.max(1, lookups)).toFixed(0)}%); ${tokens.length} sessions at ${RATE} req/s`,
    );
    const met = appResult.p99 < 20 && appResult.errors === 0 && appResult.reqPerSec >= RATE * 0.95;
    console.log(`target (p99 < 20 ms at ${RATE} req/s, no errors): ${met ? 'met' : 'NOT met'}`);
    const cpu = os.cpus().length;
    console.log(`machine: ${cpu} cores; load generator in its own process; latency counted from each request's due time.`);
    console.log('A load above ~1.5 or a server event-loop delay far above the server CPU per request means other processes were taking the cores.');
    process.exitCode = met ? 0 : 1;
  });
}

runBench(main);

