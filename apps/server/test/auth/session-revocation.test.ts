/**
 * A revoked session is refused on the instance that revoked it at the next request, and on every
 * other instance within a second, though each instance keeps recently seen sessions in memory
 * (docs/decisions.md, "Session cache"). Every way a session ends: logout, a password reset, staff
 * deactivation, an operator disabled; and a change straight in the database, which no message
 * announces. The two-instance part needs the PostgreSQL server (DATABASE_URL); with REDIS_URL the
 * other instance drops the session through the bus, without it the cache's ≤ 1 s freshness (kept by
 * the background refresh of the sessions in use) bounds it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { users } from '../../src/db/schema.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { hashSecret } from '../../src/lib/passwords.ts';
import { hashToken } from '../../src/modules/auth/session-service.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { registerBuyer } from '../storefront/fixtures.ts';
import { call, createOperator, createSeller, encodePassword, loginToken, opsLoginToken, uniqueName, useTestApp, type TestContext } from '../helper.ts';

/** A way a session ends, done through `app`: answers the victim's token and the route the victim calls. */
type Revocation = (revoker: TestContext, victim: TestContext) => Promise<{ token: string; path: string; revoke: () => Promise<void> }>;

/** A staff member of a new shop with the operations role, signed in, and the owner's token. */
async function staff(ctx: TestContext) {
  const owner = await createSeller(ctx.db);
  const password = 'desk-lamp-93';
  const [member] = await ctx.db
    .insert(users)
    .values({ username: uniqueName('staff'), passwordHash: await hashSecret(password), role: 'seller', shopId: owner.shopId, roleId: await defaultRoleId(ctx.db, 'operations') })
    .returning({ id: users.id, username: users.username });
  return { ownerToken: await loginToken(ctx.app, owner.username, owner.password), memberId: member.id, memberUsername: member.username, password };
}

const expectOk = async (status: Promise<{ status: number }>, what: string) => expect((await status).status, what).toBe(200);

const REVOCATIONS: Record<string, Revocation> = {
  logout: async (revoker, victim) => {
    const seller = await createSeller(victim.db);
    const token = await loginToken(victim.app, seller.username, seller.password);
    return { token, path: '/api/sellAuth/me', revoke: () => expectOk(call(revoker.app, 'POST', '/api/sellAuth/logout', { token }), 'logout') };
  },
  'password reset by the shop': async (revoker, victim) => {
    const s = await staff(revoker);
    const token = await loginToken(victim.app, s.memberUsername, s.password);
    const body = { userId: s.memberId, password: encodePassword('river-stone-71') };
    return { token, path: '/api/sellAuth/me', revoke: () => expectOk(call(revoker.app, 'POST', '/api/users/resetPassword', { token: s.ownerToken, body }), 'reset') };
  },
  'staff deactivated': async (revoker, victim) => {
    const s = await staff(revoker);
    const token = await loginToken(victim.app, s.memberUsername, s.password);
    return { token, path: '/api/sellAuth/me', revoke: () => expectOk(call(revoker.app, 'POST', '/api/users/deactivate', { token: s.ownerToken, body: { userId: s.memberId } }), 'deactivate') };
  },
  'operator disabled': async (revoker, victim) => {
    const admin = await createOperator(revoker.db);
    const adminToken = await opsLoginToken(revoker.app, admin.username, admin.password);
    const victimOp = await createOperator(victim.db, uniqueName('op'), 'operator123', 'support');
    const token = await opsLoginToken(victim.app, victimOp.username, victimOp.password, '10.0.0.3');
    return { token, path: '/api/ops/whoami', revoke: () => expectOk(call(revoker.app, 'POST', `/api/ops/operators/${victimOp.userId}/disable`, { token: adminToken }), 'disable') };
  },
};

