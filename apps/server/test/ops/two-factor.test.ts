import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import { twoFactorRecoveryCodes, twoFactors } from '../../src/db/schema.ts';
import { call, createOperator, encodePassword, totpNow, useTestApp } from '../helper.ts';

const ctx = useTestApp();

let address = 0;
/** Each test from its own address: the login throttle's address key stays out of the way. */
const nextIp = () => `10.9.0.${++address}`;

async function post(url: string, body: object, ip: string, lang = 'en-US') {
  const response = await ctx.app.inject({ method: 'POST', url, remoteAddress: ip, payload: body, headers: { 'accept-language': lang } });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

async function passwordStep(op: { username: string; password: string }, ip: string) {
  const first = await post('/api/ops/login', { username: op.username, password: encodePassword(op.password) }, ip);
  expect(first.status).toBe(200);
  expect(first.body.data).not.toHaveProperty('token');
  return first.body.data as { step: 'enrol' | 'code'; challenge: string };
}

/** An operator enrolled through the API: answers the secret and the recovery codes. */
async function enrolled(ip: string) {
  const op = await createOperator(ctx.db);
  const { challenge } = await passwordStep(op, ip);
  const { secret } = (await post('/api/ops/login/enrol', { challenge }, ip)).body.data as { secret: string };
  const done = await post('/api/ops/login/enrolConfirm', { challenge, code: await totpNow(secret) }, ip);
  expect(done.status).toBe(200);
  return { ...op, secret, recoveryCodes: done.body.data.recoveryCodes as string[] };
}

describe("operators' second factor", () => {
  it('enrols on the first login: QR code of the otpauth URL, a wrong code opens nothing, the right one opens the session and shows the recovery codes once', async () => {
    const ip = nextIp();
    const op = await createOperator(ctx.db);
    const first = await passwordStep(op, ip);
    expect(first.step).toBe('enrol');
    const enrolment = await post('/api/ops/login/enrol', { challenge: first.challenge }, ip);
    expect(enrolment.status).toBe(200);
    const { otpauthUrl, qrDataUrl, secret } = enrolment.body.data;
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    expect(otpauthUrl).toContain(`ShopDesk:${op.username}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('/api/ops/login/enrolConfirm', { challenge: first.challenge, code: '000000' === (await totpNow(secret)) ? '111111' : '000000' }, ip, 'vi-VN');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toBe('TWO_FACTOR_CODE_WRONG');
    expect(wrong.body.msg).toContain('Mã không đúng');
    const [pending] = await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, op.userId));
    expect(pending!.enabledAt).toBeNull();

    const done = await post('/api/ops/login/enrolConfirm', { challenge: first.challenge, code: await totpNow(secret) }, ip);
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(TWO_FACTOR.RECOVERY_CODES);
    expect(new Set(done.body.data.recoveryCodes).size).toBe(TWO_FACTOR.RECOVERY_CODES);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: done.body.data.token })).body.data.username).toBe(op.username);
    // Only hashes are kept.
    const stored = await ctx.db.select({ hash: twoFactorRecoveryCodes.codeHash }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, op.userId));
    expect(stored).toHaveLength(TWO_FACTOR.RECOVERY_CODES);
    const plain = (done.body.data.recoveryCodes as string[]).map((code) => code.replace('-', ''));
    for (const { hash } of stored) for (const code of plain) expect(hash).not.toContain(code);
    // The challenge was used: it opens nothing more.
    expect((await post('/api/ops/login/enrolConfirm', { challenge: first.challenge, code: await totpNow(secret) }, ip)).body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('asks an enrolled operator for the code: the password alone opens nothing, a new enrolment is refused, a wrong code is refused', async () => {
    const ip = nextIp();
    const op = await enrolled(ip);
    const second = await passwordStep(op, ip);
    expect(second.step).toBe('code');
    expect((await post('/api/ops/login/enrol', { challenge: second.challenge }, ip)).body.error).toBe('TWO_FACTOR_ALREADY_ENROLLED');
    const [row] = await ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, op.userId));
    expect(row!.secret).toBe(op.secret);
    const wrong = await post('/api/ops/login/verify', { challenge: second.challenge, code: '12345' }, ip);
    expect(wrong.status).toBe(400);
    const current = await totpNow(op.secret);
    const other = String((Number(current) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('/api/ops/login/verify', { challenge: second.challenge, code: other }, ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
    expect((await post('/api/ops/login/verify', { challenge: 'x'.repeat(43), code: current }, ip)).body.error).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('refuses a code already used (the enrolment code, then a login code replayed on the next login)', async () => {
    const ip = nextIp();
    const op = await enrolled(ip);
    const now = Date.now();
    const [row] = await ctx.db.select({ lastStep: twoFactors.lastStep }).from(twoFactors).where(eq(twoFactors.userId, op.userId));
    // The enrolment took the current step (or the next one's code was used if the step turned): either way, now's code is spent.
    const spent = await totpNow(op.secret, (row!.lastStep ?? 0) * TWO_FACTOR.PERIOD_SECONDS * 1000);
    const replay = await passwordStep(op, ip);
    expect((await post('/api/ops/login/verify', { challenge: replay.challenge, code: spent }, ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
    // The next step's code (accepted one step early) works once, and then is spent too.
    const next = await totpNow(op.secret, ((row!.lastStep ?? Math.floor(now / 30_000)) + 1) * TWO_FACTOR.PERIOD_SECONDS * 1000);
    const ok = await post('/api/ops/login/verify', { challenge: replay.challenge, code: next }, ip);
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toBeTruthy();
    const again = await passwordStep(op, ip);
    expect((await post('/api/ops/login/verify', { challenge: again.challenge, code: next }, ip)).body.error).toBe('TWO_FACTOR_CODE_WRONG');
  });

  it('accepts a recovery code once (any case, with or without the dash)', async () => {
    const ip = nextIp();
    const op = await enrolled(ip);
    const [code] = op.recoveryCodes;
    const first = await passwordStep(op, ip);
    const used = await post('/api/ops/login/verify', { challenge: first.challenge, code: code!.toLowerCase().replace('-', '') }, ip);
    expect(used.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token: used.body.data.token })).status).toBe(200);
    const second = await passwordStep(op, ip);
    const again = await post('/api/ops/login/verify', { challenge: second.challenge, code }, ip);
    expect(again.body.error).toBe('TWO_FACTOR_CODE_WRONG');
    const unused = await post('/api/ops/login/verify', { challenge: second.challenge, code: op.recoveryCodes[1] }, ip);
    expect(unused.status).toBe(200);
  });

  it('throttles wrong codes like the other secrets: past the free failures even the right code waits', async () => {
    const ip = nextIp();
    const op = await enrolled(ip);
    const { challenge } = await passwordStep(op, ip);
    const answers: string[] = [];
    for (let i = 0; i < TWO_FACTOR.FREE_FAILURES; i += 1) answers.push((await post('/api/ops/login/verify', { challenge, code: `AAAAA-AAAA${'BCDEF'[i]}` }, ip)).body.error);
    // The failure that uses the last free one already names the wait.
    expect(answers).toEqual([...Array<string>(TWO_FACTOR.FREE_FAILURES - 1).fill('TWO_FACTOR_CODE_WRONG'), 'TOO_MANY_ATTEMPTS']);
    const blocked = await post('/api/ops/login/verify', { challenge, code: op.recoveryCodes[0] }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('TOO_MANY_ATTEMPTS');
    // Nothing was spent by the refused attempt: the recovery code is still unused.
    const codes = await ctx.db.select({ usedAt: twoFactorRecoveryCodes.usedAt }).from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, op.userId));
    expect(codes.every((c) => c.usedAt === null)).toBe(true);
  });
});
