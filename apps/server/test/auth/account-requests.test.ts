import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { activityLog, operatorAudit, passwordResets, shops, users } from '../../src/db/schema.ts';
import { call, createOperator, createSeller, createTestApp, encodePassword, login, loginToken, opsLoginToken, uniqueName, useTestApp, type TestContext } from '../helper.ts';
import { startSmtpListener } from './smtp-listener.ts';

const ctx = useTestApp();
let operatorToken: string;

beforeAll(async () => {
  const op = await createOperator(ctx.db);
  operatorToken = await opsLoginToken(ctx.app, op.username, op.password);
});

let address = 0;
/** Each request from its own address unless a test says otherwise: the per-address limit is tested on its own. */
const nextIp = () => `10.46.${Math.floor(++address / 250)}.${address % 250}`;

function post(app: FastifyInstance, url: string, body: unknown, options: { ip?: string; lang?: string; token?: string } = {}) {
  return app
    .inject({
      method: 'POST',
      url,
      remoteAddress: options.ip ?? nextIp(),
      headers: { ...(options.lang ? { 'accept-language': options.lang } : {}), ...(options.token ? { authtoken: options.token } : {}) },
      payload: body as object,
    })
    .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body), headers: r.headers }));
}

const requestReset = (app: FastifyInstance, username: string, options: { ip?: string; lang?: string; contact?: string } = {}) =>
  post(app, '/api/sellAuth/resetRequest', { username, contact: options.contact ?? '' }, options);

async function pendingRequestOf(app: FastifyInstance, token: string, username: string) {
  const list = await call(app, 'GET', '/api/ops/passwordResets', { token, query: { status: 'pending' } });
  expect(list.status).toBe(200);
  return (list.body.data as { id: number; username: string }[]).find((r) => r.username === username);
}

const tokenOf = (link: string) => new URL(link).hash.replace('#token=', '');

