/**
 * A crash must not lock a shop out of its money: the real server runs as a child process, a few
 * sellers fire a burst of purchases (each its own Idempotency-Key, the right fund password), the
 * server is killed with SIGKILL in the middle, started again on the same database, and every key
 * is retried with the right PIN. Fund-password attempts that the dead process reserved and never
 * compared stop counting within seconds, and a key that already had its answer replays it without
 * touching the throttle: every retry reaches its answer (none 429), each order is purchased once,
 * and the ledger reconciles. Several sellers, so that the kill finds some of them with every
 * attempt slot taken by checks in flight, whatever moment it lands on. On PGlite (the default; the child owns the data folder while it runs,
 * so setup and checks open it in-process before and after) and on the PostgreSQL server.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { ledgerTransfers, orders, users } from '../../src/db/schema.ts';
import { balanceOf, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { freePort, spawnServer } from '../child-server.ts';
import { encodePassword } from '../helper.ts';
import { addShopProducts, fundShopDirect, newBuyer, newShop, placeOrder, type ShopFixture } from '../orders/fixtures.ts';

const serverUrl = process.env.DATABASE_URL;
const SELLERS = 6;
const ORDERS = 15;
const FUNDS_CENTS = 1_000_00;
const PRODUCT_CENTS = 10_00;

interface Answer {
  status: number;
  body: { code: number; error?: string; data: unknown } | null;
}

describe('SIGKILL during a burst of purchases, then every key retried with the right fund password', () => {
  const dataDir = serverUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-pin-crash-'));
  const dbName = `shopdesk_pin_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | null = null;
  let child: ChildProcess | null = null;
  const purchases: { shop: ShopFixture; orderId: string }[] = [];
  const shops: ShopFixture[] = [];

  const open = () => openDatabase({ databaseUrl, dataDir });

  beforeAll(async () => {
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    // Setup in-process, then closed: on PGlite the child server must be the only one to open the folder.
    const database = await open();
    const app = await buildApp(loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0 }), database);
    await app.ready();
    const setup = { app, db: database.db, kind: database.kind, database, close: async () => {} };
    const buyer = await newBuyer(setup);
    for (let s = 0; s < SELLERS; s++) {
      const shop = await newShop(setup);
      shops.push(shop);
      await fundShopDirect(setup.db, shop.shopId, FUNDS_CENTS);
      const [productId] = await addShopProducts(setup, shop, [PRODUCT_CENTS]);
      for (let i = 0; i < ORDERS; i++) purchases.push({ shop, orderId: await placeOrder(setup, buyer.token, shop.shopId, productId) });
    }
    await app.close();
    await database.close();
  }, 120_000);

  afterAll(async () => {
    await stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  });

  async function start(port: number): Promise<string> {
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      OVERTIME_JOB_INTERVAL_MS: '0',
      DEMO_CARRIER_INTERVAL_MS: '0',
      LOGIN_SLOWDOWN_STEP_MS: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
      RATE_LIMIT_PER_SESSION: '0',
      DATABASE_URL: databaseUrl ?? '',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    };
    const spawned = spawnServer(env, 10_000);
    child = spawned.child;
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (spawned.child.exitCode !== null) throw new Error(`the server exited with ${spawned.child.exitCode}:\n${spawned.output()}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) return base;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not start:\n${spawned.output()}`);
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (running.exitCode === null && running.signalCode === null) {
      running.kill('SIGKILL');
      await exited;
    }
  }

  async function buy(base: string, { shop, orderId }: { shop: ShopFixture; orderId: string }): Promise<Answer | null> {
    try {
      const response = await fetch(`${base}/api/order/purchaseOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authtoken: shop.token, 'idempotency-key': `pin-crash-${orderId}` },
        body: JSON.stringify({ orderIds: [orderId], fundPassword: encodePassword(shop.fundPassword) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return null;
    }
  }

  it('answers every retry (none 429), purchases each order once, and reconciles', async () => {
    const port = await freePort();
    let base = await start(port);
    const dying = child!;
    const exited = new Promise((resolve) => dying.once('exit', resolve));
    const first: (Answer | null)[] = new Array(purchases.length).fill(null);
    let answered = 0;
    let killed = false;
    await Promise.all(
      purchases.map(async (p, i) => {
        first[i] = await buy(base, p);
        if (first[i]) answered += 1;
        if (!killed && answered >= purchases.length / 3) {
          killed = true;
          dying.kill('SIGKILL');
        }
      }),
    );
    await exited;
    child = null;
    expect(first.filter((a) => a === null).length, 'the kill must land in the middle of the burst').toBeGreaterThan(0);
    for (const a of first) if (a) expect(a.status, JSON.stringify(a.body)).toBe(200);

    base = await start(port);
    const retryOnce = async (p: { shop: ShopFixture; orderId: string }) => {
      // A socket of the dead server may still be pooled: a cut connection is tried again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await buy(base, p);
        if (answer) return answer;
      }
      return null;
    };
    const retries = await Promise.all(purchases.map(retryOnce));
    for (const [i, retry] of retries.entries()) {
      expect(retry?.status, JSON.stringify(retry?.body)).toBe(200);
      if (first[i]) expect(retry!.body).toEqual(first[i]!.body);
    }
    await stop();

    const database: Database = await open();
    try {
      const db = database.db;
      const orderIds = purchases.map((p) => p.orderId);
      const rows = await db.select({ purchaseStatus: orders.purchaseStatus }).from(orders).where(inArray(orders.orderNo, orderIds));
      expect(rows.filter((o) => o.purchaseStatus === 'purchased')).toHaveLength(orderIds.length);
      const transfers = await db
        .select({ orderNo: ledgerTransfers.orderNo })
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.type, 'purchase'), inArray(ledgerTransfers.orderNo, orderIds)));
      expect(transfers.map((t) => t.orderNo).sort()).toEqual([...orderIds].sort());
      for (const shop of shops) {
        expect(await balanceOf(db, shopAccount(shop.shopId))).toBe(FUNDS_CENTS - ORDERS * PRODUCT_CENTS);
        const [seller] = await db.select({ failures: users.fundFailures, lockedUntil: users.fundLockedUntil }).from(users).where(eq(users.id, shop.userId));
        expect(seller).toEqual({ failures: 0, lockedUntil: null });
      }
      const report = await reconcile(db);
      expect(report.breaks).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
