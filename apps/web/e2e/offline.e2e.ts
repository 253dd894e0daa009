import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { publishBuild } from './support/pwa.ts';
import { DEMO, expectPath, loginPhone } from './support/app.ts';

// Its own server and web folder: the test publishes a second build into it.
let server: RunningServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  context = await launch('phone');
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
});

describe('the offline-capable worker (SPEC §1, §7)', () => {
  it('serves /sw.js uncached with scope /, and a manifest with the shop icon', async () => {
    const sw = await fetch(`${server.baseUrl}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-encoding')).toBe('br');
    const index = await fetch(`${server.baseUrl}/m/login`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    // The head asks for nothing but the page's own files (scripts/quiet-head-plugin.ts): the favicon
    // is drawn inline and the manifest is linked once the page is idle (the next test sees it).
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
    expect(html).not.toContain('rel="manifest"');
    const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as { start_url: string; display: string; icons: { src: string; sizes: string }[] };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(`${server.baseUrl}${icon.src}`)).status, icon.src).toBe(200);
  });

  it('installs on the first visit, after the page has loaded, and says only that the app is ready for offline use', async () => {
    // Its install precaches every asset: not while the page's own files load (main.tsx).
    await page.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args: Parameters<typeof register>) => {
        (window as unknown as { swRegisteredWhen: string }).swRegisteredWhen = document.readyState;
        return register(...args);
      };
    });
    await page.goto(`${server.baseUrl}/m/login`);
    await page.getByTestId('m-login-submit').waitFor();
    await page.getByTestId('offline-ready').waitFor({ timeout: 60_000 });
    await expect(page.evaluate(() => (window as unknown as { swRegisteredWhen?: string }).swRegisteredWhen)).resolves.toBe('complete');
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseUrl}/`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${server.baseUrl}/sw.js`);
    // Linked with the registration, and the browser reads it: what installing to the home screen uses.
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ name: 'ShopDesk', display: 'standalone' });
    await cdp.detach();
  });

  it('opens the app shell with the network cut and says it is offline', async () => {
    await context.setOffline(true);
    try {
      await page.goto(`${server.baseUrl}/m/login`);
      await page.getByTestId('m-login-submit').waitFor();
      await page.getByTestId('offline-banner').getByText('You are offline').waitFor();
      // A client route the app never opened before comes from the cached shell as well.
      await page.goto(`${server.baseUrl}/login`);
      await page.getByTestId('offline-banner').waitFor();
      // API answers are never served from a cache: offline, they fail.
      const api = await page.evaluate(async () => {
        try {
          await fetch('/api/health');
          return 'answered';
        } catch {
          return 'failed';
        }
      });
      expect(api).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
    await page.goto(`${server.baseUrl}/m/login`);
    await page.getByTestId('m-login-submit').waitFor();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
  });

  it('reloaded offline, a page opened before shows its last answers with their time; a page never opened says it needs a connection', async () => {
    await loginPhone(page, server.baseUrl, DEMO);
    await expectPath(page, '/m/shop');
    await page.goto(`${server.baseUrl}/m/orders`);
    const firstOrder = page.getByTestId('m-order').first();
    await firstOrder.waitFor();
    // The order's number and figures (its countdown moves on by itself).
    const figures = async () => (await firstOrder.textContent())?.replace(/\d\d:\d\d:\d\d/g, '');
    const online = await figures();
    expect(online).toMatch(/^SD\d+/);
    // A read that changes nothing is kept; a change never is (the worker's runtime cache holds reads only).
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('api-answers')).keys()).length)).toBeGreaterThan(0);
    await context.setOffline(true);
    try {
      await page.reload();
      await firstOrder.waitFor();
      expect(await figures()).toBe(online);
      await page.getByTestId('offline-banner').getByText(/^Offline — showing data from .*\d\d:\d\d\. Changes need a connection\.$/).waitFor();
      // Never opened online: nothing saved, and the page says why it is empty.
      await page.goto(`${server.baseUrl}/m/transactions`);
      await page.getByTestId('m-transactions-error').getByText('You are offline. This needs a connection; it works again once you are back online.').waitFor({ timeout: 30_000 });
      await page.getByTestId('offline-banner').waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Back online, a fresh answer ends the saved-data note.
    await page.goto(`${server.baseUrl}/m/orders`);
    await firstOrder.waitFor();
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
    // Logging out forgets the session's saved answers.
    await page.goto(`${server.baseUrl}/m/profile`);
    await page.getByTestId('m-logout').click();
    await page.locator('.adm-dialog-button').filter({ hasText: 'Log out' }).click();
    await expectPath(page, '/m/login');
    await expect.poll(() => page.evaluate(async () => ((await caches.has('api-answers')) ? (await (await caches.open('api-answers')).keys()).length : 0))).toBe(0);
  });

  it('asks before applying a new version, and reloads into it on confirmation', async () => {
    publishBuild(server.webDir, 2);
    await page.goto(`${server.baseUrl}/m/login`);
    await page.getByTestId('m-login-submit').waitFor();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByTestId('update-prompt').waitFor({ timeout: 60_000 });
    await page.getByTestId('update-prompt').getByText('A new version is available').waitFor();
    expect(await page.locator('meta[name="shopdesk-build"]').count()).toBe(0);
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await page.getByTestId('update-confirm').click();
    await reloaded;
    await page.getByTestId('m-login-submit').waitFor();
    await expect.poll(() => page.locator('meta[name="shopdesk-build"]').count(), { timeout: 30_000 }).toBe(1);
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
  });
});
