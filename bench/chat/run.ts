/**
 * bench/chat: chat between sellers and buyers on one instance. Forks the real app (the stream
 * benchmarks' server, bench/sse/server.ts, with BENCH_CHAT_PAIRS buyers each in a conversation with
 * one shop), opens every seller's notification stream (which carries the shop's chat) and every
 * buyer's chat stream, then sends messages at a fixed open-loop rate, alternately buyer → seller and
 * seller → buyer, and times each from its send until it reaches the other side's stream.
 *
 * Beside it, in the same run: the notification stream's own figures (a buyer checkout's event on
 * the same seller streams, as bench/sse measures it), the send request's own answer, a plain
 * /api/health round trip, and the idle server's memory. Targets: p99 < 150 ms, no message lost.
 *
 *   npm run bench:chat
 *   (BENCH_PAIRS=5000 BENCH_RATE=200 BENCH_SECONDS=20 BENCH_CHECKOUTS=200 BENCH_DATABASE_URL=postgres://…)
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { agent, forkBenchServer, kb, mb, ms, now, percentile, request, requireFileDescriptors, sleep } from '../support/load.ts';
import type { BenchShop, ChatPair, FromServer, ToServer } from '../sse/server.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 200);
const CHECKOUT_RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 20);
const OPEN_CONCURRENCY = 64;

const ownLoop = monitorEventLoopDelay({ resolution: 10 });
ownLoop.enable();

type Side = 'seller' | 'buyer';
interface Sample {
  sent: number;
  to: Side;
  pair: number;
}

/** Messages in flight by their tag, and the pairs holding one (a pair carries one message at a time). */
const inFlight = new Map<number, Sample>();
const busyPairs = new Set<number>();
const chatLatency: number[] = [];
/** Checkouts in flight by shop index: their notification (an unnamed event) ends the sample. */
const checkoutsInFlight = new Map<number, number>();
const notificationLatency: number[] = [];
let refusedStreams = 0;

const TAG = /\[bm(\d+)\]/g;

/** Reads a stream's events (blank-line separated) and hands each its name and data. */
function onEvents(res: http.IncomingMessage, handle: (event: string, data: string) => void) {
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (data.length > 0) handle(event, data.join('\n'));
    }
  });
}

function arrived(side: Side, pair: number, data: string) {
  for (const match of data.matchAll(TAG)) {
    const tag = Number(match[1]);
    const sample = inFlight.get(tag);
    if (!sample || sample.to !== side || sample.pair !== pair) continue;
    chatLatency.push(now() - sample.sent);
    inFlight.delete(tag);
    busyPairs.delete(pair);
  }
}

function openStream(port: number, urlPath: string, side: Side, pair: number): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let opened = false;
      res.on('data', () => {
        if (!opened) {
          opened = true;
          resolve(req);
        }
      });
      onEvents(res, (event, data) => {
        if (data === '{"code":401}') refusedStreams++;
        if (event === 'chat') return arrived(side, pair, data);
        if (side === 'seller' && data.startsWith('[')) {
          const sent = checkoutsInFlight.get(pair);
          if (sent === undefined) return;
          notificationLatency.push(now() - sent);
          checkoutsInFlight.delete(pair);
        }
      });
    });
    req.on('error', reject);
  });
}

