/**
 * SIGTERM under load (the real server as a child process, on PGlite, or on PostgreSQL when
 * DATABASE_URL is set): withdrawals with their Idempotency-Keys in flight, a notification stream
 * open, and a request whose body never finishes arriving (a stalled client, which used to hold the
 * stop for good). The process must exit within SHUTDOWN_TIMEOUT_MS (plus the database's close),
 * the stream must be told to reconnect, and no money request may be cut in half: each key's record
 * and the withdrawals agree, and a retry of every key after a restart applies each exactly once.
 */
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { idempotencyKeys, withdrawals } from '../../src/db/schema.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { startServer, type RunningServer } from '../child-server.ts';
import { createSeller, encodePassword, TRC20_ADDRESS } from '../helper.ts';
import { fundShopDirect } from '../orders/fixtures.ts';

const SHOPS = 4;
const TIMEOUT_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM under load', () => {
  const serverUrl = process.env.DATABASE_URL;
  const name = `shopdesk_stop_${process.pid}_${randomBytes(4).toString('hex')}`;
  let env: Record<string, string>;
  let dataDir: string | null = null;
  let dbUrl: string | null = null;
  const shops: { shopId: number; username: string; password: string; token?: string }[] = [];
  let server: RunningServer | null = null;

  const open = () => openDatabase({ databaseUrl: dbUrl, dataDir });

  beforeAll(async () => {
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      env = { DATABASE_URL: dbUrl };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-stop-'));
      env = { DATA_DIR: dataDir };
    }
    // Fixtures first, with the folder closed again before the server opens it (PGlite is one process's).
    const database = await open();
    for (let i = 0; i < SHOPS; i++) {
      const seller = await createSeller(database.db);
      await fundShopDirect(database.db, seller.shopId, 10_000_00);
      shops.push(seller);
    }
    await database.close();
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  const withdraw = async (base: string, shop: (typeof shops)[number], key: string) => {
    try {
      const response = await fetch(`${base}/api/wallet/withdraw`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authtoken: shop.token!, 'idempotency-key': key },
        body: JSON.stringify({ method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '50', fundPassword: encodePassword('123456') }),
      });
      const body = (await response.json()) as { data?: { id?: number } };
      return { status: response.status, id: body.data?.id };
    } catch {
      return null;
    }
  };

  it('exits within the configured time and leaves every money request whole', async () => {
    server = await startServer({ ...env, SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS), SSE_HEARTBEAT_MS: '0' });
    const { base, port } = server;
    for (const shop of shops) {
      const response = await fetch(`${base}/api/sellAuth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: shop.username, password: encodePassword(shop.password) }),
      });
      shop.token = ((await response.json()) as { data: { token: string } }).data.token;
    }
    // A notification stream of the first shop.
    const ticket = ((await (await fetch(`${base}/api/sse/ticket`, { method: 'POST', headers: { authtoken: shops[0]!.token! } })).json()) as { data: { ticket: string } }).data.ticket;
    const me = ((await (await fetch(`${base}/api/sellAuth/me`, { headers: { authtoken: shops[0]!.token! } })).json()) as { data: { userId: number } }).data;
    const stream = await fetch(`${base}/api/sse/connect/${me.userId}?ticket=${ticket}`);
    expect(stream.status).toBe(200);
    const streamText = stream.text().catch(() => '(cut)');

    // Withdrawals, one at a time per shop, until the server goes; a stalled upload that never ends.
    const sent: { shop: (typeof shops)[number]; key: string; answer: { status: number; id?: number } | null }[] = [];
    let going = true;
    const load = shops.map(async (shop, s) => {
      for (let n = 0; going; n++) {
        const key = `stop-${s}-${n}`;
        const entry = { shop, key, answer: null as { status: number; id?: number } | null };
        sent.push(entry);
        entry.answer = await withdraw(base, shop, key);
        if (!entry.answer) break;
      }
    });
    const stalled = net.connect(port, '127.0.0.1');
    stalled.on('error', () => {});
    stalled.write(`POST /api/sellAuth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":`);

    await sleep(2500);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalled;
    going = false;
    await Promise.all(load);
    stalled.destroy();

    // Within the configured time (and the few seconds the database's close may take).
    expect(took, server.output()).toBeLessThan(TIMEOUT_MS + 4000);
    // The stalled request was cut at the deadline: exit code 1 says so.
    expect(code).toBe(1);
    expect(await streamText).toContain(': reconnect');
    expect(sent.filter((s) => s.answer?.status === 200).length).toBeGreaterThan(0);
    for (const s of sent) if (s.answer) expect([200, 503]).toContain(s.answer.status);

    // Whole or absent: each key's record is done with its withdrawal, or neither exists.
    let database: Database = await open();
    try {
      const records = await database.db.select({ scope: idempotencyKeys.scope, state: idempotencyKeys.state }).from(idempotencyKeys);
      expect(records.every((r) => r.state === 'done')).toBe(true);
      const rows = await database.db.select({ id: withdrawals.id }).from(withdrawals);
      expect(rows.length).toBe(records.length);
      const answeredIds = sent.filter((s) => s.answer?.status === 200).map((s) => s.answer!.id!);
      for (const id of answeredIds) expect(rows.map((r) => r.id)).toContain(id);
    } finally {
      await database.close();
    }

    // Every key retried after a restart: each withdrawal exactly once.
    server = await startServer(env);
    for (const s of sent) {
      const retry = await withdraw(server.base, s.shop, s.key);
      expect(retry?.status).toBe(200);
      if (s.answer?.status === 200) expect(retry?.id).toBe(s.answer.id);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    database = await open();
    try {
      const rows = await database.db.select({ id: withdrawals.id }).from(withdrawals);
      expect(rows.length).toBe(sent.length);
      expect((await reconcile(database.db)).breaks).toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
