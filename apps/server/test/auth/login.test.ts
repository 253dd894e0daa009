import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import { sessions } from '../../src/db/schema.ts';
import { createSeller, createTestApp, login, uniqueName, useTestApp } from '../helper.ts';

const ctx = useTestApp();

describe('POST /api/sellAuth/login', () => {
  it('answers the token with userId, shopId, shopName and shopLogo', async () => {
    const seller = await createSeller(ctx.db, { shop: { name: 'Alpha Store', logo: '/logo.png' } });
    const { status, body } = await login(ctx.app, seller.username, seller.password);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ userId: seller.userId, shopId: seller.shopId, shopName: 'Alpha Store', shopLogo: '/logo.png' });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('stores only a hash of the token', async () => {
    const seller = await createSeller(ctx.db);
    const { body } = await login(ctx.app, seller.username, seller.password);
    const rows = await ctx.db.select().from(sessions).where(sql`${sessions.tokenHash} = ${body.data.token}`);
    expect(rows).toHaveLength(0);
    const all = await ctx.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(all.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('gives a longer session with remember me', async () => {
    const seller = await createSeller(ctx.db);
    const short = await login(ctx.app, seller.username, seller.password, false);
    const long = await login(ctx.app, seller.username, seller.password, true);
    const shortMs = Date.parse(short.body.data.expiresAt) - Date.now();
    const longMs = Date.parse(long.body.data.expiresAt) - Date.now();
    expect(shortMs).toBeLessThanOrEqual(AUTH.SESSION_TTL_MS);
    expect(longMs).toBeGreaterThan(AUTH.SESSION_TTL_MS);
  });

  it.each([
    ['a missing username', { password: 'c2VjcmV0MTIz' }, 'username'],
    ['a 2-character username', { username: 'ab', password: 'c2VjcmV0MTIz' }, 'username'],
    ['a 21-character username', { username: 'a'.repeat(21), password: 'c2VjcmV0MTIz' }, 'username'],
    ['a 5-character password', { username: 'someone', password: Buffer.from('12345').toString('base64') }, 'password'],
    ['a 21-character password', { username: 'someone', password: Buffer.from('x'.repeat(21)).toString('base64') }, 'password'],
    ['a password that is not base64', { username: 'someone', password: '***not base64***' }, 'password'],
  ])('refuses %s with a localized 400', async (_label, payload, field) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', payload, headers: { 'accept-language': 'vi-VN' } });
    const body = JSON.parse(response.body);
    expect(response.statusCode).toBe(400);
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(body.msg).not.toMatch(/^validation\./);
    expect(body.msg).not.toBe('Invalid value');
  });

  it('answers a wrong password with 401 INVALID_CREDENTIALS in the request language', async () => {
    const seller = await createSeller(ctx.db);
    const en = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', payload: { username: seller.username, password: Buffer.from('wrongpass').toString('base64') } });
    const zh = await ctx.app.inject({
      method: 'POST',
      url: '/api/sellAuth/login',
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      payload: { username: seller.username, password: Buffer.from('wrongpass').toString('base64') },
    });
    expect(en.statusCode).toBe(401);
    expect(JSON.parse(en.body).error).toBe('INVALID_CREDENTIALS');
    expect(JSON.parse(zh.body).msg).not.toBe(JSON.parse(en.body).msg);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const { status, body } = await login(ctx.app, uniqueName('ghost'), 'whatever1');
    expect(status).toBe(401);
    expect(body.error).toBe('INVALID_CREDENTIALS');
  });

  it('refuses an inactive user', async () => {
    const seller = await createSeller(ctx.db);
    await ctx.db.execute(sql`update users set status = 'inactive' where id = ${seller.userId}`);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(401);
  });

  it('makes an account wait after repeated failures from one address, even with the right password, and only that account', async () => {
    const seller = await createSeller(ctx.db);
    const other = await createSeller(ctx.db);
    for (let i = 0; i < AUTH.LOGIN_FREE_FAILURES_PAIR - 1; i++) {
      expect((await login(ctx.app, seller.username, 'wrong-pass', false, '10.1.0.1')).body.error).toBe('INVALID_CREDENTIALS');
    }
    const locking = await login(ctx.app, seller.username, 'wrong-pass', false, '10.1.0.1');
    expect(locking.status).toBe(429);
    expect(locking.body.error).toBe('LOGIN_LOCKED');
    const right = await login(ctx.app, seller.username, seller.password, false, '10.1.0.1');
    expect(right.status).toBe(429);
    expect(right.body.msg).toMatch(/\d+/);
    expect((await login(ctx.app, other.username, other.password, false, '10.1.0.1')).status).toBe(200);
  });

  it('makes an account wait after failures spread over many addresses', async () => {
    const seller = await createSeller(ctx.db);
    for (let i = 0; i < AUTH.LOGIN_FREE_FAILURES_ACCOUNT - 1; i++) {
      expect((await login(ctx.app, seller.username, 'wrong-pass', false, `10.2.0.${i}`)).body.error).toBe('INVALID_CREDENTIALS');
    }
    expect((await login(ctx.app, seller.username, 'wrong-pass', false, '10.2.1.1')).status).toBe(429);
    expect((await login(ctx.app, seller.username, seller.password, false, '10.2.1.2')).status).toBe(429);
  });

  it('makes an address that tries many accounts wait', async () => {
    const ip = '10.9.9.9';
    const seller = await createSeller(ctx.db);
    let last = { status: 0, body: {} as { error?: string } };
    for (let i = 0; i < AUTH.LOGIN_FREE_FAILURES_ADDRESS; i++) last = await login(ctx.app, uniqueName('probe'), 'wrong-pass', false, ip);
    expect(last.status).toBe(429);
    expect((await login(ctx.app, seller.username, seller.password, false, ip)).status).toBe(429);
    expect((await login(ctx.app, seller.username, seller.password, false, '10.9.9.10')).status).toBe(200);
  });

  it('slows answers down after a few failures', async () => {
    const slow = await createTestApp({ loginSlowdownStepMs: 150 });
    try {
      const seller = await createSeller(slow.db);
      for (let i = 0; i < AUTH.LOGIN_SLOWDOWN_AFTER; i++) await login(slow.app, seller.username, 'wrong-pass');
      const started = Date.now();
      await login(slow.app, seller.username, 'wrong-pass');
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });
});
