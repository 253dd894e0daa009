import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@shopdesk/shared/constants';
import { call, createSeller, createTestApp, encodePassword, login, loginToken, type TestContext } from '../helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const updatePassword = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token, body, lang });

describe('login password change', () => {
  it('answers code 0, revokes every session of the user, and the new password works', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const otherDevice = await loginToken(ctx.app, seller.username, seller.password);
    const result = await updatePassword(token, { userId: seller.userId, password: encodePassword(seller.password), newPwd: encodePassword('river-stone-7') });
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: otherDevice })).status).toBe(401);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(401);
    expect((await login(ctx.app, seller.username, 'river-stone-7')).status).toBe(200);
  });

  it('answers code -1 for a wrong old password and changes nothing', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const result = await updatePassword(token, { userId: seller.userId, password: encodePassword('notmine1'), newPwd: encodePassword('river-stone-7') });
    expect(result.body.code).toBe(-1);
    expect(result.body.error).toBe('WRONG_OLD_PASSWORD');
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(200);
  });

  it.each([
    ['a new password of 5 characters', { password: 'secret123', newPwd: '12345' }],
    ['a new password of 21 characters', { password: 'secret123', newPwd: 'x'.repeat(21) }],
    ['a missing new password', { password: 'secret123' }],
  ])('refuses %s with a message and a non-zero code', async (_label, fields) => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const body: Record<string, unknown> = { userId: seller.userId, password: encodePassword(fields.password) };
    if ('newPwd' in fields) body.newPwd = encodePassword(fields.newPwd as string);
    const result = await updatePassword(token, body, 'ja-JP');
    expect(result.status).toBe(400);
    expect(result.body.code).not.toBe(0);
    expect(result.body.code).not.toBe(-1);
    expect(result.body.msg.length).toBeGreaterThan(0);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(200);
  });

  it("refuses to change another user's password", async () => {
    const seller = await createSeller(ctx.db);
    const victim = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const result = await updatePassword(token, { userId: victim.userId, password: encodePassword(seller.password), newPwd: encodePassword('hacked123') });
    expect(result.status).toBe(403);
    expect((await login(ctx.app, victim.username, victim.password)).status).toBe(200);
  });
});

describe('fund password', () => {
  it('is set once with setPayPassword, then changed only with the original', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: null });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).body.data.fundPasswordSet).toBe(false);

    const mismatch = await call(ctx.app, 'POST', '/api/order/setPayPassword', { token, body: { fundPassword: encodePassword('111111'), confirmPassword: encodePassword('222222') } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('PASSWORDS_DO_NOT_MATCH');

    const set = await call(ctx.app, 'POST', '/api/order/setPayPassword', { token, body: { fundPassword: encodePassword('111111'), confirmPassword: encodePassword('111111') } });
    expect(set.body.code).toBe(0);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).body.data.fundPasswordSet).toBe(true);

    const again = await call(ctx.app, 'POST', '/api/order/setPayPassword', { token, body: { fundPassword: encodePassword('333333'), confirmPassword: encodePassword('333333') } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('FUND_PASSWORD_ALREADY_SET');

    const wrongOld = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('999999'), newPwd: encodePassword('444444') });
    expect(wrongOld.body.code).toBe(-1);

    const changed = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('111111'), newPwd: encodePassword('444444') });
    expect(changed.body.code).toBe(0);
    // A fund-password change does not log the seller out.
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    const withNew = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('444444'), newPwd: encodePassword('555555') });
    expect(withNew.body.code).toBe(0);
  });

  it.each(['12345', '1234567', '12345a', 'abcdef', ''])('refuses %j: exactly 6 digits', async (value) => {
    const seller = await createSeller(ctx.db, { fundPassword: null });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const result = await call(ctx.app, 'POST', '/api/order/setPayPassword', { token, body: { fundPassword: encodePassword(value), confirmPassword: encodePassword(value) } });
    expect(result.status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).body.data.fundPasswordSet).toBe(false);
  });

  it('locks fund operations after 5 wrong attempts, even for the right password', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: '123456' });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    for (let i = 1; i < AUTH.FUND_PASSWORD_MAX_ATTEMPTS; i++) {
      const wrong = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('000000'), newPwd: encodePassword('654321') });
      expect(wrong.body.code).toBe(-1);
    }
    const locking = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('000000'), newPwd: encodePassword('654321') });
    expect(locking.status).toBe(429);
    expect(locking.body.error).toBe('FUND_PASSWORD_LOCKED');
    const right = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('123456'), newPwd: encodePassword('654321') }, 'ko-KR');
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('FUND_PASSWORD_LOCKED');
  });

  it('resets the wrong-attempt count after a right answer', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: '123456' });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    for (let i = 0; i < AUTH.FUND_PASSWORD_MAX_ATTEMPTS - 1; i++) {
      await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('000000'), newPwd: encodePassword('654321') });
    }
    expect((await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('123456'), newPwd: encodePassword('654321') })).body.code).toBe(0);
    const wrongOnce = await updatePassword(token, { userId: seller.userId, fundPassword: encodePassword('000000'), newPwd: encodePassword('111222') });
    expect(wrongOnce.body.code).toBe(-1);
  });
});
