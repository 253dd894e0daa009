/**
 * A cluster under load losing its parts (`npm run test:cluster`): three real server processes behind
 * HAProxy (health-checking /api/health/ready), one PostgreSQL and one Redis of the test's own (so
 * stopping them disturbs nothing else on the machine). For CLUSTER_DURATION_S seconds (120 by
 * default) buyers check out, sellers purchase, withdraw and read their lists, and every shop holds
 * a notification stream, while the test kills one instance with SIGKILL and starts it again, stops
 * Redis for CLUSTER_REDIS_DOWN_S seconds (20) and starts it again, and restarts PostgreSQL.
 *
 * Clients behave as the web app does: a money request that got no 2xx is sent again with its
 * Idempotency-Key, a stream that ends reconnects with Last-Event-ID. At the end: every money request
 * answered 2xx was applied exactly once, keys never answered at most once, the ledger reconciles,
 * every stored notification reached its shop's stream, and no 5xx (or failed connection) came
 * outside the fault windows. The figures are printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { orders, withdrawals } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { freePort, startServer, type RunningServer } from '../child-server.ts';
import { encodePassword, TRC20_ADDRESS, type TestContext } from '../helper.ts';
import { messagesOf, openStream, type SseStream } from '../notifications/sse-client.ts';
import { addShopProducts, CARRIER_KEY, fundShopDirect, newBuyer, newShop, receiver, type ShopFixture } from '../orders/fixtures.ts';
import { startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from '../private-servers.ts';

const DURATION_MS = Number(process.env.CLUSTER_DURATION_S || 120) * 1000;
const REDIS_DOWN_MS = Number(process.env.CLUSTER_REDIS_DOWN_S || 20) * 1000;
const SHOPS = 6;
const BUYERS = 6;
const INSTANCES = 3;
/** After every part answers again: HAProxy's `rise 2` at `inter 1s` puts an instance back within ~2 s. */
const GRACE_MS = 3000;
/**
 * A killed instance's failures: the requests it was answering, and those sent to it before HAProxy's
 * `fall 2` at `inter 1s` takes it out. While it starts again and rejoins, nothing may fail.
 */
const KILL_WINDOW_MS = 2000 + GRACE_MS;
/** After the load stops, a request without a 2xx keeps being retried with its key this long. */
const DRAIN_MS = 30_000;
/** What a failed fetch says went wrong (undici puts the socket's error in `cause`). */
const errorCode = (error: unknown) => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).name;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Outcome {
  at: number;
  what: string;
  status: number | 'error';
  /** Who answered a 5xx: the app's error code, or `proxy` for HAProxy's own page. */
  by?: string;
}

interface Window {
  name: string;
  start: number;
  /** When the broken part was started again. */
  restored: number;
  /** When every instance answered ready again and the proxy served a ready check. */
  recovered: number;
  /** Until when a 5xx or a failed connection is the fault's. */
  end: number;
}

interface KeyedRequest {
  key: string;
  attempts: number;
  /** The 2xx answer's data, once there is one. */
  answer: unknown;
}

interface Shop extends ShopFixture {
  productId: number;
  /** Notification ids this shop's streams delivered. */
  seen: Set<number>;
  lastEventId: number;
  stream: SseStream | null;
  /** Events of `stream` already taken into `seen`. */
  read: number;
  reconnects: number;
}

