import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { call, createSeller, encodePassword, login, loginToken, uniqueName, useTestApp } from '../helper.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';

const ctx = useTestApp();

const STRONG = 'cargo-lamp-42';

describe('a new login password must not be easy to guess', () => {
  it('refuses a guessable new password with the reason in the caller language; nothing changes', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const cases = [
      { password: 'password1', reason: 'common', lang: 'en-US', text: 'it is one of the most used passwords' },
      { password: 'abcdef', reason: 'sequence', lang: 'ja-JP', text: 'abc や 1234 のような連続した並びです' },
      { password: `${seller.username}1`, reason: 'personal', lang: 'vi-VN', text: 'nó chứa tên đăng nhập, tên hoặc email của bạn' },
      { password: 'zzzzzzzz', reason: 'repeat', lang: 'zh-CN', text: '它重复了字符或一组字符' },
    ];
    for (const { password, reason, lang, text } of cases) {
      const answer = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token, lang, body: { password: encodePassword(seller.password), newPwd: encodePassword(password) } });
      expect(answer.status, password).toBe(422);
      expect(answer.body, password).toMatchObject({ error: 'PASSWORD_TOO_WEAK', data: { reason } });
      expect(answer.body.msg, password).toContain(text);
    }
    // The session lives on and the old password still logs in.
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).status).toBe(200);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(200);
    const strong = await call(ctx.app, 'POST', '/api/sellAuth/updatePassword', { token, body: { password: encodePassword(seller.password), newPwd: encodePassword(STRONG) } });
    expect(strong.status).toBe(200);
    expect((await login(ctx.app, seller.username, STRONG)).status).toBe(200);
  });

  it('judges only new passwords: an existing weak one keeps logging in', async () => {
    // secret123 is what the estimator calls a common password with small changes.
    const seller = await createSeller(ctx.db, { password: 'secret123' });
    expect((await login(ctx.app, seller.username, 'secret123')).status).toBe(200);
  });

  it('checks the password an admin gives a new user or sets for one', async () => {
    const owner = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, owner.username, owner.password);
    const username = uniqueName('staff');
    const weak = await call(ctx.app, 'POST', '/api/users/add', { token, lang: 'ko-KR', body: { username, password: encodePassword('qwertyui'), name: 'Staff', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({ error: 'PASSWORD_TOO_WEAK' });
    expect(weak.body.msg).toContain('이 비밀번호는 너무 쉽게 추측됩니다');
    expect(await ctx.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);

    const added = await call(ctx.app, 'POST', '/api/users/add', { token, body: { username, password: encodePassword(STRONG), name: 'Staff', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(added.status).toBe(200);
    const userId = added.body.data.userId as number;
    const staffToken = await loginToken(ctx.app, username, STRONG);

    const weakReset = await call(ctx.app, 'POST', '/api/users/resetPassword', { token, body: { userId, password: encodePassword('123456789') } });
    expect(weakReset.status).toBe(422);
    expect(weakReset.body.error).toBe('PASSWORD_TOO_WEAK');
    // Refused before anything changed: the user's session and password are as they were.
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: staffToken })).status).toBe(200);
    expect((await login(ctx.app, username, STRONG)).status).toBe(200);
  });

  it('checks the password of a shop registered from the login page', async () => {
    const username = uniqueName('reg');
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/sellAuth/register',
      remoteAddress: '10.47.0.1',
      headers: { 'accept-language': 'id-ID' },
      payload: { username, password: encodePassword('Sunrise2024'), shopName: 'Sunrise' },
    });
    expect(weak.statusCode).toBe(422);
    const body = JSON.parse(weak.body);
    expect(body.error).toBe('PASSWORD_TOO_WEAK');
    expect(body.msg).toMatch(/^Kata sandi ini terlalu mudah ditebak: /);
    expect(await ctx.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
  });
});
