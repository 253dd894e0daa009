/**
 * The stream benchmarks' server process (forked by bench/sse/run.ts and bench/chat/run.ts with an
 * IPC channel): the real app on one instance, over in-memory PGlite or a fresh database on
 * BENCH_DATABASE_URL's server, seeded with BENCH_SHOPS sellers (a session and one product on sale
 * each), one buyer, and BENCH_CHAT_PAIRS more buyers each with a conversation with shop i (chat).
 * Answers memory figures (after a full GC) when the load process asks, so it never shares its heap.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { closeBenchDatabase, openBenchDatabase } from '../support/database.ts';
import { addMetricsSink } from '../../apps/server/src/lib/metrics.ts';
import { rowsOf } from '../../apps/server/src/lib/sql-text.ts';
import { buyerToppedUp } from '../../apps/server/src/modules/ledger/money-flows.ts';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const CHAT_PAIRS = Math.min(SHOPS, Number(process.env.BENCH_CHAT_PAIRS ?? 0));
const DB_NAME = `shopdesk_bench_sse_${process.pid}`;

export interface BenchShop {
  shopId: number;
  userId: number;
  token: string;
  productId: number;
}

export type ToServer = { type: 'memory' } | { type: 'loop' } | { type: 'stop' };
/** A buyer with an open conversation with `shops[i]` (the i-th pair). */
export interface ChatPair {
  conversationId: number;
  buyerToken: string;
}

export type FromServer =
  | { type: 'ready'; port: number; kind: string; shops: BenchShop[]; buyerToken: string; pairs: ChatPair[] }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number; streams: number; buyerStreams: number }
  | { type: 'loop'; p99Ms: number; maxMs: number; cpuMs: number; queries: number };

