/**
 * Two instances behind one address (DESIGN §1): two buildApp instances over one
 * PostgreSQL database, each with its own Redis bus connections. Runs when DATABASE_URL and
 * REDIS_URL are set; CI sets both for the PostgreSQL run, and a CI run with a database but no
 * Redis fails here rather than skipping quietly.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { runJobOnce } from '../../src/jobs.ts';
import { call, createSeller, login, type TestContext } from '../helper.ts';
import { addShopProducts, creditOf, expireDeadline, newBuyer, newShop, orderRow, placeOrder } from '../orders/fixtures.ts';
import { listen, messagesOf, openStream, ticketFor, type SseStream } from './sse-client.ts';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (process.env.CI && databaseUrl && !redisUrl) {
  throw new Error('CI runs the PostgreSQL suite without REDIS_URL: the two-instance test needs redis://127.0.0.1:6379 (set REDIS_URL in .ci/run).');
}

describe.skipIf(!databaseUrl || !redisUrl)('two instances over one PostgreSQL and one Redis', () => {
  const name = `shopdesk_two_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databases: Database[] = [];
  const streams: SseStream[] = [];
  let a: TestContext;
  let b: TestContext;
  let baseB: string;
  let baseA: string | undefined;
  /** Instance A listens once, for the first test that needs it. */
  const listenA = async () => (baseA ??= await listen(a.app));

  async function instance(url: string): Promise<TestContext> {
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    databases.push(database);
    const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, redisUrl: redisUrl!, sseHeartbeatMs: 500 });
    const app = await buildApp(config, database);
    await app.ready();
    return { app, db: database.db, kind: database.kind, database, close: async () => app.close() };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    a = await instance(url.toString());
    b = await instance(url.toString());
    baseB = await listen(b.app);
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    for (const ctx of [a, b]) await ctx?.close();
    for (const database of databases) await database.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('a logout on instance A ends the session cached on instance B through the bus, long before the cache would', async () => {
    const seller = await createSeller(a.db);
    const token = (await login(a.app, seller.username, seller.password)).body.data.token as string;
    expect((await call(b.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    expect((await call(a.app, 'POST', '/api/sellAuth/logout', { token })).status).toBe(200);
    const started = Date.now();
    while ((await call(b.app, 'GET', '/api/sellAuth/me', { token })).status === 200) {
      expect(Date.now() - started).toBeLessThan(b.app.config.sessionCacheMs / 2);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('both use the Redis bus', () => {
    expect(a.app.notifications.bus.kind).toBe('redis');
    expect(b.app.notifications.bus.kind).toBe('redis');
  });

  it('a checkout through instance A arrives on a stream held on instance B, with a ticket issued by A', async () => {
    const shop = await newShop(a);
    const [productId] = await addShopProducts(a, shop, [10_00], 20);
    const buyer = await newBuyer(a);
    const ticket = await ticketFor(a.app, shop.token);
    const stream = await openStream(baseB, `/api/sse/connect/${shop.userId}?ticket=${ticket}`);
    streams.push(stream);
    await stream.until((s) => s.comments.includes('hb'));
    const started = Date.now();
    const orderId = await placeOrder(a, buyer.token, shop.shopId, productId);
    const event = await stream.event(1, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(messagesOf(event)).toMatchObject([{ title: 0, content: 0, orderId }]);
    // The ticket was spent on B: A refuses it too.
    const baseA = await listenA();
    const reused = await openStream(baseA, `/api/sse/connect/${shop.userId}?ticket=${ticket}`);
    await reused.ended;
    expect(reused.events).toEqual([{ id: null, data: '{"code":401}' }]);
  });

  it("a buyer's chat message through A reaches the seller's stream on B, and the reply through B the buyer's stream on A", async () => {
    const shop = await newShop(a);
    const buyer = await newBuyer(a);
    const sellerStream = await openStream(baseB, `/api/sse/connect/${shop.userId}?ticket=${await ticketFor(a.app, shop.token)}`);
    streams.push(sellerStream);
    const baseA = await listenA();
    const buyerTicket = await call(b.app, 'POST', '/api/buyer/chat/ticket', { headers: { buyertoken: buyer.token } });
    const buyerStream = await openStream(baseA, `/api/buyer/chat/stream?ticket=${buyerTicket.body.data.ticket}`);
    streams.push(buyerStream);
    await sellerStream.until((s) => s.comments.includes('hb'));
    await buyerStream.until((s) => s.comments.includes('hb'));
    const chatTexts = (stream: SseStream) =>
      stream.events.filter((e) => e.event === 'chat').flatMap((e) => (JSON.parse(e.data) as { type: string; message?: { text: string } }[]).flatMap((i) => (i.message ? [i.message.text] : [])));

    let started = Date.now();
    const start = await call(a.app, 'POST', '/api/buyer/chat/start', { headers: { buyertoken: buyer.token }, body: { shopId: shop.shopId, text: 'Through A' } });
    expect(start.status).toBe(200);
    await sellerStream.until((s) => chatTexts(s).includes('Through A'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);

    started = Date.now();
    const reply = await call(b.app, 'POST', '/api/chat/send', { token: shop.token, body: { conversationId: start.body.data.conversation.id, text: 'Answered on B' } });
    expect(reply.status).toBe(200);
    await buyerStream.until((s) => chatTexts(s).includes('Answered on B'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('the overtime job started on both instances at once penalizes each late order once', async () => {
    const shop = await newShop(a, { creditScore: 100 });
    const [productId] = await addShopProducts(a, shop, [10_00], 20);
    const buyer = await newBuyer(a);
    const late = [];
    for (let i = 0; i < 3; i++) late.push(await placeOrder(a, buyer.token, shop.shopId, productId));
    for (const orderId of late) await expireDeadline(a.db, orderId);

    const runs = await Promise.all([runJobOnce(a.app, 'overtime'), runJobOnce(b.app, 'overtime')]);
    const penalized = runs.reduce((sum, run) => sum + (run.ran ? (run.result as { penalized: number }).penalized : 0), 0);
    expect(penalized).toBe(3);
    expect(await creditOf(a.db, shop.shopId)).toBe(100 - 3 * SHOP.OVERTIME_PURCHASE_PENALTY);
    for (const orderId of late) expect((await orderRow(a.db, orderId)).overtimePenalizedAt).not.toBeNull();

    // And again, both at once: nothing more is taken.
    await Promise.all([runJobOnce(a.app, 'overtime'), runJobOnce(b.app, 'overtime')]);
    expect(await creditOf(b.db, shop.shopId)).toBe(85);
  });

  it('a job whose lock another instance holds is skipped, not run twice', async () => {
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1::int, $2::int)', [0x5d02, 1]);
      expect(await runJobOnce(a.app, 'overtime')).toEqual({ ran: false });
      expect(await runJobOnce(b.app, 'overtime')).toEqual({ ran: false });
      await other.query('commit');
      expect((await runJobOnce(b.app, 'overtime')).ran).toBe(true);
    } finally {
      await other.end();
    }
  });

  it('login failures counted on A lock the account on B', async () => {
    const seller = await createSeller(a.db);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(a.app, seller.username, 'wrong-password', false, '10.9.0.1')).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    // The same account from the same address (its key waits after 5 failures; docs/decisions.md, "Login and secret throttling").
    const onB = await login(b.app, seller.username, seller.password, false, '10.9.0.1');
    expect(onB.status).toBe(429);
    expect(onB.body.error).toBe('LOGIN_LOCKED');
  });
});