async function ticket(port: number, urlPath: string, headers: Record<string, string>): Promise<string> {
  const answer = await request(port, 'POST', urlPath, headers);
  if (answer.status !== 200) throw new Error(`${urlPath}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).data.ticket as string;
}

/** Both streams of pairs [from, to): the seller's notification stream and the buyer's chat stream. */
async function openPairs(port: number, shops: BenchShop[], pairs: ChatPair[], from: number, to: number): Promise<http.ClientRequest[]> {
  const opened: http.ClientRequest[] = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const sellerTicket = await ticket(port, '/api/sse/ticket', { authtoken: shops[i].token });
      opened.push(await openStream(port, `/api/sse/connect/${shops[i].userId}?ticket=${encodeURIComponent(sellerTicket)}`, 'seller', i));
      const buyerTicket = await ticket(port, '/api/buyer/chat/ticket', { buyertoken: pairs[i].buyerToken });
      opened.push(await openStream(port, `/api/buyer/chat/stream?ticket=${encodeURIComponent(buyerTicket)}`, 'buyer', i));
    }
  };
  await Promise.all(Array.from({ length: OPEN_CONCURRENCY }, worker));
  return opened;
}

/** Runs `fire(i)` for i < count at start + i / rate (open loop: a slow answer does not delay the next). */
async function openLoop(count: number, rate: number, fire: (i: number) => Promise<void>) {
  const fired: Promise<void>[] = [];
  const start = now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - now();
    if (wait > 0) await sleep(wait);
    fired.push(fire(i));
  }
  await Promise.all(fired);
}

async function drain(pendingCount: () => number) {
  const deadline = now() + 3000;
  while (pendingCount() > 0 && now() < deadline) await sleep(20);
}

function pickFree(pairCount: number, busy: (i: number) => boolean): number {
  let pair = Math.floor(Math.random() * pairCount);
  for (let tries = 0; busy(pair) && tries < 50; tries++) pair = Math.floor(Math.random() * pairCount);
  return pair;
}

async function measureChat(port: number, shops: BenchShop[], pairs: ChatPair[], pairCount: number, count: number, rate: number) {
  chatLatency.length = 0;
  const sendAnswers: number[] = [];
  const health: number[] = [];
  let failed = 0;
  let tagSeq = Math.floor(Math.random() * 1e6) * 1000;
  await openLoop(count, rate, async (i) => {
    const pair = pickFree(pairCount, (p) => busyPairs.has(p));
    const to: Side = i % 2 === 0 ? 'seller' : 'buyer';
    const tag = ++tagSeq;
    const body = JSON.stringify({ conversationId: pairs[pair].conversationId, text: `Is size M in stock? [bm${tag}]` });
    const sent = now();
    inFlight.set(tag, { sent, to, pair });
    busyPairs.add(pair);
    const healthSent = now();
    const [answer] = await Promise.all([
      to === 'seller'
        ? request(port, 'POST', '/api/buyer/chat/send', { buyertoken: pairs[pair].buyerToken }, body)
        : request(port, 'POST', '/api/chat/send', { authtoken: shops[pair].token }, body),
      request(port, 'GET', '/api/health').then(() => void health.push(now() - healthSent)),
    ]);
    if (answer.status === 200 && JSON.parse(answer.body).code === 0) sendAnswers.push(now() - sent);
    else {
      failed++;
      if (failed <= 3) console.log(`  send refused: ${answer.status} ${answer.body.slice(0, 200)}`);
      inFlight.delete(tag);
      busyPairs.delete(pair);
    }
  });
  await drain(() => inFlight.size);
  const lost = inFlight.size;
  inFlight.clear();
  busyPairs.clear();
  return { latency: [...chatLatency], sendAnswers, health, failed, lost };
}

async function measureNotifications(port: number, shops: BenchShop[], pairCount: number, buyerToken: string) {
  notificationLatency.length = 0;
  let failed = 0;
  await openLoop(CHECKOUTS, CHECKOUT_RATE, async () => {
    const pair = pickFree(pairCount, (p) => checkoutsInFlight.has(p));
    const shop = shops[pair];
    const body = JSON.stringify({ shopId: shop.shopId, shopProductId: shop.productId, quantity: 1, receiverName: 'Bench Buyer', receiverPhone: '+84 912345678', receiverAddress: '1 Bench Street, HCMC', paymentMethod: 'balance' });
    checkoutsInFlight.set(pair, now());
    const answer = await request(port, 'POST', '/api/buyer/checkout', { buyertoken: buyerToken }, body);
    if (answer.status !== 200) {
      failed++;
      if (failed <= 3) console.log(`  checkout refused: ${answer.status} ${answer.body.slice(0, 200)}`);
      checkoutsInFlight.delete(pair);
    }
  });
  await drain(() => checkoutsInFlight.size);
  const lost = checkoutsInFlight.size;
  checkoutsInFlight.clear();
  return { latency: [...notificationLatency], failed, lost };
}

const p50p99 = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;

async function main() {
  const limit = requireFileDescriptors(PAIRS * 2);
  const messages = RATE * SECONDS;
  console.log(`bench/chat: ${PAIRS} sellers + ${PAIRS} buyers connected; ${messages} messages at ${RATE}/s; ${CHECKOUTS} checkouts at ${CHECKOUT_RATE}/s beside them; ulimit -n ${limit}`);
  const server = forkBenchServer<ToServer, FromServer>(path.join(import.meta.dirname, '../sse/server.ts'), { BENCH_SHOPS: String(PAIRS), BENCH_CHAT_PAIRS: String(PAIRS) });
  const ready = await server.ready;
  console.log(`  server on port ${ready.port} (${ready.kind}), ${ready.shops.length} shops and ${ready.pairs.length} buyers in conversation seeded`);

  // Warm up (JIT, prepared statements) on the first pairs, then take the idle baseline.
  const WARM = Math.min(50, PAIRS);
  const warm = await openPairs(ready.port, ready.shops, ready.pairs, 0, WARM);
  await measureChat(ready.port, ready.shops, ready.pairs, WARM, 200, RATE);
  warm.forEach((s) => s.destroy());
  await sleep(1000);
  const idle = await server.ask('memory');
  console.log(`  idle server (baseline): RSS ${mb(idle.rss)} MB (ArrayBuffers ${mb(idle.arrayBuffers)} MB), heap ${mb(idle.heapUsed)} MB`);

  const started = now();
  const open = await openPairs(ready.port, ready.shops, ready.pairs, 0, PAIRS);
  const openSeconds = ((now() - started) / 1000).toFixed(1);
  await sleep(1000);
  const memory = await server.ask('memory');
  const connections = memory.streams + memory.buyerStreams;
  const perConnection = (memory.rss - idle.rss) / connections;
  const perConnectionNative = (memory.rss - memory.arrayBuffers - (idle.rss - idle.arrayBuffers)) / connections;
  const perConnectionHeap = (memory.heapUsed - idle.heapUsed) / connections;

  await server.ask('loop');
  ownLoop.reset();
  const chat = await measureChat(ready.port, ready.shops, ready.pairs, PAIRS, messages, RATE);
  const chatLoop = await server.ask('loop');
  const notifications = await measureNotifications(ready.port, ready.shops, PAIRS, ready.buyerToken);

  const lines = [
    `  connections: ${memory.streams} seller streams + ${memory.buyerStreams} buyer streams (opened in ${openSeconds} s); ` +
      `memory per connection: RSS ${kb(perConnection)} KB, RSS less ArrayBuffers ${kb(perConnectionNative)} KB, JS heap ${kb(perConnectionHeap)} KB (server RSS ${mb(memory.rss)} MB)`,
    `  chat message send → other side's stream: ${p50p99(chat.latency)} (${chat.latency.length}/${messages} delivered, ${chat.lost} lost, ${chat.failed} sends refused)`,
    `  baseline: the send's own answer ${p50p99(chat.sendAnswers)}; /api/health ${p50p99(chat.health)}; ` +
      `checkout → notification on the same streams ${p50p99(notifications.latency)} (${notifications.latency.length}/${CHECKOUTS}, ${notifications.lost} lost, ${notifications.failed} failed)`,
    `  server CPU per message ${ms(chatLoop.cpuMs / messages)} and database round trips per message ${(chatLoop.queries / messages).toFixed(1)} (both incl. its /api/health and the streams' reads); event-loop delay p99/max during the messages: server ${ms(chatLoop.p99Ms)}/${ms(chatLoop.maxMs)}, load process ${ms(ownLoop.percentile(99) / 1e6)}/${ms(ownLoop.max / 1e6)}`,
  ];
  if (refusedStreams > 0) lines.push(`  WARNING: ${refusedStreams} streams were refused or ended with a 401 event`);
  for (const s of open) s.destroy();
  agent.destroy();
  await server.stop('stop');
  console.log('\nSummary (targets: chat p99 < 150 ms, no message lost):');
  for (const line of lines) console.log(line);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
