/**
 * Crash-safe idempotency: the real server runs as a child process on a PostgreSQL
 * database; a burst of purchases (single orders and batches, with the fund password) and
 * withdrawals, each with its Idempotency-Key, is cut short by `kill -9`; the server is started
 * again and every request is retried with its key. Each intended operation must have happened
 * exactly once, every retry must answer (never 409 for a claim the dead process left behind), the
 * ledger must reconcile, and every domain row must agree with it. Runs when DATABASE_URL is set
 * (CI's PostgreSQL run); PGlite is one process and cannot be killed under a second one.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { idempotencyKeys, ledgerTransfers, orders, withdrawals } from '../../src/db/schema.ts';
import { balanceOf, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { freePort, spawnServer } from '../child-server.ts';
import { encodePassword, TRC20_ADDRESS, type TestContext } from '../helper.ts';
import { addShopProducts, fundShopDirect, newBuyer, newShop, placeOrder, type ShopFixture } from '../orders/fixtures.ts';

const databaseUrl = process.env.DATABASE_URL;

const SHOPS = 8;
const FUNDS_CENTS = 500_00;
const PRODUCT_CENTS = 10_00;
const WITHDRAW_UNITS = ['50', '60'];

type Op =
  | { kind: 'purchase'; shop: ShopFixture; key: string; orderIds: string[] }
  | { kind: 'withdraw'; shop: ShopFixture; key: string; amount: string };

interface Answer {
  status: number;
  body: { code: number; error?: string; data: unknown } | null;
}

/** The real server (apps/server/src/server.ts) on `url`, as a child process. */
async function startServer(url: string, port: number): Promise<{ child: ChildProcess; base: string; log: () => string }> {
  const env = { DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent' };
  const { child, output: log } = spawnServer({ ...env, OVERTIME_JOB_INTERVAL_MS: '0', DEMO_CARRIER_INTERVAL_MS: '0', LOGIN_SLOWDOWN_STEP_MS: '0' }, 10_000);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${log()}`);
}

/** One operation as the web app sends it; a connection cut by the kill answers null. */
async function send(base: string, op: Op): Promise<Answer | null> {
  const [url, body] =
    op.kind === 'purchase'
      ? ['/api/order/purchaseOrder', { orderIds: op.orderIds, fundPassword: encodePassword(op.shop.fundPassword) }]
      : ['/api/wallet/withdraw', { method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: op.amount, fundPassword: encodePassword(op.shop.fundPassword) }];
  try {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authtoken: op.shop.token, 'idempotency-key': op.key },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return null;
  }
}

describe.skipIf(!databaseUrl)('kill -9 during a burst of purchases and withdrawals, then retries with the same keys', () => {
  const name = `shopdesk_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  let database: Database;
  let setup: TestContext;
  let url: string;
  let child: ChildProcess | null = null;
  const ops: Op[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(databaseUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    // Setup through an in-process app on the same database (sessions are rows: the child accepts them).
    database = await openDatabase({ databaseUrl: url, dataDir: null });
    const app = await buildApp(loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0 }), database);
    await app.ready();
    setup = { app, db: database.db, kind: database.kind, database, close: () => app.close() };
    const buyer = await newBuyer(setup);
    for (let s = 0; s < SHOPS; s++) {
      const shop = await newShop(setup);
      await fundShopDirect(setup.db, shop.shopId, FUNDS_CENTS);
      const [productId] = await addShopProducts(setup, shop, [PRODUCT_CENTS]);
      const orderIds = [];
      for (let i = 0; i < 3; i++) orderIds.push(await placeOrder(setup, buyer.token, shop.shopId, productId));
      // Per shop: a single purchase, a batch of two, two withdrawals (at most 4 fund-password checks at once per seller).
      ops.push({ kind: 'purchase', shop, key: `crash-buy-${s}-a`, orderIds: [orderIds[0]] });
      ops.push({ kind: 'purchase', shop, key: `crash-buy-${s}-b`, orderIds: orderIds.slice(1) });
      for (const [i, amount] of WITHDRAW_UNITS.entries()) ops.push({ kind: 'withdraw', shop, key: `crash-wd-${s}-${i}`, amount });
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await setup?.close();
    await database?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('does each operation exactly once, answers every retry, and the ledger agrees with every row', async () => {
    const port = await freePort();
    let server = await startServer(url, port);
    child = server.child;

    // The burst, all at once; the server is killed when a third of it has been answered.
    const first: (Answer | null)[] = new Array(ops.length).fill(null);
    let answered = 0;
    let killed = false;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    await Promise.all(
      ops.map(async (op, i) => {
        first[i] = await send(server.base, op);
        if (first[i]) answered += 1;
        if (!killed && answered >= ops.length / 3) {
          killed = true;
          server.child.kill('SIGKILL');
        }
      }),
    );
    await exited;
    const cut = first.filter((a) => a === null).length;
    expect(cut, 'the kill must land in the middle of the burst').toBeGreaterThan(0);
    for (const a of first) if (a) expect(a.status, JSON.stringify(a.body)).toBe(200);

    // Nothing half-done survives the crash: no claim without its answer.
    const unfinished = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.state, 'in_progress'));
    expect(unfinished).toEqual([]);

    server = await startServer(url, port);
    child = server.child;
    // A client retries a request whose connection failed; a socket of the dead server may still be pooled.
    const retryOnce = async (op: Op) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await send(server.base, op);
        if (answer) return answer;
      }
      return null;
    };
    const retries = await Promise.all(ops.map(retryOnce));
    for (const [i, retry] of retries.entries()) {
      // Never 409 for a claim of the dead process (the old code answered CONFLICT here, for ever).
      expect(retry?.status, JSON.stringify(retry?.body)).toBe(200);
      // An answered request gets the same answer again.
      if (first[i]) expect(retry!.body).toEqual(first[i]!.body);
    }

    // Each purchase once: every order purchased, one purchase transfer each.
    const purchasedIds = ops.flatMap((op) => (op.kind === 'purchase' ? op.orderIds : []));
    const orderRows = await database.db.select({ orderNo: orders.orderNo, purchaseStatus: orders.purchaseStatus }).from(orders).where(inArray(orders.orderNo, purchasedIds));
    expect(orderRows.filter((o) => o.purchaseStatus === 'purchased')).toHaveLength(purchasedIds.length);
    const purchaseTransfers = await database.db
      .select({ orderNo: ledgerTransfers.orderNo })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.type, 'purchase'), inArray(ledgerTransfers.orderNo, purchasedIds)));
    expect(purchaseTransfers.map((t) => t.orderNo).sort()).toEqual([...purchasedIds].sort());

    // Each withdrawal once: one row per key, the ids the answers named, each with its freeze.
    const withdrawOps = ops.map((op, i) => ({ op, answer: retries[i]! })).filter(({ op }) => op.kind === 'withdraw');
    const rows = await database.db.select().from(withdrawals);
    expect(rows).toHaveLength(withdrawOps.length);
    expect(rows.map((w) => w.id).sort()).toEqual(withdrawOps.map(({ answer }) => (answer.body!.data as { id: number }).id).sort());
    const freezes = await database.db.select({ refId: ledgerTransfers.refId }).from(ledgerTransfers).where(like(ledgerTransfers.idempotencyKey, 'withdrawal:%:apply'));
    expect(freezes.map((t) => t.refId).sort()).toEqual(rows.map((w) => w.id).sort());

    // Every shop's balances: frozen = its open withdrawals; available = funds − purchases − withdrawals.
    for (let s = 0; s < SHOPS; s++) {
      const shopId = ops[s * 4].shop.shopId;
      const open = rows.filter((w) => w.shopId === shopId && w.status === 'pending');
      const withdrawn = open.reduce((sum, w) => sum + w.amountCents, 0);
      expect(open).toHaveLength(WITHDRAW_UNITS.length);
      expect(await balanceOf(database.db, shopAccount(shopId, 'frozen'))).toBe(withdrawn);
      expect(await balanceOf(database.db, shopAccount(shopId))).toBe(FUNDS_CENTS - 3 * PRODUCT_CENTS - withdrawn);
    }

    const report = await reconcile(database.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
    const keys = await database.db.select({ state: idempotencyKeys.state }).from(idempotencyKeys);
    expect(keys).toHaveLength(ops.length);
    expect(keys.every((k) => k.state === 'done')).toBe(true);
  }, 90_000);
});