describe('a revoked session on the instance that revoked it', () => {
  const ctx = useTestApp();

  it('answers a session from memory only on a database read less than a second old', () => {
    expect(ctx.app.config.sessionCacheMs).toBeGreaterThan(0);
    expect(ctx.app.config.sessionCacheMs).toBeLessThanOrEqual(1000);
  });

  // What the background refresh holds: a session in steady use costs no lookup, and a change made
  // where no message tells the cache (straight in the database) still ends it within a second.
  const DIRECT_CHANGES: Record<string, (userId: number) => SQL> = {
    'session revoked': (userId) => sql`update sessions set revoked_at = now() where user_id = ${userId}`,
    'user made inactive': (userId) => sql`update users set status = 'inactive' where id = ${userId}`,
  };
  for (const [kind, change] of Object.entries(DIRECT_CHANGES)) {
    it(`a session in steady use is answered from memory, and refused within a second once ${kind} with no message`, async () => {
      const seller = await createSeller(ctx.db);
      const token = await loginToken(ctx.app, seller.username, seller.password);
      await expectOk(call(ctx.app, 'GET', '/api/sellAuth/me', { token }), 'first');
      const misses = ctx.app.sessionCache.counts.misses;
      // Three freshness periods of requests every 100 ms.
      const until = Date.now() + 3 * ctx.app.config.sessionCacheMs;
      while (Date.now() < until) {
        await expectOk(call(ctx.app, 'GET', '/api/sellAuth/me', { token }), 'in use');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Without the refresh that is one lookup per freshness period (3); at most one is allowed for a
      // refresh held up past an entry's freshness by a busy machine.
      expect(ctx.app.sessionCache.counts.misses - misses, 'lookups while in use').toBeLessThanOrEqual(1);
      await ctx.db.execute(change(seller.userId));
      const started = Date.now();
      while ((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status === 200) {
        expect(Date.now() - started, 'refused within a second').toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(401);
    });
  }

  for (const [kind, revocation] of Object.entries(REVOCATIONS)) {
    it(`${kind}: the very next request is refused, though the session was cached`, async () => {
      const { token, path, revoke } = await revocation(ctx, ctx);
      await expectOk(call(ctx.app, 'GET', path, { token }), 'before');
      expect(ctx.app.sessionCache.get(hashToken(token)), 'cached').not.toBeNull();
      await revoke();
      expect((await call(ctx.app, 'GET', path, { token })).status).toBe(401);
    });
  }
});

describe("a mall buyer's session, cached as sellers' are", () => {
  const ctx = useTestApp();
  const me = (token: string) => call(ctx.app, 'GET', '/api/buyer/me', { headers: { buyertoken: token } });

  const DIRECT_CHANGES: Record<string, (buyerId: number) => SQL> = {
    'session revoked': (buyerId) => sql`update buyer_sessions set revoked_at = now() where buyer_id = ${buyerId}`,
    'buyer frozen': (buyerId) => sql`update buyers set frozen = true where id = ${buyerId}`,
  };
  for (const [kind, change] of Object.entries(DIRECT_CHANGES)) {
    it(`in steady use it is answered from memory, and refused within a second once ${kind} with no message`, async () => {
      const buyer = await registerBuyer(ctx);
      await expectOk(me(buyer.token), 'first');
      const misses = ctx.app.buyerSessionCache.counts.misses;
      const until = Date.now() + 3 * ctx.app.config.sessionCacheMs;
      while (Date.now() < until) {
        await expectOk(me(buyer.token), 'in use');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(ctx.app.buyerSessionCache.counts.misses - misses, 'lookups while in use').toBeLessThanOrEqual(1);
      await ctx.db.execute(change(buyer.buyerId));
      const started = Date.now();
      while ((await me(buyer.token)).status === 200) {
        expect(Date.now() - started, 'refused within a second').toBeLessThan(1000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await me(buyer.token)).status).toBe(401);
    });
  }

  it('logout and a freeze: the very next request is refused, though the session was cached', async () => {
    const buyer = await registerBuyer(ctx);
    await expectOk(me(buyer.token), 'before');
    expect(ctx.app.buyerSessionCache.get(hashToken(buyer.token)), 'cached').not.toBeNull();
    await expectOk(call(ctx.app, 'POST', '/api/buyer/logout', { headers: { buyertoken: buyer.token } }), 'logout');
    expect((await me(buyer.token)).status).toBe(401);

    const frozen = await registerBuyer(ctx);
    await expectOk(me(frozen.token), 'before');
    expect(ctx.app.buyerSessionCache.get(hashToken(frozen.token)), 'cached').not.toBeNull();
    const admin = await createOperator(ctx.db, uniqueName('op'), 'operator123', 'support');
    const adminToken = await opsLoginToken(ctx.app, admin.username, admin.password);
    await expectOk(call(ctx.app, 'POST', `/api/ops/buyers/${frozen.buyerId}/freeze`, { token: adminToken, body: { reason: 'Chargebacks' } }), 'freeze');
    expect((await me(frozen.token)).status).toBe(401);
  });
});

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

for (const bus of ['redis', 'none'] as const) {
  describe.skipIf(!databaseUrl || (bus === 'redis' && !redisUrl))(`a revoked session on another instance (${bus === 'redis' ? 'Redis bus' : 'no bus: the cache freshness'})`, () => {
    const name = `shopdesk_revoke_${process.pid}_${randomBytes(4).toString('hex')}`;
    const databases: Database[] = [];
    let a: TestContext;
    let b: TestContext;

    async function instance(url: string): Promise<TestContext> {
      const database = await openDatabase({ databaseUrl: url, dataDir: null });
      databases.push(database);
      // Without a shared bus only the freshness bounds it: several instances run with 1 s (what REDIS_URL sets).
      const config = loadConfig({ logLevel: 'silent', seedDemo: false, webDistDir: '/nonexistent', loginSlowdownStepMs: 0, redisUrl: bus === 'redis' ? redisUrl! : null, sessionCacheMs: 1000 });
      const app = await buildApp(config, database);
      await app.ready();
      return { app, db: database.db, kind: database.kind, database, close: async () => app.close() };
    }

    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };

    beforeAll(async () => {
      await admin(`create database ${name}`);
      const url = new URL(databaseUrl!);
      url.pathname = `/${name}`;
      a = await instance(url.toString());
      b = await instance(url.toString());
    });

    afterAll(async () => {
      for (const ctx of [a, b]) await ctx?.close();
      for (const database of databases) await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    });

    it(`uses ${bus === 'redis' ? 'the Redis bus' : 'no shared bus'}`, () => {
      expect(b.app.notifications.bus.kind).toBe(bus === 'redis' ? 'redis' : 'memory');
    });

    for (const [kind, revocation] of Object.entries(REVOCATIONS)) {
      it(`${kind} on instance A: instance B, which had the session cached, refuses it within a second`, async () => {
        const { token, path, revoke } = await revocation(a, b);
        await expectOk(call(b.app, 'GET', path, { token }), 'before');
        expect(b.app.sessionCache.get(hashToken(token)), 'cached on B').not.toBeNull();
        await revoke();
        const started = Date.now();
        while ((await call(b.app, 'GET', path, { token })).status === 200) {
          expect(Date.now() - started, 'refused within a second').toBeLessThan(1000);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect((await call(b.app, 'GET', path, { token })).status).toBe(401);
      });
    }
  });
}