async function seed(database: Database) {
  const db = database.db;
  const secret = randomBytes(12).toString('hex');
  const token = (userId: number) => `ssebench-${userId}-${secret}`;
  await db.execute(sql`insert into users (username, password_hash) select 'sseb' || g, 'x' from generate_series(1, ${SHOPS}::integer) g`);
  await db.execute(sql`insert into shops (owner_user_id, name) select id, 'SSE bench shop ' || id from users where username like 'sseb%' order by id`);
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, encode(sha256(convert_to('ssebench-' || id || '-' || ${secret}::text, 'UTF8')), 'hex'), now() + interval '1 day'
    from users where username like 'sseb%'`);
  await db.execute(sql`
    insert into warehouse_products (name, category, cover, purchase_price_cents, stock)
    values ('SSE bench item', 'phone', '/api/catalog/covers/1.svg', 1000, 1000000)`);
  await db.execute(sql`
    insert into shop_products (shop_id, warehouse_product_id, name, category, cover, purchase_price_cents, profit_ratio_bp, stock)
    select s.id, w.id, w.name, w.category, w.cover, w.purchase_price_cents, 2000, 1000000
    from shops s cross join warehouse_products w`);
  const buyerToken = `ssebuyer-${secret}`;
  await db.execute(sql`insert into buyers (username, password_hash, nickname) values ('ssebuyer', 'x', 'SSE bench buyer')`);
  await db.execute(sql`
    insert into buyer_sessions (buyer_id, token_hash, expires_at)
    select id, encode(sha256(convert_to(${buyerToken}::text, 'UTF8')), 'hex'), now() + interval '1 day' from buyers where username = 'ssebuyer'`);
  // The bench buyer pays from a wallet topped up through the ledger, as a demo buyer's is.
  const [buyer] = rowsOf<{ id: number }>(await db.execute(sql`select id from buyers where username = 'ssebuyer'`));
  await db.transaction((tx) => buyerToppedUp(tx, { buyerId: Number(buyer.id), key: 'bench', amountCents: 1_000_000_000 }));
  const rows = rowsOf<{ shop_id: number; user_id: number; product_id: number }>(
    await db.execute(sql`
      select s.id as shop_id, s.owner_user_id as user_id, p.id as product_id
      from shops s join shop_products p on p.shop_id = s.id order by s.id`),
  );
  const shops: BenchShop[] = rows.map((r) => ({ shopId: Number(r.shop_id), userId: Number(r.user_id), productId: Number(r.product_id), token: token(Number(r.user_id)) }));
  return { shops, buyerToken, pairs: await seedChatPairs(db, shops.slice(0, CHAT_PAIRS), secret) };
}

/** Buyer i (a session each) and its conversation with shops[i], opened as the mall's "chat with seller" would. */
async function seedChatPairs(db: Database['db'], shops: BenchShop[], secret: string): Promise<ChatPair[]> {
  if (shops.length === 0) return [];
  const buyerToken = (buyerId: number) => `chatbuyer-${buyerId}-${secret}`;
  await db.execute(sql`insert into buyers (username, password_hash, nickname) select 'chatb' || g, 'x', 'Chat buyer ' || g from generate_series(1, ${shops.length}::integer) g`);
  await db.execute(sql`
    insert into buyer_sessions (buyer_id, token_hash, expires_at)
    select id, encode(sha256(convert_to('chatbuyer-' || id || '-' || ${secret}::text, 'UTF8')), 'hex'), now() + interval '1 day'
    from buyers where username like 'chatb%'`);
  const shopIds = shops.map((s) => s.shopId);
  const rows = rowsOf<{ id: number; buyer_id: number; shop_id: number }>(
    await db.execute(sql`
      insert into chat_conversations (shop_id, buyer_id)
      select s.shop_id, b.id
      from (select shop_id, row_number() over (order by shop_id) as n from unnest(${`{${shopIds.join(',')}}`}::int[]) as shop_id) s
      join (select id, row_number() over (order by id) as n from buyers where username like 'chatb%') b on b.n = s.n
      returning id, buyer_id, shop_id`),
  );
  const byShop = new Map(rows.map((r) => [Number(r.shop_id), r]));
  return shops.map((shop) => {
    const row = byShop.get(shop.shopId)!;
    return { conversationId: Number(row.id), buyerToken: buyerToken(Number(row.buyer_id)) };
  });
}

async function main() {
  const database = await openBenchDatabase(DB_NAME);
  const { shops, buyerToken, pairs } = await seed(database);
  // Thousands of streams and checkouts from one address: measure the streams, not the general rate limit.
  const config = loadConfig({ logLevel: 'warn', seedDemo: false, webDistDir: '/nonexistent', port: 0, host: '127.0.0.1', rateLimitPerAddress: 0, rateLimitPerSession: 0 });
  const app = await buildApp(config, database);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  const send = (message: FromServer) => process.send!(message);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu = process.cpuUsage();
  // Database round trips since the last ask (the driver reports each to the metrics sinks).
  let queries = 0;
  const noop = () => {};
  addMetricsSink({ ledgerTransfer: noop, idempotencyReplay: noop, eventsPublished: noop, eventsDelivered: noop, jobRun: noop, dbQuery: () => (queries += 1) });
  process.on('message', (message: ToServer) => {
    if (message.type === 'loop') {
      // The server's event-loop delay and CPU time since the last ask: show whether a slow sample was the server's.
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      send({ type: 'loop', p99Ms: loop.percentile(99) / 1e6, maxMs: loop.max / 1e6, cpuMs: (used.user + used.system) / 1000, queries });
      queries = 0;
      loop.reset();
    } else if (message.type === 'memory') {
      globalThis.gc?.();
      globalThis.gc?.();
      const m = process.memoryUsage();
      send({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, streams: app.notifications.hub.size, buyerStreams: app.buyerChatHub.size });
    } else if (message.type === 'stop') {
      void (async () => {
        await app.close();
        await closeBenchDatabase(database, DB_NAME);
        process.exit(0);
      })();
    }
  });
  send({ type: 'ready', port, kind: database.kind, shops, buyerToken, pairs });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