describe('forgot password: requested by the seller, approved by an operator, used once', () => {
  it('runs end to end: the same answer for unknown names, a one-time link handed over, every session ended', async () => {
    const seller = await createSeller(ctx.db);
    await ctx.db.update(users).set({ email: 'owner@shop.example' }).where(eq(users.id, seller.userId));
    const phone = await loginToken(ctx.app, seller.username, seller.password);
    const laptop = await loginToken(ctx.app, seller.username, seller.password);

    const known = await requestReset(ctx.app, seller.username.toUpperCase(), { contact: 'WhatsApp 0917 555 0101', lang: 'tl-PH' });
    const unknown = await requestReset(ctx.app, 'nobody-here-xyz');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual(known.body.data);
    expect(known.body.data).toEqual({ linkValidMinutes: 30 });

    const row = await pendingRequestOf(ctx.app, operatorToken, seller.username);
    expect(row).toMatchObject({ userId: seller.userId, shopId: seller.shopId, email: 'owner@shop.example', contact: 'WhatsApp 0917 555 0101', language: 'tl-PH', status: 'pending', delivery: null });

    // Without SMTP_URL the operator gets the link to hand over.
    const approved = await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: operatorToken, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: row!.id, status: 'approved', delivery: 'handover' });
    const link: string = approved.body.data.link;
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(approved.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);
    // Only the hash is stored, and the audit trail never holds either.
    const [stored] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.id, row!.id));
    expect(stored.tokenHash).not.toContain(tokenOf(link));
    const audit = await ctx.db.select().from(operatorAudit).where(eq(operatorAudit.targetType, 'password_reset'));
    expect(JSON.stringify(audit)).not.toContain(stored.tokenHash!);

    const token = tokenOf(link);
    const check = await post(ctx.app, '/api/sellAuth/resetCheck', { token });
    expect(check.body.data).toEqual({ username: seller.username, expiresAt: approved.body.data.expiresAt });

    const weak = await post(ctx.app, '/api/sellAuth/resetPassword', { token, newPassword: encodePassword('123') }, { lang: 'th-TH' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).not.toMatch(/[A-Za-z]{4}/);
    // A guessable one is refused with the estimator's reason, and the link stays usable.
    const guessable = await post(ctx.app, '/api/sellAuth/resetPassword', { token, newPassword: encodePassword('qwerty123') }, { lang: 'th-TH' });
    expect(guessable.status).toBe(422);
    expect(guessable.body).toMatchObject({ error: 'PASSWORD_TOO_WEAK', data: { reason: 'common' } });
    expect(guessable.body.msg).toContain('เป็นหนึ่งในรหัสผ่านที่มีคนใช้มากที่สุด');

    const done = await post(ctx.app, '/api/sellAuth/resetPassword', { token, newPassword: encodePassword('fresh-pass-1') });
    expect(done.status).toBe(200);
    // Every session of the account ended; the old password no longer works; the new one does.
    for (const session of [phone, laptop]) expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: session })).status).toBe(401);
    expect((await login(ctx.app, seller.username, seller.password)).status).toBe(401);
    expect((await login(ctx.app, seller.username, 'fresh-pass-1')).status).toBe(200);

    // Once only.
    const again = await post(ctx.app, '/api/sellAuth/resetPassword', { token, newPassword: encodePassword('other-pass-2') }, { lang: 'en-US' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('RESET_LINK_USED');
    const used = await call(ctx.app, 'GET', '/api/ops/passwordResets', { token: operatorToken, query: { status: 'used' } });
    expect(used.body.data.map((r: { id: number }) => r.id)).toContain(row!.id);
    const [entry] = await ctx.db.select().from(activityLog).where(eq(activityLog.shopId, seller.shopId));
    expect(entry).toMatchObject({ action: 'password_reset', userId: seller.userId });
  });

  it('keeps one open request per account, and a seller locked out by guesses gets in with the new password', async () => {
    const seller = await createSeller(ctx.db);
    await requestReset(ctx.app, seller.username, { contact: 'first' });
    await requestReset(ctx.app, seller.username, { contact: 'second' });
    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, seller.userId));
    expect(rows.map((r) => [r.status, r.contact])).toEqual([['pending', 'second']]);
    // Eleven wrong guesses from many addresses make the account wait.
    for (let i = 0; i < 11; i++) await login(ctx.app, seller.username, 'wrong-guess', false, nextIp());
    expect((await login(ctx.app, seller.username, seller.password, false, '10.99.0.1')).status).toBe(429);
    const approved = await call(ctx.app, 'POST', `/api/ops/passwordResets/${rows[0].id}/approve`, { token: operatorToken, body: {} });
    await post(ctx.app, '/api/sellAuth/resetPassword', { token: tokenOf(approved.body.data.link), newPassword: encodePassword('after-lock-1') });
    expect((await login(ctx.app, seller.username, 'after-lock-1', false, '10.99.0.1')).status).toBe(200);
  });

  it('says when a link expired (30 minutes) or is not valid; approving again issues a new link and ends the old one', async () => {
    const seller = await createSeller(ctx.db);
    await requestReset(ctx.app, seller.username);
    const row = await pendingRequestOf(ctx.app, operatorToken, seller.username);
    const first = await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: operatorToken, body: {} });
    await ctx.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(passwordResets.id, row!.id));
    const expired = await post(ctx.app, '/api/sellAuth/resetCheck', { token: tokenOf(first.body.data.link) }, { lang: 'en-US' });
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ error: 'RESET_LINK_EXPIRED', msg: expect.stringContaining('30 minutes') });
    const listed = await call(ctx.app, 'GET', '/api/ops/passwordResets', { token: operatorToken, query: { status: 'expired' } });
    expect(listed.body.data.map((r: { id: number }) => r.id)).toContain(row!.id);

    const second = await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: operatorToken, body: {} });
    expect(second.body.data.status).toBe('approved');
    expect(second.body.data.link).not.toBe(first.body.data.link);
    expect((await post(ctx.app, '/api/sellAuth/resetCheck', { token: tokenOf(first.body.data.link) })).body.error).toBe('RESET_LINK_INVALID');
    expect((await post(ctx.app, '/api/sellAuth/resetCheck', { token: tokenOf(second.body.data.link) })).status).toBe(200);

    // Rejecting an approved request ends its link at once; a decided request cannot be decided again.
    const rejected = await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/reject`, { token: operatorToken, body: { reason: 'caller could not confirm the shop' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'caller could not confirm the shop' });
    expect((await post(ctx.app, '/api/sellAuth/resetCheck', { token: tokenOf(second.body.data.link) })).status).toBe(404);
    expect((await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: operatorToken, body: {} })).body.error).toBe('ALREADY_DECIDED');
    expect((await post(ctx.app, '/api/sellAuth/resetCheck', { token: 'x'.repeat(43) })).body.error).toBe('RESET_LINK_INVALID');
    expect((await post(ctx.app, '/api/sellAuth/resetCheck', { token: 'short' })).status).toBe(400);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const seller = await createSeller(ctx.db);
    await requestReset(ctx.app, seller.username);
    const row = await pendingRequestOf(ctx.app, operatorToken, seller.username);
    const approved = await call(ctx.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: operatorToken, body: {} });
    const token = tokenOf(approved.body.data.link);
    const results = await Promise.all(['race-pass-1', 'race-pass-2', 'race-pass-3'].map((p) => post(ctx.app, '/api/sellAuth/resetPassword', { token, newPassword: encodePassword(p) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = ['race-pass-1', 'race-pass-2', 'race-pass-3'][results.findIndex((r) => r.status === 200)];
    expect((await login(ctx.app, seller.username, winner)).status).toBe(200);
  });

  it('limits requests per address (the seventh waits, with Retry-After) and keeps the operator routes to operators', async () => {
    const seller = await createSeller(ctx.db);
    const ip = '10.47.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await requestReset(ctx.app, seller.username, { ip })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const refused = await requestReset(ctx.app, seller.username, { ip, lang: 'vi-VN' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    for (const url of ['/api/ops/passwordResets', '/api/ops/registrations']) {
      expect((await call(ctx.app, 'GET', url)).status).toBe(401);
      expect((await call(ctx.app, 'GET', url, { token: sellerToken })).status).toBe(403);
    }
    expect((await call(ctx.app, 'POST', '/api/ops/passwordResets/1/approve', { token: sellerToken, body: {} })).status).toBe(403);
  });
});

describe('forgot password with an SMTP server configured', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let mailApp: TestContext;
  let mailOperator: string;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    mailApp = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Shop Desk <desk@shop.example>', publicUrl: 'https://desk.shop.example' });
    const op = await createOperator(mailApp.db);
    mailOperator = await opsLoginToken(mailApp.app, op.username, op.password);
  });
  afterAll(async () => {
    await mailApp?.close();
    await smtp?.close();
  });

  it('emails the link in the language the seller asked in, and never shows it to the operator', async () => {
    const seller = await createSeller(mailApp.db);
    await mailApp.db.update(users).set({ email: 'seller@shop.example' }).where(eq(users.id, seller.userId));
    await requestReset(mailApp.app, seller.username, { lang: 'vi-VN' });
    const row = await pendingRequestOf(mailApp.app, mailOperator, seller.username);
    const approved = await call(mailApp.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: mailOperator, body: {} });
    expect(approved.body.data).toMatchObject({ status: 'approved', delivery: 'email', link: null });
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.to).toEqual(['seller@shop.example']);
    expect(mail.from).toBe('desk@shop.example');
    expect(mail.subject).toBe('Đặt lại mật khẩu ShopDesk của bạn');
    const link = /https:\/\/desk\.shop\.example\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    expect(mail.text).toContain(seller.username);
    expect(mail.text).toContain('30 phút');
    const done = await post(mailApp.app, '/api/sellAuth/resetPassword', { token: tokenOf(link!), newPassword: encodePassword('mailed-pass-1') });
    expect(done.status).toBe(200);
    expect((await login(mailApp.app, seller.username, 'mailed-pass-1')).status).toBe(200);
  });

  it('hands the link to the operator when the account has no email', async () => {
    const seller = await createSeller(mailApp.db);
    const before = smtp.mails.length;
    await requestReset(mailApp.app, seller.username);
    const row = await pendingRequestOf(mailApp.app, mailOperator, seller.username);
    const approved = await call(mailApp.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: mailOperator, body: {} });
    expect(approved.body.data).toMatchObject({ delivery: 'handover', link: expect.stringMatching(/^https:\/\/desk\.shop\.example\/reset-password#token=/) });
    expect(smtp.mails.length).toBe(before);
  });

  it('hands the link over when the SMTP server cannot be reached', async () => {
    const closed = await startSmtpListener();
    await closed.close();
    const broken = await createTestApp({ smtpUrl: closed.url });
    try {
      const op = await createOperator(broken.db);
      const opToken = await opsLoginToken(broken.app, op.username, op.password);
      const seller = await createSeller(broken.db);
      await broken.db.update(users).set({ email: 'x@shop.example' }).where(eq(users.id, seller.userId));
      await requestReset(broken.app, seller.username);
      const row = await pendingRequestOf(broken.app, opToken, seller.username);
      const approved = await call(broken.app, 'POST', `/api/ops/passwordResets/${row!.id}/approve`, { token: opToken, body: {} });
      expect(approved.status).toBe(200);
      expect(approved.body.data).toMatchObject({ delivery: 'handover', link: expect.stringContaining('/reset-password#token=') });
    } finally {
      await broken.close();
    }
  });
});

describe('register: a new shop waits for the operator', () => {
  const register = (app: FastifyInstance, body: Record<string, unknown>, options: { ip?: string; lang?: string } = {}) => post(app, '/api/sellAuth/register', body, options);

  it('creates the shop pending; its owner cannot log in until approved, and the login says why', async () => {
    const username = uniqueName('reg');
    const created = await register(ctx.app, { username, password: encodePassword('new-shop-1'), shopName: 'Bagong Tindahan', email: 'me@new.example', whatsapp: '639171234567' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ approval: 'pending' });
    const shopId = created.body.data.shopId as number;

    const refused = await post(ctx.app, '/api/sellAuth/login', { username, password: encodePassword('new-shop-1') }, { lang: 'tl-PH' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'SHOP_PENDING_APPROVAL', msg: expect.stringContaining('pag-apruba') });
    // The wrong password learns nothing about the shop.
    expect((await login(ctx.app, username, 'wrong-pass-9')).body.error).toBe('INVALID_CREDENTIALS');

    const pending = await call(ctx.app, 'GET', '/api/ops/registrations', { token: operatorToken });
    expect(pending.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ shopId, shopName: 'Bagong Tindahan', username, email: 'me@new.example', whatsapp: '639171234567', approval: 'pending', decidedAt: null })]),
    );
    const approved = await call(ctx.app, 'POST', `/api/ops/registrations/${shopId}/approve`, { token: operatorToken, body: {} });
    expect(approved.body.data).toMatchObject({ shopId, approval: 'approved' });
    const token = await loginToken(ctx.app, username, 'new-shop-1');
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token });
    expect(me.body.data).toMatchObject({ username, shopRole: { key: 'owner' }, shop: { shopId, shopName: 'Bagong Tindahan' } });
    expect((await call(ctx.app, 'POST', `/api/ops/registrations/${shopId}/approve`, { token: operatorToken, body: {} })).body.error).toBe('ALREADY_DECIDED');
  });

  it('a rejected shop is told so with the reason, and can still be approved later', async () => {
    const username = uniqueName('rej');
    const { body } = await register(ctx.app, { username, password: encodePassword('new-shop-2'), shopName: 'Maybe Shop' });
    const shopId = body.data.shopId as number;
    await call(ctx.app, 'POST', `/api/ops/registrations/${shopId}/reject`, { token: operatorToken, body: { reason: 'duplicate of shop 12' } });
    const refused = await login(ctx.app, username, 'new-shop-2');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'SHOP_REJECTED', data: { reason: 'duplicate of shop 12' } });
    const rejected = await call(ctx.app, 'GET', '/api/ops/registrations', { token: operatorToken, query: { status: 'rejected' } });
    expect(rejected.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ shopId, note: 'duplicate of shop 12' })]));
    await call(ctx.app, 'POST', `/api/ops/registrations/${shopId}/approve`, { token: operatorToken, body: {} });
    expect((await login(ctx.app, username, 'new-shop-2')).status).toBe(200);
    const [shop] = await ctx.db.select().from(shops).where(eq(shops.id, shopId));
    expect(shop).toMatchObject({ approval: 'approved', approvalNote: '' });
  });

  it('refuses a taken username (any case), bad fields in the reader\'s language, and bursts from one address', async () => {
    const existing = await createSeller(ctx.db);
    const taken = await register(ctx.app, { username: existing.username.toUpperCase(), password: encodePassword('new-shop-3'), shopName: 'Copy Shop' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('USERNAME_TAKEN');
    const bad = await register(ctx.app, { username: 'ab', password: encodePassword('123'), shopName: 'X', email: 'not-an-email', whatsapp: '12ab' }, { lang: 'ja-JP' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password', 'shopName', 'username', 'whatsapp']);
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shops);
    const ip = '10.48.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await register(ctx.app, { username: uniqueName('burst'), password: encodePassword('burst-pass'), shopName: 'Burst Shop' }, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shops);
    expect(after[0].n - before[0].n).toBe(3);
  });
});
