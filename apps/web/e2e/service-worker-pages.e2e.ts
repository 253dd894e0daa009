import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, idleButton } from './support/app.ts';
import { pageOpener } from './support/page.ts';

const baseUrl = inject('baseUrl');
const open = pageOpener();

/** Waits until the offline-capable worker controls the page (it registers once the page is idle). */
async function workerActive(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 }).toBe(`${baseUrl}/sw.js`);
}

async function loginDesktop(page: Page, rememberMe: boolean): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(DEMO.username);
  await page.getByTestId('login-password').fill(DEMO.password);
  const remember = page.getByTestId('login-remember');
  if ((await remember.isChecked()) !== rememberMe) await remember.click();
  await idleButton(page, 'login-submit').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

describe('the worker lets real documents through', () => {
  for (const rememberMe of [true, false]) {
    it(`opens the customer-service chat page from the app once the worker is active (remember me ${rememberMe ? 'on' : 'off'})`, async () => {
      const page = await open('desktop');
      await loginDesktop(page, rememberMe);
      await workerActive(page);
      // A second load is what a returning seller does: the worker now answers the navigations.
      await page.reload();
      await page.getByTestId('customer-service').waitFor();
      const popup = page.context().waitForEvent('page');
      await page.getByTestId('customer-service').click();
      const chat = await popup;
      await chat.waitForLoadState('domcontentloaded');
      const url = new URL(chat.url());
      expect(url.pathname).toBe('/support-chat.html');
      expect(url.searchParams.get('shopName')).toBe('Sunrise Goods');
      // The chat page itself, not the app's shell ("Page not found" or the login page).
      await chat.locator('h1[data-text="title"]').waitFor({ timeout: 10_000 });
      await expect.poll(() => chat.locator('#shopName').textContent()).toBe('Sunrise Goods');
      expect(await chat.locator('#root').count()).toBe(0);
      await chat.close();
    });
  }

  it('still opens an app page that looks like a file name from the cached shell, and keeps the API out', async () => {
    const page = await open('desktop');
    await loginDesktop(page, true);
    await workerActive(page);
    // A client route with a query that holds a dot is the app's, not a file.
    await page.goto(`${baseUrl}/orders?keyword=a.b`);
    await page.getByTestId('orders-table').waitFor();
    const api = await page.evaluate(async () => (await fetch('/api/does-not-exist')).headers.get('content-type'));
    expect(api).toContain('application/json');
  });
});
