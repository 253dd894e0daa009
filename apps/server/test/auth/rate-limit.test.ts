/**
 * Operators can end their session, and the general rate limit (per
 * address and per session, shared through Redis when REDIS_URL is set) answers a localized 429
 * with Retry-After.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOperator, createSeller, createTestApp, loginToken, opsLoginToken, type TestContext } from '../helper.ts';

/** A fresh address per run: with Redis the counters outlive the test process for a window. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

const get = (ctx: TestContext, url: string, ip: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, remoteAddress: ip, headers });

describe('operator logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('ends the operator session (POST /api/ops/logout); the seller logout stays seller-only', async () => {
    const operator = await createOperator(ctx.db);
    const token = await opsLoginToken(ctx.app, operator.username, operator.password);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token })).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/sellAuth/logout', { token })).status).toBe(403);
    expect((await call(ctx.app, 'POST', '/api/ops/logout', { token })).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/ops/whoami', { token })).status).toBe(401);
    const seller = await createSeller(ctx.db);
    const sellerToken = await loginToken(ctx.app, seller.username, seller.password);
    expect((await call(ctx.app, 'POST', '/api/ops/logout', { token: sellerToken })).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token: sellerToken })).status).toBe(200);
  });
});

describe('general rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimitPerAddress: 8, rateLimitPerSession: 4, rateLimitWindowMs: 60_000 });
  });
  afterAll(() => ctx.close());

  it('answers 429 RATE_LIMITED, localized with the wait and Retry-After, past the per-address limit of a parallel burst', async () => {
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(ctx, '/api/systemSettings/getPublicConfig', ip, { 'accept-language': 'ja-JP' })));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited, limited[0]?.body).toHaveLength(12);
    const body = JSON.parse(limited[0].body);
    expect(body.error).toBe('RATE_LIMITED');
    expect(body.msg).toMatch(/\d+\s?(秒|分)/);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited[0].headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected; the health check is never limited.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(8);
    expect((await get(ctx, '/api/systemSettings/getPublicConfig', address())).statusCode).toBe(200);
    expect((await get(ctx, '/api/health', ip)).statusCode).toBe(200);
  });

  it('limits each session on its own, before the session is looked up', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get(ctx, '/api/sellAuth/me', address(), { authtoken: token })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // Guessed tokens are counted per token too, and never reach the session lookup past the limit.
    const guess = randomBytes(32).toString('base64url');
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push((await get(ctx, '/api/sellAuth/me', address(), { authtoken: guess })).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 429]);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('general rate limit across instances (Redis)', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    // Two instances of one marketplace: one database's counters, so one namespace.
    const config = { redisUrl: redisUrl!, rateLimitPerAddress: 6, rateLimitPerSession: 0, rateLimitNamespace: `shopdesk-rl-test-${crypto.randomUUID()}:` };
    a = await createTestApp(config);
    b = await createTestApp(config);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts the requests of one address on every instance', async () => {
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 ? a : b, '/api/systemSettings/getPublicConfig', ip)));
    expect(answers.filter((x) => x.statusCode === 429)).toHaveLength(4);
  });
});
