/**
 * What an operator sees of an instance: the request id on every answer, in the error body and in
 * every log line of the request; the Prometheus metrics behind their token; the health checks.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, call, type TestContext } from '../helper.ts';
import { addShopProducts, fundShopDirect, newBuyer, newShop, placeOrder, purchase } from '../orders/fixtures.ts';
import { startPrivateRedis, type PrivateRedis } from '../private-servers.ts';

const TOKEN = 'metrics-secret-0123456789';

describe('request ids', () => {
  let ctx: TestContext;
  let trusted: TestContext;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    });
    ctx = await createTestApp({ logLevel: 'info' }, { logStream: stream });
    trusted = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await trusted?.close();
  });

  it('puts X-Request-Id on answers of every kind, a new one each time', async () => {
    const ok = await call(ctx.app, 'GET', '/api/health');
    const unauthorized = await call(ctx.app, 'GET', '/api/sellAuth/me');
    const missing = await ctx.app.inject({ method: 'GET', url: '/nothing-here.js' });
    const ids = [ok.headers['x-request-id'], unauthorized.headers['x-request-id'], missing.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('names it in the body of an error answer and in every log line of that request', async () => {
    const seller = await newShop(ctx);
    const refused = await call(ctx.app, 'POST', '/api/order/purchaseOrder', { token: seller.token, body: { orderIds: [] } });
    expect(refused.status).toBe(400);
    expect(refused.body.requestId).toBe(refused.headers['x-request-id']);
    const unauthorized = await call(ctx.app, 'GET', '/api/wallet/summary');
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body.requestId).toBe(unauthorized.headers['x-request-id']);
    const ofRequest = lines.filter((l) => l.reqId === refused.headers['x-request-id']);
    expect(ofRequest.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it("takes a trusted proxy's id when it looks like one, never an untrusted client's", async () => {
    const fromProxy = await call(trusted.app, 'GET', '/api/health', { headers: { 'x-request-id': 'haproxy-7f3a:42' } });
    expect(fromProxy.headers['x-request-id']).toBe('haproxy-7f3a:42');
    const odd = await call(trusted.app, 'GET', '/api/health', { headers: { 'x-request-id': 'a b\tc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const untrusted = await call(ctx.app, 'GET', '/api/health', { headers: { 'x-request-id': 'client-chosen' } });
    expect(untrusted.headers['x-request-id']).not.toBe('client-chosen');
  });
});

describe('metrics', () => {
  let off: TestContext;
  let on: TestContext;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
  });

  const scrape = (ctx: TestContext, authorization?: string) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  /** The value of one series in the text format (0 when absent). */
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };

  it('are off without METRICS_TOKEN and hidden from a request without the right token', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    expect((await scrape(on)).statusCode).toBe(404);
    const wrong = await scrape(on, 'Bearer not-the-token');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('count a request in its route and status histogram, ledger transfers, replays and process figures', async () => {
    const route = 'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_code="200"}';
    const before = (await scrape(on, `Bearer ${TOKEN}`)).body;
    await on.app.inject({ method: 'GET', url: '/api/health/live' });
    await on.app.inject({ method: 'GET', url: '/api/health/live' });

    const shop = await newShop(on);
    await fundShopDirect(on.db, shop.shopId, 100_00);
    const [productId] = await addShopProducts(on, shop, [10_00]);
    const buyer = await newBuyer(on);
    const orderId = await placeOrder(on, buyer.token, shop.shopId, productId);
    const headers = { 'idempotency-key': `metrics-${orderId}` };
    expect((await purchase(on.app, shop, [orderId], { headers })).status).toBe(200);
    expect((await purchase(on.app, shop, [orderId], { headers })).status).toBe(200);

    const scraped = await scrape(on, `Bearer ${TOKEN}`);
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    const after = scraped.body;
    expect(value(after, route) - value(before, route)).toBe(2);
    expect(value(after, 'shopdesk_ledger_transfers_total{type="purchase",outcome="moved"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'shopdesk_idempotency_replays_total') - value(before, 'shopdesk_idempotency_replays_total')).toBeGreaterThanOrEqual(1);
    const transport = on.app.notifications.bus.kind;
    expect(value(after, `shopdesk_events_published_total{transport="${transport}"}`)).toBeGreaterThanOrEqual(1);
    expect(value(after, 'shopdesk_db_up')).toBe(1);
    expect(value(after, 'shopdesk_db_migrated')).toBe(1);
    expect(value(after, 'shopdesk_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(after).toContain('process_resident_memory_bytes');
    expect(after).toContain('shopdesk_streams_open 0');
    // An unknown path is one series, whatever the path: no label per URL.
    await on.app.inject({ method: 'GET', url: '/api/no/such/thing/1' });
    await on.app.inject({ method: 'GET', url: '/api/no/such/thing/2' });
    const unmatched = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(unmatched).not.toContain('/api/no/such');
  });
});

describe('Redis state in the metrics', () => {
  // A redis-server of this test's own, so stopping it disturbs no other test.
  let redis: PrivateRedis;
  let ctx: TestContext;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    ctx = await createTestApp({ metricsToken: TOKEN, redisUrl: redis.url, rateLimitPerSession: 1000 });
  });
  afterAll(async () => {
    await ctx?.close();
    await redis?.stop();
  });

  const connections = async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    return Object.fromEntries([...text.matchAll(/^shopdesk_redis_up\{connection="(\w+)"\} (\d)$/gm)].map((m) => [m[1], Number(m[2])]));
  };

  it('reports each connection (event bus and rate-limit counters) up, down while Redis is away, and up again', async () => {
    expect(await connections()).toEqual({ publisher: 1, subscriber: 1, rate_limit: 1 });
    await redis.stop();
    await expect.poll(connections).toEqual({ publisher: 0, subscriber: 0, rate_limit: 0 });
    await redis.start();
    await expect.poll(connections, { timeout: 15_000 }).toEqual({ publisher: 1, subscriber: 1, rate_limit: 1 });
  });
});

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('answers live and ready while the database answers, not ready once it is gone', async () => {
    expect((await call(ctx.app, 'GET', '/api/health/live')).status).toBe(200);
    const ready = await call(ctx.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ ready: true, database: 'up', migrations: 'applied', redis: ctx.app.config.redisUrl ? 'up' : 'off', stopping: false });
    ctx.app.stopping = true;
    const stopping = await call(ctx.app, 'GET', '/api/health/ready');
    expect(stopping.status).toBe(503);
    expect(stopping.body.data.stopping).toBe(true);
    ctx.app.stopping = false;
  });

  it('answers a localized 503 with Retry-After, not a 500, once the embedded database has closed (a stop in progress)', async () => {
    const closing = await createTestApp();
    try {
      const shop = await newShop(closing);
      await closing.app.database.close();
      expect(closing.app.database.lost).toBe(false);
      const answer = await call(closing.app, 'GET', '/api/wallet/summary', { token: shop.token, lang: 'vi-VN' });
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE', msg: expect.stringContaining('Dịch vụ') });
      const ready = await call(closing.app, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.data.database).toBe('down');
      // Closed by a stop (not lost): the process is alive and about to exit by itself.
      expect((await call(closing.app, 'GET', '/api/health/live')).status).toBe(200);
    } finally {
      await closing.close();
    }
  });
});
