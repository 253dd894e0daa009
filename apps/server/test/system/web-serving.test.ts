/**
 * The built web app as the server sends it: client routes fall back to index.html, and the mall's
 * home page tells the browser to fetch its data beside the scripts (a preload the mall's own
 * request then uses: one request, not two).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
const ctx = {} as TestContext;

beforeAll(async () => {
  Object.assign(ctx, await createTestApp({ webDistDir: webDir }));
}, 60_000);
afterAll(async () => {
  await ctx.close?.();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('client routes', () => {
  it('the mall home preloads its data; no other page does', async () => {
    for (const url of ['/mall', '/mall/', '/mall?lang=th']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers.link, url).toBe('</api/mall/home>; rel=preload; as=fetch; crossorigin');
    }
    for (const url of ['/mall/search', '/mall/product/1', '/dashboard', '/m/shop', '/login']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers.link, url).toBeUndefined();
    }
  });

  it('the preloaded address answers without a session or headers the preload cannot send', async () => {
    const home = await ctx.app.inject({ method: 'GET', url: '/api/mall/home' });
    expect(home.statusCode).toBe(200);
    expect(home.json().data.rankings).toBeDefined();
  });
});
