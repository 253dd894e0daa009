/**
 * bench/sse: the notification stream on one instance. Forks the real app (server.ts: in-memory
 * PGlite, or BENCH_DATABASE_URL's PostgreSQL server) and, from this separate process, opens
 * 1,000 and then 10,000 streams (each with its own single-use ticket), then sends buyer
 * checkouts at a fixed open-loop rate to shops with an open stream and times each until its event
 * reaches the client. Prints, per step: server memory per stream (RSS and heap delta over the
 * idle server, after a full GC, divided by the streams) and delivery latency p50/p99, beside
 * baselines measured in the same run: the idle server's memory, a plain /api/health round trip
 * and the checkout's own HTTP answer. Targets: ≤ 30 KB per stream, p99 < 100 ms at 10,000.
 *
 *   npm run bench:sse
 *   (BENCH_STEPS=1000,10000 BENCH_SAMPLES=400 BENCH_RATE=20 BENCH_DATABASE_URL=postgres://…)
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { agent, forkBenchServer, kb, mb, ms, now, percentile, request, requireFileDescriptors, sleep } from '../support/load.ts';
import type { BenchShop, FromServer, ToServer } from './server.ts';

const STEPS = (process.env.BENCH_STEPS ?? '1000,10000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const OPEN_CONCURRENCY = 64;

const ownLoop = monitorEventLoopDelay({ resolution: 10 });
ownLoop.enable();

/** When each shop's pending checkout was sent; the first event on its stream after it ends the sample. */
const pending = new Map<number, number>();
const deliveries: number[] = [];
let unexpected401 = 0;

function openStream(port: number, shop: BenchShop, ticket: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: `/api/sse/connect/${shop.userId}?ticket=${encodeURIComponent(ticket)}`, agent: false, headers: { accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let opened = false;
        res.on('data', (chunk: string) => {
          if (!opened) {
            opened = true;
            resolve(req);
          }
          if (chunk.includes('data: {"code":401}')) unexpected401++;
          if (!chunk.includes('data: [')) return;
          const sent = pending.get(shop.shopId);
          if (sent === undefined) return;
          deliveries.push(now() - sent);
          pending.delete(shop.shopId);
        });
      },
    );
    req.on('error', reject);
  });
}

