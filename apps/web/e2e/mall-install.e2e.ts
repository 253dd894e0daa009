import { afterAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';

/**
 * Installing the mall installs the mall: a page of the mall links the mall's own manifest (start
 * URL and scope /mall), and the seller app keeps its own. The browser's own reading of the linked
 * manifest is checked (what "Add to home screen" uses), not only the file.
 */

const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function installManifest(context: BrowserContext, page: Page) {
  await page.waitForFunction(() => document.querySelector('link[rel="manifest"]') !== null, undefined, { timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  try {
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    return { url: manifest.url, errors: manifest.errors, data: JSON.parse(manifest.data ?? '{}') as { start_url?: string; scope?: string; name?: string; display?: string; icons?: { src: string }[] } };
  } finally {
    await cdp.detach();
  }
}

describe('the mall as an installable app', () => {
  it('links the mall manifest on mall pages and the seller manifest on seller pages, following a move between them', async () => {
    const context = await launch('phone');
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());

    await page.goto(`${baseUrl}/mall/search?q=a`);
    await page.getByTestId('mall-root').waitFor();
    const mall = await installManifest(context, page);
    expect(mall.url).toBe(`${baseUrl}/mall.webmanifest`);
    expect(mall.errors).toEqual([]);
    expect(mall.data).toMatchObject({ start_url: '/mall', scope: '/mall', name: 'ShopDesk Mall', display: 'standalone' });
    for (const icon of mall.data.icons ?? []) expect((await fetch(`${baseUrl}${icon.src}`)).status, icon.src).toBe(200);
    expect((await fetch(`${baseUrl}/mall.webmanifest`)).headers.get('cache-control')).toContain('no-cache');

    // Left for the seller login in the same page (no reload): the seller app's manifest again.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/m/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('m-login-submit').waitFor();
    await expect.poll(async () => (await installManifest(context, page)).url).toBe(`${baseUrl}/manifest.webmanifest`);

    // A seller page opened directly links the seller app's manifest.
    const seller = await context.newPage();
    await seller.goto(`${baseUrl}/m/login`);
    await seller.getByTestId('m-login-submit').waitFor();
    const own = await installManifest(context, seller);
    expect(own.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(own.data).toMatchObject({ start_url: '/' });
  });
});
