/**
 * A PostgreSQL restart under load (a private server this test starts, so stopping it disturbs no
 * other test): the instances, real server processes, keep running, answer a localized 503 with
 * Retry-After and report not-ready while the database is away, reconnect by themselves and serve
 * again; an instance started while the database is down waits for it instead of exiting. Every
 * withdrawal answered 200 is applied exactly once, every one retried with its key at most once, and
 * the ledger reconciles. Runs in the PostgreSQL run of the API suite (DATABASE_URL set).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { withdrawals } from '../../src/db/schema.ts';
import { reconcile } from '../../src/modules/ledger/reconcile.ts';
import { startServer, type RunningServer } from '../child-server.ts';
import { createSeller, encodePassword, TRC20_ADDRESS } from '../helper.ts';
import { fundShopDirect } from '../orders/fixtures.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../private-servers.ts';

const SHOPS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Shop {
  shopId: number;
  username: string;
  password: string;
  token?: string;
}

interface Outcome {
  at: number;
  server: string;
  status: number | 'error';
}

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL restart under load', () => {
  let postgres: PrivatePostgres;
  let url: string;
  let database: Database;
  const servers: RunningServer[] = [];
  const shops: Shop[] = [];

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    url = await postgres.createDatabase('shopdesk_restart');
    database = await openDatabase({ databaseUrl: url, dataDir: null });
    for (let i = 0; i < SHOPS; i++) {
      const seller = await createSeller(database.db);
      await fundShopDirect(database.db, seller.shopId, 10_000_00);
      shops.push(seller);
    }
  });

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await database?.close();
    await postgres?.destroy();
  });

  it('serves again on every instance without a restart, with 503s only while the database is away', async () => {
    const env = { DATABASE_URL: url, DB_CONNECT_TIMEOUT_MS: '2000' };
    servers.push(await startServer(env), await startServer(env));
    for (const [i, shop] of shops.entries()) {
      const response = await fetch(`${servers[i % 2]!.base}/api/sellAuth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: shop.username, password: encodePassword(shop.password) }),
      });
      shop.token = ((await response.json()) as { data: { token: string } }).data.token;
    }

    const outcomes: Outcome[] = [];
    const answered = new Map<string, { status: number; id?: number }>();
    let stop = false;
    const request = async (server: RunningServer, path: string, init: RequestInit = {}) => {
      try {
        const response = await fetch(`${server.base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
        const body = (await response.json()) as { data?: { id?: number }; error?: string; requestId?: string };
        outcomes.push({ at: Date.now(), server: server.base, status: response.status });
        if (response.status === 503) {
          expect(body.error).toBe('SERVICE_UNAVAILABLE');
          expect(response.headers.get('retry-after')).toBe('5');
        }
        return { status: response.status, body };
      } catch {
        outcomes.push({ at: Date.now(), server: server.base, status: 'error' });
        return null;
      }
    };

    // Per shop, one withdrawal at a time, each retried with its key until it is answered 200.
    const load = shops.map(async (shop, s) => {
      for (let n = 0; !stop; n++) {
        const key = `restart-${s}-${n}`;
        for (let attempt = 0; !stop || attempt === 0; attempt++) {
          const server = servers[(s + attempt) % servers.length]!;
          const answer = await request(server, '/api/wallet/withdraw', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authtoken: shop.token!, 'idempotency-key': key },
            body: JSON.stringify({ method: 'crypto', network: 'TRC20', address: TRC20_ADDRESS, amount: '50', fundPassword: encodePassword('123456') }),
          });
          if (answer?.status === 200) {
            answered.set(key, { status: 200, id: answer.body.data?.id });
            break;
          }
          answered.set(key, { status: answer?.status ?? 0 });
          await sleep(300);
        }
        await request(servers[s % servers.length]!, '/api/wallet/summary', { headers: { authtoken: shop.token! } });
      }
    });

    await sleep(3000);
    const outageStart = Date.now();
    await postgres.stop();
    await sleep(1500);
    // Not ready while the database is away, on every instance; still alive.
    for (const server of servers) {
      expect((await request(server, '/api/health/ready'))?.status).toBe(503);
      expect((await fetch(`${server.base}/api/health/live`)).status).toBe(200);
    }
    // An instance started now waits for the database: alive, not ready, 503 for the API.
    const late = await startServer(env);
    servers.push(late);
    expect((await fetch(`${late.base}/api/health/ready`)).status).toBe(503);
    const refused = await request(late, '/api/wallet/summary', { headers: { authtoken: shops[0]!.token!, 'accept-language': 'th-TH' } });
    expect(refused?.status).toBe(503);
    expect(refused?.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE', msg: expect.stringContaining('บริการ') });
    await sleep(1500);
    await postgres.start();
    const outageEnd = Date.now();

    // Every instance (the two that lived through it, the late one) ready and serving again, by itself.
    for (const server of servers) {
      const deadline = Date.now() + 15_000;
      while ((await fetch(`${server.base}/api/health/ready`)).status !== 200) {
        expect(Date.now(), `${server.base} never became ready again:\n${server.output()}`).toBeLessThan(deadline);
        await sleep(200);
      }
      expect((await request(server, '/api/wallet/summary', { headers: { authtoken: shops[0]!.token! } }))?.status).toBe(200);
    }
    await sleep(3000);
    stop = true;
    await Promise.all(load);

    for (const server of servers) expect(server.child.exitCode, server.output()).toBeNull();
    expect(outcomes.filter((o) => o.status === 'error')).toEqual([]);
    const others = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(others).toEqual([]);
    // 503 only while the database was away (and the moment the pools take to notice it is back).
    const grace = 3000;
    const stray = outcomes.filter((o) => o.status === 503 && (o.at < outageStart || o.at > outageEnd + grace));
    expect(stray).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status === 200 && o.at > outageEnd).length).toBeGreaterThan(0);

    // Exactly once for each key answered 200; nothing for a key that never was.
    const rows = await database.db.select({ id: withdrawals.id, shopId: withdrawals.shopId }).from(withdrawals);
    const applied = [...answered.values()].filter((a) => a.status === 200);
    expect(rows.length).toBe(applied.length);
    expect(rows.map((r) => r.id).sort()).toEqual(applied.map((a) => a.id!).sort());
    for (const shop of shops) {
      const own = await database.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.shopId, shop.shopId));
      expect(own.length).toBeGreaterThan(0);
    }
    const report = await reconcile(database.db);
    expect(report.breaks).toEqual([]);
  }, 180_000);
});
