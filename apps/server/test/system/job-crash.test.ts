/**
 * Background jobs across instances and crashes (the real server as child processes on one
 * PostgreSQL database; runs when DATABASE_URL is set): a ROLE=web instance runs no job; a
 * ROLE=worker instance runs them and serves no API; a worker killed (SIGKILL) in the middle of the
 * carrier job (orders signed and settled in its transaction, blocked on the next order's row) leaves
 * nothing of that run, and the next run settles every order exactly once — also one whose money had
 * already moved (a run that committed half its work): its settlement transfer is a replay, not a
 * second payment.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { ledgerTransfers, orders } from '../../src/db/schema.ts';
import { orderSettled } from '../../src/modules/ledger/money-flows.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { balanceOf, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { startServer, type RunningServer } from '../child-server.ts';
import type { TestContext } from '../helper.ts';
import { addShopProducts, CARRIER_KEY, carrier, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

const databaseUrl = process.env.DATABASE_URL;
const ORDERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!databaseUrl)('background jobs across instances, roles and crashes', () => {
  const name = `shopdesk_jobs_${process.pid}_${randomBytes(4).toString('hex')}`;
  let url: string;
  let database: Database;
  let setup: TestContext;
  let shop: ShopFixture;
  const orderIds: string[] = [];
  const servers: RunningServer[] = [];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const statuses = async () => (await database.db.select({ orderNo: orders.orderNo, shipping: orders.shippingStatus }).from(orders).where(inArray(orders.orderNo, orderIds))).map((o) => o.shipping);
  const settlements = () =>
    database.db
      .select({ key: ledgerTransfers.idempotencyKey, amount: ledgerTransfers.amountCents })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'settlement'), like(ledgerTransfers.idempotencyKey, 'order:%:settle'), inArray(ledgerTransfers.orderNo, orderIds)));

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const u = new URL(databaseUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    database = await openDatabase({ databaseUrl: url, dataDir: null });
    const app = await buildApp(loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, carrierKey: CARRIER_KEY, rateLimitPerAddress: 0, rateLimitPerSession: 0 }), database);
    await app.ready();
    setup = { app, db: database.db, kind: database.kind, database, close: () => app.close() };
    shop = await newShop(setup);
    await fundShopDirect(database.db, shop.shopId, 1000_00);
    const [productId] = await addShopProducts(setup, shop, [10_00]);
    const buyer = await newBuyer(setup);
    for (let i = 0; i < ORDERS; i++) {
      const orderId = await placeOrder(setup, buyer.token, shop.shopId, productId!);
      expect((await purchase(setup.app, shop, [orderId])).status).toBe(200);
      expect((await carrier(setup.app, orderId, 'in_transit')).status).toBe(200);
      orderIds.push(orderId);
    }
    // Shipped an hour ago, purchased in order (the carrier takes the newest purchase first).
    for (const [i, orderId] of orderIds.entries()) {
      await database.db.execute(sql`update orders set shipped_time = now() - interval '1 hour', purchase_time = now() - make_interval(mins => ${60 - i}) where order_no = ${orderId}`);
    }
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await setup?.close();
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('runs jobs only where ROLE allows, leaves nothing of a killed run, and settles each order once after', async () => {
    const jobs = { DATABASE_URL: url, DEMO_CARRIER_INTERVAL_MS: '200' };
    // ROLE=web: serves the API, runs no job.
    const web = await startServer({ ...jobs, ROLE: 'web' });
    servers.push(web);
    expect((await fetch(`${web.base}/api/wallet/summary`, { headers: { authtoken: shop.token } })).status).toBe(200);
    await sleep(2000);
    expect(await statuses()).toEqual(orderIds.map(() => 'in_transit'));
    web.child.kill('SIGTERM');
    await web.exited;

    // The oldest order's row held by another connection: the run signs (and settles) the newer
    // ones in its transaction, then waits on it.
    const holder = new pg.Client({ connectionString: url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from orders where order_no = $1 for update', [orderIds[0]]);
    const worker = await startServer({ ...jobs, ROLE: 'worker' });
    servers.push(worker);
    expect((await fetch(`${worker.base}/api/health/ready`)).status).toBe(200);
    // A worker serves no API.
    expect((await fetch(`${worker.base}/api/wallet/summary`, { headers: { authtoken: shop.token } })).status).toBe(404);
    // Watched from another connection than the holder's: inside its transaction pg_stat_activity is a snapshot.
    const deadline = Date.now() + 20_000;
    const waiting = async () => {
      const [row] = rowsOf<{ waiting: number }>(await database.db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = ${name} and wait_event_type = 'Lock'`));
      return (row?.waiting ?? 0) > 0;
    };
    while (!(await waiting())) {
      expect(Date.now(), worker.output()).toBeLessThan(deadline);
      await sleep(100);
    }
    worker.child.kill('SIGKILL');
    await worker.exited;
    // Nothing of the killed run: no order signed, no money moved.
    expect(await statuses()).toEqual(orderIds.map(() => 'in_transit'));
    expect(await settlements()).toEqual([]);
    await holder.query('commit');
    await holder.end();

    // A run that had committed half its work: the second order's money moved, its status did not.
    const [half] = await database.db.select().from(orders).where(eq(orders.orderNo, orderIds[1]!));
    await database.db.transaction((tx) => orderSettled(tx, half!));
    const before = await balanceOf(database.db, shopAccount(shop.shopId));

    const again = await startServer({ ...jobs, ROLE: 'worker' });
    servers.push(again);
    const done = Date.now() + 30_000;
    while ((await statuses()).some((s) => s !== 'signed')) {
      expect(Date.now(), again.output()).toBeLessThan(done);
      await sleep(200);
    }
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    // One settlement per order; the half-done order's money counted once.
    const moved = await settlements();
    expect(moved.map((t) => t.key).sort()).toEqual(orderIds.map((id) => `order:${id}:settle`).sort());
    const sale = half!.amountCents;
    expect(await balanceOf(database.db, shopAccount(shop.shopId))).toBe(before + (ORDERS - 1) * sale);
    expect((await reconcile(database.db)).breaks).toEqual([]);
  }, 180_000);
});
