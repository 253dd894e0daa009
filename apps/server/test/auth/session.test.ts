import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSession, hashToken } from '../../src/modules/auth/session-service.ts';
import { call, createOperator, createSeller, encodePassword, loginToken, opsLoginToken, useTestApp } from '../helper.ts';

const ctx = useTestApp();

describe('sessions', () => {
  it('answers who am I with the shop (name, id, logo, VIP level, credit score)', async () => {
    const seller = await createSeller(ctx.db, { shop: { name: 'Who Shop', vipLevel: 3, creditScore: 77 } });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const { status, body } = await call(ctx.app, 'GET', '/api/sellAuth/me', { token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      userId: seller.userId,
      username: seller.username,
      role: 'seller',
      fundPasswordSet: true,
      shop: { shopId: seller.shopId, shopName: 'Who Shop', vipLevel: 3, creditScore: 77, frozen: false },
    });
  });

  it('keeps tenants apart: each token sees only its own shop', async () => {
    const a = await createSeller(ctx.db, { shop: { name: 'Shop A' } });
    const b = await createSeller(ctx.db, { shop: { name: 'Shop B' } });
    const tokenA = await loginToken(ctx.app, a.username, a.password);
    const tokenB = await loginToken(ctx.app, b.username, b.password);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: tokenA })).body.data.shop.shopName).toBe('Shop A');
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: tokenB })).body.data.shop.shopName).toBe('Shop B');
    const foreign = await call(ctx.app, 'GET', '/api/systemSettings/getUserLevel', { token: tokenA, query: { shopId: b.shopId } });
    expect(foreign.status).toBe(404);
    const foreignCount = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: tokenA, query: { shopId: b.shopId } });
    expect(foreignCount.status).toBe(404);
  });

  it('answers 401 with body code 401 without a token, with a garbage token and after logout', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const none = await call(ctx.app, 'GET', '/api/sellAuth/me');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: 'not-a-token' })).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/sellAuth/logout', { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(401);
  });

  it('expires sessions', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${seller.userId}`);
    // A direct database edit is no product path: drop the session cache it bypasses (logout and
    // password changes tell the cache themselves; the session's own expiry is tested below).
    ctx.app.sessionCache.clear();
    const expired = await call(ctx.app, 'GET', '/api/sellAuth/me', { token, lang: 'th-TH' });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('UNAUTHORIZED');
  });

  it('ends a session at its own expiry even while it is in the session cache', async () => {
    const seller = await createSeller(ctx.db);
    const { token, expiresAt } = await createSession(ctx.db, seller.userId, 1200, false);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    expect(ctx.app.sessionCache.get(hashToken(token))).toMatchObject({ userId: seller.userId });
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 50));
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(401);
  });

  it('ends every cached session of a user at once when the login password changes', async () => {
    const seller = await createSeller(ctx.db);
    const first = await loginToken(ctx.app, seller.username, seller.password);
    const second = await loginToken(ctx.app, seller.username, seller.password);
    for (const token of [first, second]) expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    const change = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', {
      token: first,
      body: { userId: seller.userId, password: encodePassword(seller.password), newPwd: encodePassword('river-stone-7') },
    });
    expect(change.status).toBe(200);
    for (const token of [first, second]) expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(401);
  });

  it('forbids a seller from operator routes and an operator from seller routes (403)', async () => {
    const seller = await createSeller(ctx.db);
    const operator = await createOperator(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    const opToken = await opsLoginToken(ctx.app, operator.username, operator.password);
    const asOperator = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token: opToken });
    expect(asOperator.status).toBe(403);
    expect(asOperator.body.code).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: sellerToken })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: opToken })).status).toBe(200);
  });

  it('does not let an operator log in as a seller nor a seller as an operator', async () => {
    const seller = await createSeller(ctx.db);
    const operator = await createOperator(ctx.db);
    const body = { username: operator.username, password: encodePassword(operator.password) };
    expect((await call(ctx.app, 'POST', '/api/sellAuth/login', { body })).status).toBe(401);
    const sellerBody = { username: seller.username, password: encodePassword(seller.password) };
    expect((await call(ctx.app, 'POST', '/api/ops/login', { body: sellerBody })).status).toBe(401);
  });
});
