/**
 * Issues 12 and 13: a client route answers the app's page naming what that address loads at start
 * (the build's route map, apps/web/scripts/route-preload-plugin.ts), with the catalogs in the
 * visitor's language; revalidated by its ETag, never cached stale, and made again after a new build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-shell-'));
const INDEX = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n  </head><body><div id="root"></div></body></html>';
const manifest = {
  routes: [
    { pattern: '^/m/login$', scripts: ['assets/mobile-shell-1.js', 'assets/mobile-login-1.js'], styles: ['assets/list-1.css'], namespaces: ['common', 'auth'] },
    { pattern: '^/mall(/.*)?$', scripts: ['assets/mall-root-1.js'], styles: [], namespaces: ['mall'] },
  ],
  catalogs: {
    'en-US': { common: 'assets/common-en.js', auth: 'assets/auth-en.js', mall: 'assets/mall-en.js' },
    'th-TH': { common: 'assets/common-th.js', auth: 'assets/auth-th.js', mall: 'assets/mall-th.js' },
  },
};
fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
fs.mkdirSync(path.join(webDir, '.vite'));
fs.writeFileSync(path.join(webDir, '.vite/route-preload.json'), JSON.stringify(manifest));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ webDistDir: webDir });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const links = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the app page of a client route', () => {
  it('names the route’s chunks, styles and catalogs in the language of Accept-Language', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/m/login?returnTo=x', headers: { 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    expect(links(res.body)).toEqual([
      'preload /assets/list-1.css',
      'modulepreload /assets/mobile-shell-1.js',
      'modulepreload /assets/mobile-login-1.js',
      'modulepreload /assets/common-th.js',
      'modulepreload /assets/auth-th.js',
    ]);
    // The links go inside the head, after the entry.
    expect(res.body.indexOf('index-1.js')).toBeLessThan(res.body.indexOf('mobile-shell-1.js'));
    expect(res.body.indexOf('mobile-shell-1.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('falls back to English catalogs, and sends an unmapped route the page as built', async () => {
    const mall = await ctx.app.inject({ method: 'GET', url: '/mall/search', headers: { 'accept-language': 'xx' } });
    expect(links(mall.body)).toEqual(['modulepreload /assets/mall-root-1.js', 'modulepreload /assets/mall-en.js']);
    const other = await ctx.app.inject({ method: 'GET', url: '/wallet' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(INDEX);
  });

  it('answers 304 to its ETag, and a new build changes the page and its ETag', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/m/login' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await ctx.app.inject({ method: 'GET', url: '/m/login', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const rebuilt = { ...manifest, routes: [{ ...manifest.routes[0], scripts: ['assets/mobile-shell-2.js'] }] };
    fs.writeFileSync(path.join(webDir, '.vite/route-preload.json'), JSON.stringify(rebuilt));
    // A later modification time, whatever the file system's clock resolution.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(webDir, '.vite/route-preload.json'), later, later);
    const after = await ctx.app.inject({ method: 'GET', url: '/m/login', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(links(after.body)).toContain('modulepreload /assets/mobile-shell-2.js');
  });

  it('never answers the page for API paths or missing files', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBeGreaterThanOrEqual(400);
    expect(api.headers['content-type']).toMatch(/json/);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
