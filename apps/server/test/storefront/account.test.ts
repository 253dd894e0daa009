import { describe, expect, it } from 'vitest';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import { call, useTestApp } from '../helper.ts';
import { operatorToken, reconciled } from '../orders/fixtures.ts';
import { ADDRESS, buyerApi, registerBuyer, topUp, walletOf } from './fixtures.ts';

const ctx = useTestApp({ seedDemo: true });

describe('buyer registration', () => {
  it('registers, answers like the login, and the new buyer can log in', async () => {
    const register = await call(ctx.app, 'POST', '/api/buyer/register', { body: { username: 'mall_reg_1', password: encodePassword('Mango-Kite-47'), nickname: 'Mai' } });
    expect(register.status).toBe(200);
    expect(register.body.data).toMatchObject({ nickname: 'Mai', buyerId: expect.any(Number), buyerToken: expect.any(String), expiresAt: expect.any(String) });
    const me = await call(ctx.app, 'GET', '/api/buyer/me', { headers: { buyertoken: register.body.data.buyerToken } });
    expect(me.body.data).toEqual({ buyerId: register.body.data.buyerId, username: 'mall_reg_1', nickname: 'Mai', balanceCents: 0, demoTopUp: true });
    const login = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username: 'mall_reg_1', password: encodePassword('Mango-Kite-47') } });
    expect(login.status).toBe(200);
    expect(login.body.data.buyerId).toBe(register.body.data.buyerId);
  });

  it('refuses a taken username (any case) with USERNAME_TAKEN', async () => {
    await call(ctx.app, 'POST', '/api/buyer/register', { body: { username: 'mall_dup', password: encodePassword('Mango-Kite-47') } });
    const again = await call(ctx.app, 'POST', '/api/buyer/register', { body: { username: 'MALL_DUP', password: encodePassword('Papaya-Drum-58') } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('USERNAME_TAKEN');
  });

  it("refuses a guessable password with the reason in the buyer's language, and creates no buyer", async () => {
    const weak = async (password: string, lang: string) =>
      call(ctx.app, 'POST', '/api/buyer/register', { body: { username: 'mall_weak', password: encodePassword(password), nickname: 'Mai' }, headers: { 'accept-language': lang } });
    const english = await weak('qwerty123', 'en-US');
    expect(english.status).toBe(422);
    expect(english.body).toMatchObject({ error: 'PASSWORD_TOO_WEAK', data: { reason: expect.any(String) } });
    const thai = await weak('qwerty123', 'th-TH');
    expect(thai.body.msg).not.toBe(english.body.msg);
    // The username counts as a guessable word.
    expect((await weak('mall_weak1', 'en-US')).body.error).toBe('PASSWORD_TOO_WEAK');
    const login = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username: 'mall_weak', password: encodePassword('qwerty123') } });
    expect(login.status).toBe(401);
    expect((await weak('Mango-Kite-47', 'en-US')).status).toBe(200);
  });

  it('refuses bad input with localized field messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', password: encodePassword('secret12') }, 'username'],
      [{ username: 'has space', password: encodePassword('secret12') }, 'username'],
      [{ username: 'okname', password: encodePassword('123') }, 'password'],
      [{ username: 'okname', password: 'not base64!' }, 'password'],
      [{ username: 'okname' }, 'password'],
    ];
    for (const [body, path] of cases) {
      const { status, body: answer } = await call(ctx.app, 'POST', '/api/buyer/register', { body, headers: { 'accept-language': 'zh-CN' } });
      expect(status).toBe(400);
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(answer.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const spaced = await call(ctx.app, 'POST', '/api/buyer/register', { body: { username: 'has space', password: encodePassword('secret12') }, headers: { 'accept-language': 'en-US' } });
    expect(spaced.body.details[0].message).toBe('The username may contain only letters, digits and _');
  });

  it('logs out: the token no longer works', async () => {
    const buyer = await registerBuyer(ctx);
    expect((await buyerApi(ctx, buyer, 'POST', '/api/buyer/logout')).status).toBe(200);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/me')).status).toBe(401);
  });
});

describe('demo top-up', () => {
  it('moves demo money into the wallet through the ledger, once per Idempotency-Key, within its limits', async () => {
    const buyer = await registerBuyer(ctx);
    const first = await topUp(ctx, buyer, 250_00, 'topup-1');
    expect(first.body.data.balanceCents).toBe(250_00);
    const retry = await topUp(ctx, buyer, 250_00, 'topup-1');
    expect(retry.body.data.balanceCents).toBe(250_00);
    await topUp(ctx, buyer, 1_00, 'topup-2');
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(251_00);
    for (const amountCents of [0, 1_000_001, 1.5]) {
      const refused = await topUp(ctx, buyer, amountCents);
      expect(refused.status).toBe(400);
    }
    expect((await call(ctx.app, 'POST', '/api/buyer/wallet/topup', { body: { amountCents: 100 } })).status).toBe(401);
    expect((await reconciled(ctx, await operatorToken(ctx))).ok).toBe(true);
  });
});

describe('addresses', () => {
  it('saves, changes and deletes addresses with one default', async () => {
    const buyer = await registerBuyer(ctx);
    const first = await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', ADDRESS);
    expect(first.body.data).toEqual([{ id: expect.any(Number), ...ADDRESS, isDefault: true }]);
    const second = await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', { ...ADDRESS, name: 'Second', isDefault: true });
    expect(second.body.data.map((a: { name: string; isDefault: boolean }) => [a.name, a.isDefault])).toEqual([
      ['Second', true],
      [ADDRESS.name, false],
    ]);
    const secondId = second.body.data[0].id;
    const changed = await buyerApi(ctx, buyer, 'PUT', `/api/buyer/addresses/${secondId}`, { ...ADDRESS, name: 'Changed' });
    expect(changed.body.data[0]).toMatchObject({ id: secondId, name: 'Changed', isDefault: true });
    const left = await buyerApi(ctx, buyer, 'DELETE', `/api/buyer/addresses/${secondId}`);
    expect(left.body.data).toEqual([expect.objectContaining({ name: ADDRESS.name, isDefault: true })]);
    const stranger = await registerBuyer(ctx);
    expect((await buyerApi(ctx, stranger, 'DELETE', `/api/buyer/addresses/${left.body.data[0].id}`)).status).toBe(404);
    expect((await buyerApi(ctx, stranger, 'GET', '/api/buyer/addresses')).body.data).toEqual([]);
  });

  it("uses the mobile kit's messages for an empty or invalid name, phone, address and area", async () => {
    const buyer = await registerBuyer(ctx);
    const { status, body } = await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', { name: '', phone: 'abc', area: '', address: 'x' }, { 'accept-language': 'en-US' });
    expect(status).toBe(400);
    const byPath = Object.fromEntries(body.details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(byPath).toEqual({
      name: 'Please enter a valid name',
      phone: 'Please enter a valid phone number',
      area: 'Please choose a valid area',
      address: 'Please enter a valid address',
    });
  });

  it('keeps at most 20 addresses', async () => {
    const buyer = await registerBuyer(ctx);
    for (let i = 0; i < 20; i++) expect((await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', { ...ADDRESS, name: `N${i}` })).status).toBe(200);
    const over = await buyerApi(ctx, buyer, 'POST', '/api/buyer/addresses', ADDRESS);
    expect(over.status).toBe(422);
    expect(over.body.error).toBe('ADDRESS_LIMIT');
  });
});
