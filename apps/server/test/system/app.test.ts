import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { call, createSeller, login, loginToken, useTestApp } from '../helper.ts';

const ctx = useTestApp();

describe('OpenAPI', () => {
  it('publishes the document at /api/docs/json without a session, built from the request schemas', async () => {
    const { status, body } = await call(ctx.app, 'GET', '/api/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const login = body.paths['/api/sellAuth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(body.paths).toHaveProperty('/api/order/getPurchaseOrderCount');
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('envelope', () => {
  it('answers unknown API paths with a 404 envelope, with a session, a buyer\'s session or none (never "login expired")', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const anonymous = await call(ctx.app, method, '/api/nothing/here', { lang: 'en-US' });
      expect(anonymous.status).toBe(404);
      expect(anonymous.body).toMatchObject({ code: 404, error: 'NOT_FOUND', data: null });
    }
    const buyer = await ctx.app.inject({ method: 'GET', url: '/api/buyer/nothing', headers: { buyerToken: 'some-buyer-token' } });
    expect(buyer.statusCode).toBe(404);
    expect(JSON.parse(buyer.body).error).toBe('NOT_FOUND');
    // A known seller route without a session still says 401.
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me')).status).toBe(401);
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const { status, body } = await call(ctx.app, 'GET', '/api/nothing/here', { token, lang: 'id-ID' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 404, error: 'NOT_FOUND', data: null });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/sellAuth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error).toBe('BAD_REQUEST');
  });

  it('reads the pending purchase count and VIP level of the own shop', async () => {
    const seller = await createSeller(ctx.db, { shop: { vipLevel: 5 } });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const level = await call(ctx.app, 'GET', '/api/systemSettings/getUserLevel', { token, query: { shopId: seller.shopId } });
    expect(level.body).toMatchObject({ code: 0, data: { level: 5 } });
    const count = await call(ctx.app, 'GET', '/api/order/getPurchaseOrderCount', { token, query: { shopId: seller.shopId } });
    expect(count.body).toMatchObject({ code: 0, data: 0 });
  });
});

describe('embedded database', () => {
  it('keeps data across a restart and seeds the demo marketplace only once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-restart-'));
    const config = loadConfig({ logLevel: 'silent', webDistDir: '/nonexistent', dataDir, loginSlowdownStepMs: 0 });
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir });
      expect(await seedDemoMarketplace(first.db)).toBe(true);
      await first.close();

      const second = await openDatabase({ databaseUrl: null, dataDir });
      expect(await seedDemoMarketplace(second.db)).toBe(false);
      const app = await buildApp(config, second);
      const result = await login(app, 'demo', 'demo123');
      expect(result.status).toBe(200);
      const token = result.body.data.token;
      const count = await call(app, 'GET', '/api/order/getPurchaseOrderCount', { token });
      expect(count.body.data).toBeGreaterThan(0);
      const reconcile = await call(app, 'GET', '/api/wallet/summary', { token });
      expect(reconcile.body.data.availableCents).toBeGreaterThan(0);
      await app.close();
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses to open a data folder another live process holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-lock-'));
    fs.writeFileSync(path.join(dataDir, 'shopdesk.lock'), String(process.ppid));
    await expect(openDatabase({ databaseUrl: null, dataDir })).rejects.toThrow(/in use/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