async function openStreams(port: number, shops: BenchShop[]): Promise<http.ClientRequest[]> {
  const opened: http.ClientRequest[] = [];
  let next = 0;
  const worker = async () => {
    while (next < shops.length) {
      const shop = shops[next++];
      const answer = await request(port, 'POST', '/api/sse/ticket', { authtoken: shop.token });
      if (answer.status !== 200) throw new Error(`ticket: ${answer.status} ${answer.body}`);
      opened.push(await openStream(port, shop, JSON.parse(answer.body).data.ticket));
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  return opened;
}

/**
 * Open loop: sample i is due at start + i / RATE. Each due time sends one checkout to a shop with
 * an open stream and no checkout in flight, and one /api/health request (the baseline).
 */
async function measureLatency(port: number, shops: BenchShop[], buyerToken: string) {
  deliveries.length = 0;
  pending.clear();
  const checkoutAnswers: number[] = [];
  const health: number[] = [];
  let failed = 0;
  const inflight: Promise<void>[] = [];
  const start = now();
  for (let i = 0; i < SAMPLES; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    let shop = shops[Math.floor(Math.random() * shops.length)];
    for (let tries = 0; pending.has(shop.shopId) && tries < 20; tries++) shop = shops[Math.floor(Math.random() * shops.length)];
    const body = JSON.stringify({ shopId: shop.shopId, shopProductId: shop.productId, quantity: 1, receiverName: 'Bench Buyer', receiverPhone: '+84 912345678', receiverAddress: '1 Bench Street, HCMC', paymentMethod: 'balance' });
    const sent = now();
    pending.set(shop.shopId, sent);
    inflight.push(
      request(port, 'POST', '/api/buyer/checkout', { buyertoken: buyerToken }, body).then((answer) => {
        if (answer.status === 200) checkoutAnswers.push(now() - sent);
        else {
          failed++;
          pending.delete(shop.shopId);
        }
      }),
    );
    const healthSent = now();
    inflight.push(request(port, 'GET', '/api/health').then(() => void health.push(now() - healthSent)));
  }
  await Promise.all(inflight);
  const deadline = now() + 3000;
  while (pending.size > 0 && now() < deadline) await sleep(20);
  return { deliveries: [...deliveries], checkoutAnswers, health, failed, lost: pending.size };
}

async function main() {
  const limit = requireFileDescriptors(Math.max(...STEPS));
  console.log(`bench/sse: steps ${STEPS.join(', ')} streams; ${SAMPLES} checkouts at ${RATE}/s per step; ulimit -n ${limit}`);
  const server = forkBenchServer<ToServer, FromServer>(path.join(import.meta.dirname, 'server.ts'), { BENCH_SHOPS: String(Math.max(...STEPS)) });
  const ready = await server.ready;
  console.log(`  server on port ${ready.port} (${ready.kind}), ${ready.shops.length} shops seeded`);

  // Warm up the paths (JIT, prepared statements), then take the idle baseline.
  const warm = await openStreams(ready.port, ready.shops.slice(0, 50));
  await measureLatency(ready.port, ready.shops.slice(0, 50), ready.buyerToken);
  warm.forEach((s) => s.destroy());
  await sleep(1000);
  const idle = await server.ask('memory');
  console.log(`  idle server (baseline): RSS ${mb(idle.rss)} MB (ArrayBuffers ${mb(idle.arrayBuffers)} MB), heap ${mb(idle.heapUsed)} MB, ${idle.streams} streams`);

  const results: string[] = [];
  const open: http.ClientRequest[] = [];
  for (const target of STEPS) {
    const started = now();
    open.push(...(await openStreams(ready.port, ready.shops.slice(open.length, target))));
    const openSeconds = ((now() - started) / 1000).toFixed(1);
    await sleep(1000);
    const memory = await server.ask('memory');
    const perStreamRss = (memory.rss - idle.rss) / memory.streams;
    const perStreamHeap = (memory.heapUsed - idle.heapUsed) / memory.streams;
    // PGlite's database lives in a WASM ArrayBuffer inside this RSS and grows with the rows the
    // run writes (tickets, orders): RSS less ArrayBuffers is the streams' own share.
    const perStreamNative = (memory.rss - memory.arrayBuffers - (idle.rss - idle.arrayBuffers)) / memory.streams;
    await server.ask('loop');
    ownLoop.reset();
    const latency = await measureLatency(ready.port, ready.shops.slice(0, target), ready.buyerToken);
    const serverLoop = await server.ask('loop');
    const line =
      `  ${String(memory.streams).padStart(6)} streams (opened in ${openSeconds} s): ` +
      `memory per stream: RSS ${kb(perStreamRss)} KB, RSS less ArrayBuffers ${kb(perStreamNative)} KB, JS heap ${kb(perStreamHeap)} KB (server RSS ${mb(memory.rss)} MB) | ` +
      `checkout → event p50 ${ms(percentile(latency.deliveries, 50))}, p99 ${ms(percentile(latency.deliveries, 99))} ` +
      `(${latency.deliveries.length}/${SAMPLES} delivered, ${latency.lost} lost, ${latency.failed} checkouts failed) | ` +
      `baseline: checkout answer p50 ${ms(percentile(latency.checkoutAnswers, 50))}, p99 ${ms(percentile(latency.checkoutAnswers, 99))}; ` +
      `/api/health p50 ${ms(percentile(latency.health, 50))}, p99 ${ms(percentile(latency.health, 99))} | ` +
      `event-loop delay p99/max: server ${ms(serverLoop.p99Ms)}/${ms(serverLoop.maxMs)}, load process ${ms(ownLoop.percentile(99) / 1e6)}/${ms(ownLoop.max / 1e6)}`;
    console.log(line);
    results.push(line);
  }
  if (unexpected401 > 0) console.log(`  WARNING: ${unexpected401} streams were refused or ended with a 401 event`);
  for (const s of open) s.destroy();
  agent.destroy();
  await server.stop('stop');
  console.log('\nSummary (targets: ≤ 30 KB per stream, p99 < 100 ms at 10,000 streams):');
  for (const line of results) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