function haproxyConfig(port: number, instancePorts: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    // A request that could not reach an instance goes to another; one that reached it is never sent twice.
    '  option redispatch',
    '  retries 3',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 30s',
    '  timeout tunnel 1h',
    'frontend shopdesk',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2',
    ...instancePorts.map((p, i) => `  server i${i} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

describe('a cluster of three instances behind HAProxy losing an instance, Redis and PostgreSQL under load', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let url: string;
  let haproxy: ChildProcess | null = null;
  let haproxyOutput = '';
  let base: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-cluster-'));
  const instancePorts: number[] = [];
  const servers: (RunningServer | null)[] = [];
  const shops: Shop[] = [];
  const buyers: { buyerId: number; token: string }[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (spawnSync('haproxy', ['-v']).status !== 0) throw new Error('haproxy is not installed (apt-get install haproxy; .ci/run installs it)');
    postgres = await startPrivatePostgres();
    redis = await startPrivateRedis();
    url = await postgres.createDatabase('shopdesk_cluster');

    // Setup through an app of this process (migrates the database), then closed: the load goes through the proxy only.
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    const app = await buildApp(loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, rateLimitPerAddress: 0, rateLimitPerSession: 0 }), database);
    await app.ready();
    const setup: TestContext = { app, db: database.db, kind: database.kind, database, close: () => app.close() };
    for (let i = 0; i < SHOPS; i++) {
      const shop = await newShop(setup);
      await fundShopDirect(database.db, shop.shopId, 100_000_00);
      const [productId] = await addShopProducts(setup, shop, [5_00]);
      shops.push({ ...shop, productId: productId!, seen: new Set(), lastEventId: 0, stream: null, read: 0, reconnects: 0 });
    }
    for (let i = 0; i < BUYERS; i++) buyers.push(await newBuyer(setup));
    await app.close();
    await database.close();

    for (let i = 0; i < INSTANCES; i++) instancePorts.push(await freePort());
    env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'true',
      // Every client comes from this machine's one address; per-session limits stay on (their counters are in Redis).
      RATE_LIMIT_PER_ADDRESS: '0',
      CARRIER_KEY,
      DB_CONNECT_TIMEOUT_MS: '2000',
      SSE_HEARTBEAT_MS: '5000',
      LOG_LEVEL: 'error',
    };
    servers.push(...(await Promise.all(instancePorts.map((port) => startServer(env, { port, timeoutMs: 120_000 })))));

    const proxyPort = await freePort();
    const config = path.join(tmp, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(proxyPort, instancePorts));
    haproxy = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      haproxyOutput = (haproxyOutput + chunk.toString()).slice(-8000);
    };
    haproxy.stdout?.on('data', keep);
    haproxy.stderr?.on('data', keep);
    base = `http://127.0.0.1:${proxyPort}`;
    const deadline = Date.now() + 30_000;
    while (!(await allReady())) {
      if (Date.now() > deadline) throw new Error(`the cluster did not become ready:\n${haproxyOutput}\n${servers.map((s) => s?.output()).join('\n')}`);
      await sleep(250);
    }
  }, 300_000);

  afterAll(async () => {
    for (const shop of shops) shop.stream?.close();
    haproxy?.kill('SIGKILL');
    for (const server of servers) server?.child.kill('SIGKILL');
    await redis?.stop();
    await postgres?.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Every instance answers ready, and so does the proxy (it has put at least one back). */
  async function allReady(): Promise<boolean> {
    const answers = await Promise.all(
      [...servers.map((s) => (s ? `${s.base}/api/health/ready` : null)), `${base}/api/health/ready`].map(async (address) => {
        if (!address) return false;
        try {
          return (await fetch(address, { signal: AbortSignal.timeout(2000) })).status === 200;
        } catch {
          return false;
        }
      }),
    );
    return answers.every(Boolean);
  }

  it('applies every answered money request once, delivers every notification and answers 5xx only inside the fault windows', async () => {
    const outcomes: Outcome[] = [];
    const windows: Window[] = [];
    let stop = false;
    let drainUntil = Infinity;

    /** One request through the proxy, its outcome recorded. */
    const request = async (what: string, pathname: string, init: RequestInit & { headers?: Record<string, string> } = {}) => {
      try {
        const response = await fetch(`${base}${pathname}`, { ...init, signal: AbortSignal.timeout(15_000) });
        const text = await response.text();
        let body: { data?: unknown; error?: string } = {};
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          // HAProxy's own 502/503 pages are HTML
        }
        outcomes.push({ at: Date.now(), what, status: response.status, ...(response.status >= 500 ? { by: body.error ?? 'proxy' } : {}) });
        return { status: response.status, body };
      } catch (error) {
        outcomes.push({ at: Date.now(), what, status: 'error', by: `${what}: ${errorCode(error)}` });
        return { status: 0, body: {} as { data?: unknown; error?: string } };
      }
    };
    const json = (token: Record<string, string>, body: unknown, key?: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...token, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });

    /** Sends one keyed money request until it is answered 2xx (a 4xx is an answer too: recorded, not retried). */
    const keyed = async (what: string, key: string, pathname: string, token: Record<string, string>, body: unknown, log: KeyedRequest[]) => {
      const entry: KeyedRequest = { key, attempts: 0, answer: undefined };
      log.push(entry);
      for (;;) {
        entry.attempts++;
        const answer = await request(what, pathname, json(token, body, key));
        if (answer.status >= 200 && answer.status < 300) {
          entry.answer = answer.body.data;
          return answer;
        }
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return answer;
        if (Date.now() > drainUntil) return answer;
        await sleep(300);
      }
    };

    const checkouts: KeyedRequest[] = [];
    const purchases: KeyedRequest[] = [];
    const withdraws: KeyedRequest[] = [];
    const refused: { what: string; status: number; error?: string }[] = [];

    const buyerLoad = buyers.map(async (buyer, b) => {
      for (let n = 0; !stop; n++) {
        const shop = shops[(b + n) % shops.length]!;
        const answer = await keyed('checkout', `checkout-${b}-${n}`, '/api/buyer/checkout', { buyertoken: buyer.token }, { ...receiver, shopId: shop.shopId, shopProductId: shop.productId, quantity: 1 }, checkouts);
        if (answer.status >= 400 && answer.status < 500) refused.push({ what: 'checkout', status: answer.status, error: answer.body.error });
        await request('mall orders', '/api/buyer/orders', { headers: { buyertoken: buyer.token } });
        await sleep(150);
      }
    });

    const sellerLoad = shops.map(async (shop, s) => {
      const token = { authtoken: shop.token };
      for (let n = 0; !stop; n++) {
        const list = await request('order list', '/api/order/getOrderList', json(token, { tab: 'to_purchase', page: 1, pageSize: 20 }));
        const due = list.status === 200 ? (list.body.data as { list: { orderId: string }[] }).list.map((o) => o.orderId) : [];
        if (due.length > 0) {
          const answer = await keyed('purchase', `purchase-${s}-${n}`, '/api/order/purchaseOrder', token, { orderIds: due, fundPassword: encodePassword(shop.fundPassword) }, purchases);
          if (answer.status >= 400 && answer.status < 500) refused.push({ what: 'purchase', status: answer.status, error: answer.body.error });
        }
        if (n % 3 === 0) {
          const body = { method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '50', fundPassword: encodePassword(shop.fundPassword) };
          const answer = await keyed('withdraw', `withdraw-${s}-${n}`, '/api/wallet/withdraw', token, body, withdraws);
          if (answer.status >= 400 && answer.status < 500) refused.push({ what: 'withdraw', status: answer.status, error: answer.body.error });
        }
        await request('wallet summary', '/api/wallet/summary', { headers: token });
        await request('notifications', '/api/notifications/list?page=1&pageSize=20', { headers: token });
        await request('transactions', '/api/wallet/transactions?page=1&pageSize=20', { headers: token });
        await sleep(200);
      }
    });

    /** Takes the stream's new events into the shop's delivered ids. */
    const collect = (shop: Shop) => {
      const events = shop.stream?.events ?? [];
      for (; shop.read < events.length; shop.read++) {
        const messages: unknown = JSON.parse(events[shop.read]!.data);
        // A refused ticket's event is an object ({"code":401}); messages come as an array.
        if (!Array.isArray(messages)) continue;
        for (const message of messagesOf(events[shop.read]!)) {
          shop.seen.add(message.id);
          shop.lastEventId = Math.max(shop.lastEventId, message.id);
        }
      }
    };

    // Each shop keeps a stream open, reconnecting with Last-Event-ID whenever it ends.
    let streamsOn = true;
    const streamLoad = shops.map(async (shop) => {
      while (streamsOn) {
        const ticket = await request('stream ticket', '/api/sse/ticket', json({ authtoken: shop.token }, {}));
        if (ticket.status !== 200) {
          await sleep(300);
          continue;
        }
        const { ticket: value } = ticket.body.data as { ticket: string };
        let stream: SseStream;
        try {
          stream = await openStream(base, `/api/sse/connect/${shop.userId}?ticket=${encodeURIComponent(value)}&lastEventId=${shop.lastEventId}`);
        } catch (error) {
          outcomes.push({ at: Date.now(), what: 'stream', status: 'error', by: `stream: ${errorCode(error)}` });
          await sleep(300);
          continue;
        }
        outcomes.push({ at: Date.now(), what: 'stream', status: stream.status });
        if (stream.status !== 200) {
          stream.close();
          await sleep(300);
          continue;
        }
        shop.stream = stream;
        shop.read = 0;
        await stream.ended.catch(() => {});
        collect(shop);
        shop.stream = null;
        if (streamsOn) shop.reconnects++;
        await sleep(200);
      }
    });

    // A restarted instance compiles its TypeScript (tsx) before it listens: slow on a loaded 2-core machine.
    const waitRecovered = async (name: string) => {
      const deadline = Date.now() + 120_000;
      while (!(await allReady())) {
        expect(Date.now(), `${name}: the cluster did not recover:\n${haproxyOutput}\n${servers.map((s) => s?.output()).join('\n')}`).toBeLessThan(deadline);
        await sleep(100);
      }
      return Date.now();
    };

    const started = Date.now();
    const at = async (fraction: number) => {
      const wait = started + fraction * DURATION_MS - Date.now();
      if (wait > 0) await sleep(wait);
    };

    // 1. One instance killed (SIGKILL) and started again.
    await at(0.12);
    {
      const start = Date.now();
      servers[0]!.child.kill('SIGKILL');
      await servers[0]!.exited;
      servers[0] = null;
      await sleep(3000);
      const restored = Date.now();
      servers[0] = await startServer(env, { port: instancePorts[0]!, timeoutMs: 120_000 });
      windows.push({ name: 'instance SIGKILL', start, restored, recovered: await waitRecovered('instance SIGKILL'), end: start + KILL_WINDOW_MS });
    }
    // 2. Redis stopped, started again.
    await at(0.35);
    {
      const start = Date.now();
      await redis.stop();
      await sleep(REDIS_DOWN_MS);
      const restored = Date.now();
      await redis.start();
      const recovered = await waitRecovered('Redis');
      windows.push({ name: `Redis down ${REDIS_DOWN_MS / 1000} s`, start, restored, recovered, end: recovered + GRACE_MS });
    }
    // 3. PostgreSQL restarted.
    await at(0.7);
    {
      const start = Date.now();
      await postgres.stop();
      await sleep(2000);
      const restored = Date.now();
      await postgres.start();
      const recovered = await waitRecovered('PostgreSQL');
      windows.push({ name: 'PostgreSQL restart', start, restored, recovered, end: recovered + GRACE_MS });
    }
    await at(1);
    stop = true;
    drainUntil = Date.now() + DRAIN_MS;
    await Promise.all([...buyerLoad, ...sellerLoad]);
    const loadEnded = Date.now();

    // Every stored notification on its shop's stream: live, or by the replay of a reconnect.
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    try {
      const stored = new Map<number, number[]>();
      const storedIds = async () => {
        const rows = rowsOf<{ shop_id: number; id: number }>(await database.db.execute(sql`select shop_id, id from notifications order by id`));
        stored.clear();
        for (const row of rows) stored.set(Number(row.shop_id), [...(stored.get(Number(row.shop_id)) ?? []), Number(row.id)]);
      };
      await storedIds();
      const missing = () =>
        shops.flatMap((shop) => {
          collect(shop);
          return (stored.get(shop.shopId) ?? []).filter((id) => !shop.seen.has(id)).map((id) => ({ shopId: shop.shopId, id }));
        });
      const liveDeadline = Date.now() + 5000;
      while (missing().length > 0 && Date.now() < liveDeadline) await sleep(200);
      const missedLive = missing().length;
      if (missedLive > 0) {
        // Reconnect every stream that misses one: the replay after its Last-Event-ID brings them.
        for (const shop of shops) if ((stored.get(shop.shopId) ?? []).some((id) => !shop.seen.has(id))) shop.stream?.close();
        const replayDeadline = Date.now() + 15_000;
        while (missing().length > 0 && Date.now() < replayDeadline) await sleep(200);
      }
      streamsOn = false;
      for (const shop of shops) shop.stream?.close();
      await Promise.all(streamLoad);

      // Money: exactly once for each 2xx, at most once for a key never answered.
      const orderRows = await database.db.select({ orderNo: orders.orderNo, buyerId: orders.buyerId, purchaseStatus: orders.purchaseStatus }).from(orders).where(inArray(orders.buyerId, buyers.map((b) => b.buyerId)));
      const answeredCheckouts = checkouts.filter((c) => c.answer !== undefined).map((c) => (c.answer as { orderId: string }).orderId);
      const unansweredCheckouts = checkouts.filter((c) => c.answer === undefined).length;
      expect(new Set(answeredCheckouts).size).toBe(answeredCheckouts.length);
      const orderNos = new Set(orderRows.map((o) => o.orderNo));
      for (const orderId of answeredCheckouts) expect(orderNos.has(orderId), `checkout ${orderId} answered 200 but not stored`).toBe(true);
      expect(orderRows.length - answeredCheckouts.length).toBeGreaterThanOrEqual(0);
      expect(orderRows.length - answeredCheckouts.length).toBeLessThanOrEqual(unansweredCheckouts);

      const purchaseTransfers = rowsOf<{ order_no: string; n: number }>(
        await database.db.execute(sql`select order_no, count(*)::int as n from ledger_transfers where type = 'purchase' group by order_no`),
      );
      const purchaseCount = new Map(purchaseTransfers.map((r) => [r.order_no, Number(r.n)]));
      for (const [orderNo, n] of purchaseCount) expect(n, `order ${orderNo} purchased ${n} times`).toBe(1);
      const purchasedInAnswers = purchases.flatMap((p) => ((p.answer as { results: { orderId: string; ok: boolean }[] } | undefined)?.results ?? []).filter((r) => r.ok).map((r) => r.orderId));
      expect(new Set(purchasedInAnswers).size).toBe(purchasedInAnswers.length);
      for (const orderId of purchasedInAnswers) expect(purchaseCount.get(orderId), `purchase of ${orderId} answered ok but not applied`).toBe(1);
      for (const order of orderRows) expect(order.purchaseStatus === 'purchased', `order ${order.orderNo}: status ${order.purchaseStatus}, purchase transfers ${purchaseCount.get(order.orderNo) ?? 0}`).toBe(purchaseCount.has(order.orderNo));

      const withdrawalRows = await database.db.select({ id: withdrawals.id }).from(withdrawals);
      const answeredWithdrawals = withdraws.filter((w) => w.answer !== undefined).map((w) => (w.answer as { id: number }).id);
      expect(new Set(answeredWithdrawals).size).toBe(answeredWithdrawals.length);
      const withdrawalIds = new Set(withdrawalRows.map((w) => w.id));
      for (const id of answeredWithdrawals) expect(withdrawalIds.has(id), `withdrawal ${id} answered 200 but not stored`).toBe(true);
      expect(withdrawalRows.length - answeredWithdrawals.length).toBeLessThanOrEqual(withdraws.filter((w) => w.answer === undefined).length);

      const report = await reconcile(database.db);

      // The figures.
      const inWindow = (o: Outcome, w: Window) => o.at >= w.start && o.at <= w.end;
      const failed = (o: Outcome) => o.status === 'error' || o.status >= 500;
      const outside = outcomes.filter((o) => failed(o) && !windows.some((w) => inWindow(o, w)));
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const lines = [
        `cluster: ${INSTANCES} instances behind HAProxy, ${SHOPS} shops, ${BUYERS} buyers, load ${seconds(loadEnded - started)} (CLUSTER_DURATION_S=${DURATION_MS / 1000})`,
        `requests: ${outcomes.length} (${outcomes.filter((o) => typeof o.status === 'number' && o.status < 300).length} 2xx, ${outcomes.filter((o) => typeof o.status === 'number' && o.status >= 400 && o.status < 500).length} 4xx, ${outcomes.filter(failed).length} 5xx or failed connections)`,
        `money: ${answeredCheckouts.length} checkouts, ${purchasedInAnswers.length} orders purchased in ${purchases.filter((p) => p.answer !== undefined).length} requests, ${answeredWithdrawals.length} withdrawals answered 2xx; ${[...checkouts, ...purchases, ...withdraws].filter((k) => k.attempts > 1).length} keyed requests sent more than once; ${unansweredCheckouts + withdraws.filter((w) => w.answer === undefined).length + purchases.filter((p) => p.answer === undefined).length} never answered 2xx`,
        `refusals (4xx answers to money requests): ${refused.length === 0 ? 'none' : JSON.stringify(refused)}`,
        ...windows.map((w) => {
          const inside = outcomes.filter((o) => inWindow(o, w));
          const byStatus = new Map<string, number>();
          for (const o of inside.filter(failed)) {
            const kind = o.status === 'error' ? `failed ${o.by}` : `${o.status} ${o.by}`;
            byStatus.set(kind, (byStatus.get(kind) ?? 0) + 1);
          }
          return `window "${w.name}": ${seconds(w.end - w.start)} (part away ${seconds(w.restored - w.start)}; all ${INSTANCES} instances ready ${seconds(w.recovered - w.restored)} after it was started again): ${inside.length} requests, ${inside.filter(failed).length} failed ${JSON.stringify(Object.fromEntries(byStatus))}`;
        }),
        `5xx or failed connections outside the windows: ${outside.length}`,
        `streams: ${shops.reduce((n, s) => n + s.reconnects, 0)} reconnects; notifications stored ${[...stored.values()].reduce((n, ids) => n + ids.length, 0)}, missing on the live streams after the load ${missedLive}, missing after replay ${missing().length}`,
        `reconcile: ${report.breaks.length === 0 ? 'clean' : JSON.stringify(report.breaks)}`,
      ];
      console.log(lines.join('\n'));

      expect(outside).toEqual([]);
      expect(missing()).toEqual([]);
      expect(report.breaks).toEqual([]);
      expect(answeredCheckouts.length).toBeGreaterThan(0);
      expect(purchasedInAnswers.length).toBeGreaterThan(0);
      expect(answeredWithdrawals.length).toBeGreaterThan(0);
      for (const server of servers) expect(server?.child.exitCode, server?.output()).toBeNull();
    } finally {
      await database.close();
    }
  }, DURATION_MS + 300_000);
});
