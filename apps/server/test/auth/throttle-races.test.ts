/**
 * Secret checks hold their limits under parallel bursts (the attempt is
 * reserved before the secret is compared), and lockouts cannot be turned against the owner.
 * Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server (where the burst really is parallel).
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, createSeller, encodePassword, login, loginToken, uniqueName, useTestApp } from '../helper.ts';

const ctx = useTestApp();

const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});

async function attemptsOf(kind: string, subject: string) {
  const rows = rowsOf<{ outcome: string; n: string | number }>(
    await ctx.db.execute(sql`select outcome, count(*) as n from auth_attempts where kind = ${kind} and subject = ${subject} group by outcome`),
  );
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
}

describe('login throttle under bursts', () => {
  it('checks at most the limit of 60 parallel wrong passwords for one account, and refuses the right one while it waits', async () => {
    const seller = await createSeller(ctx.db);
    const answers = await Promise.all(Array.from({ length: 60 }, () => login(ctx.app, seller.username, 'wrong-pass', false, '10.20.0.1')));
    const wrong = answers.filter((a) => a.body.error === 'INVALID_CREDENTIALS').length;
    expect(wrong, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(AUTH.LOGIN_FREE_FAILURES_PAIR - 1);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(60 - AUTH.LOGIN_FREE_FAILURES_PAIR);
    expect((await attemptsOf('login', seller.username)).wrong).toBeLessThanOrEqual(AUTH.LOGIN_FREE_FAILURES_PAIR);
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/sellAuth/login',
      remoteAddress: '10.20.0.1',
      headers: { 'accept-language': 'en-US' },
      payload: { username: seller.username, password: encodePassword(seller.password), rememberMe: false },
    });
    expect(right.statusCode).toBe(429);
    const body = JSON.parse(right.body);
    expect(body.error).toBe('LOGIN_LOCKED');
    // The answer says how long to wait, and Retry-After carries it.
    expect(body.msg).toMatch(/Try again in \d+ (seconds?|minutes?)/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(AUTH.LOGIN_DELAY_MAX_MS / 1000);
  });

  it('checks at most the address limit of 80 parallel logins for different usernames from one address', async () => {
    const ip = '10.20.0.2';
    const answers = await Promise.all(Array.from({ length: 80 }, () => login(ctx.app, uniqueName('spray'), 'wrong-pass', false, ip)));
    const checked = answers.filter((a) => a.body.error === 'INVALID_CREDENTIALS').length;
    expect(checked, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(AUTH.LOGIN_FREE_FAILURES_ADDRESS);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(80 - AUTH.LOGIN_FREE_FAILURES_ADDRESS);
  });

  it('localizes the wait', async () => {
    const seller = await createSeller(ctx.db);
    const ip = '10.20.0.3';
    for (let i = 0; i < AUTH.LOGIN_FREE_FAILURES_PAIR; i++) await login(ctx.app, seller.username, 'wrong-pass', false, ip);
    const vi = await ctx.app.inject({
      method: 'POST',
      url: '/api/sellAuth/login',
      remoteAddress: ip,
      headers: { 'accept-language': 'vi-VN' },
      payload: { username: seller.username, password: encodePassword(seller.password), rememberMe: false },
    });
    expect(vi.statusCode).toBe(429);
    expect(JSON.parse(vi.body).msg).toMatch(/\d+ (giây|phút)/);
  });
});

describe('lockouts the attacker cannot turn against the owner', () => {
  it('lets the owner in from an address they signed in from, while a burst from elsewhere makes their account wait', async () => {
    const owner = await createSeller(ctx.db);
    expect((await login(ctx.app, owner.username, owner.password, false, '10.30.0.1')).status).toBe(200);
    // Attackers from many addresses, in parallel: more failures than the account key allows.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(ctx.app, owner.username, 'wrong-pass', false, `10.31.${i % 8}.1`)));
    expect(burst.filter((a) => a.body.error === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(AUTH.LOGIN_FREE_FAILURES_ACCOUNT);
    // A new address waits (the account key), but the owner's usual address is trusted.
    expect((await login(ctx.app, owner.username, owner.password, false, '10.32.0.1')).status).toBe(429);
    expect((await login(ctx.app, owner.username, owner.password, false, '10.30.0.1')).status).toBe(200);
  });

  it('does not keep the users of a shared address out when that address sprays usernames', async () => {
    const ip = '10.40.0.1';
    const regular = await createSeller(ctx.db);
    expect((await login(ctx.app, regular.username, regular.password, false, ip)).status).toBe(200);
    await Promise.all(Array.from({ length: AUTH.LOGIN_FREE_FAILURES_ADDRESS + 5 }, () => login(ctx.app, uniqueName('spray'), 'wrong-pass', false, ip)));
    const newcomer = await createSeller(ctx.db);
    expect((await login(ctx.app, newcomer.username, newcomer.password, false, ip)).status).toBe(429);
    expect((await login(ctx.app, regular.username, regular.password, false, ip)).status).toBe(200);
  });

  it('never locks for good: the wait is at most LOGIN_DELAY_MAX_MS, and it grows with each failure after the free ones', async () => {
    const seller = await createSeller(ctx.db);
    const ip = '10.41.0.1';
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (;;) {
        const answer = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', remoteAddress: ip, payload: { username: seller.username, password: encodePassword('wrong-pass'), rememberMe: false } });
        if (answer.statusCode === 429) {
          waits.push(Number(answer.headers['retry-after']));
          break;
        }
      }
      // The wait passes (moved into the past here rather than slept through).
      await ctx.db.execute(sql`update login_throttle set locked_until = now() - interval '1 second' where key like ${`pair:user:${seller.username}@%`}`);
    }
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(AUTH.LOGIN_DELAY_MAX_MS / 1000);
    expect((await login(ctx.app, seller.username, seller.password, false, ip)).status).toBe(200);
  });
});

describe('old-password check of updatePassword', () => {
  it('checks at most the limit of 40 parallel wrong old passwords, then refuses the right one', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const change = (old: string) =>
      call(ctx.app, 'POST', '/api/sellAuth/updatePassword', {
        token,
        body: { userId: seller.userId, password: encodePassword(old), newPwd: encodePassword('brandnew123'), confirmPassword: encodePassword('brandnew123') },
      });
    const answers = await Promise.all(Array.from({ length: 40 }, () => change('not-the-old')));
    const checked = answers.filter((a) => a.body.code === -1).length;
    expect(checked, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(AUTH.PASSWORD_CHANGE_FREE_FAILURES - 1);
    expect(answers.filter((a) => a.status === 429 && a.body.error === 'TOO_MANY_ATTEMPTS').length).toBeGreaterThanOrEqual(40 - AUTH.PASSWORD_CHANGE_FREE_FAILURES);
    const right = await change(seller.password);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('TOO_MANY_ATTEMPTS');
    expect(right.headers['retry-after']).toBeDefined();
    // Nothing changed: the old password still signs in, the session still works.
    expect((await login(ctx.app, seller.username, seller.password, false, '10.50.0.1')).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
  });
});

describe('fund password under bursts', () => {
  it('checks at most the limit of 60 parallel purchases with wrong PINs, and refuses the right PIN while locked', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: '135790' });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const purchase = (pin: string) => call(ctx.app, 'POST', '/api/order/purchaseOrder', { token, body: { orderIds: ['NO-SUCH-1', 'NO-SUCH-2'], fundPassword: encodePassword(pin) } });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => purchase(String(100000 + i))));
    const wrong = answers.filter((a) => a.body.error === 'FUND_PASSWORD_WRONG').length;
    expect(wrong, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(AUTH.FUND_PASSWORD_MAX_ATTEMPTS - 1);
    expect(answers.filter((a) => a.body.error === 'FUND_PASSWORD_LOCKED').length).toBeGreaterThanOrEqual(60 - AUTH.FUND_PASSWORD_MAX_ATTEMPTS + 1);
    expect((await attemptsOf('fund-password', String(seller.userId))).wrong).toBeLessThanOrEqual(AUTH.FUND_PASSWORD_MAX_ATTEMPTS);
    const right = await purchase('135790');
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('FUND_PASSWORD_LOCKED');
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('does not let a right PIN inside a burst lift the lock the burst set', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: '135790' });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const change = (old: string) =>
      call(ctx.app, 'POST', '/api/sellAuth/updatePassword', {
        token,
        body: { userId: seller.userId, fundPassword: encodePassword(old), newPwd: encodePassword('246801'), confirmPassword: encodePassword('246801') },
      });
    const pins = Array.from({ length: 40 }, (_, i) => (i === 30 ? '135790' : String(200000 + i)));
    const answers = await Promise.all(pins.map((pin) => change(pin)));
    const checkedWrong = answers.filter((a) => a.body.code === -1).length;
    expect(checkedWrong, JSON.stringify(statuses(answers))).toBeLessThanOrEqual(AUTH.FUND_PASSWORD_MAX_ATTEMPTS);
    // Unless the right PIN came among the first attempts, the fund password is still the old one and locked.
    const rightAnswer = answers[30];
    if (rightAnswer.status === 200) return;
    expect(rightAnswer.status).toBe(429);
    expect((await change('135790')).status).toBe(429);
  });
});
