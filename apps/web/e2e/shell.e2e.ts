import { afterEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';

/**
 * The shell: the device switch keeps the page (and an open dialog's twin), a delayed
 * answer ends in a message with a retry after the 10 s timeout, unknown addresses say "not found".
 */
const baseUrl = inject('baseUrl');
const contexts: BrowserContext[] = [];

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function open(device: 'desktop' | 'phone'): Promise<Page> {
  const context = await launch(device);
  contexts.push(context);
  return context.pages()[0] ?? (await context.newPage());
}

const DESKTOP = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

/**
 * Holds the first wallet summary request of the next page the browser opens, without answering it,
 * and returns when that page sent it (the browser's own clock, read through a wrapped fetch: the
 * route handler runs in this process and, on a loaded machine, up to a second after the browser
 * started the request and its 10 s timer, which made the wait look shorter than it was). The wrapped
 * fetch (an init script: new documents only) marks that page's requests, so a summary the current
 * page is still asking for when this is set up (the home page's own) passes instead of being held.
 */
async function delayFirstSummary(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const original = window.fetch;
    const marked = window as unknown as { __summarySentAt?: number };
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/api/wallet/summary')) return original(input, init);
      marked.__summarySentAt ??= Date.now();
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('x-test-next-page', '1');
      return original(input, { ...init, headers });
    };
  });
  let held = false;
  await page.route('**/api/wallet/summary', async (route) => {
    if (held || !route.request().headers()['x-test-next-page']) return route.continue();
    held = true;
    // Never answered: the client's own 10 s timeout aborts it.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    await route.abort().catch(() => undefined);
  });
  return async () => {
    const sentAt = await page.evaluate(() => (window as unknown as { __summarySentAt?: number }).__summarySentAt);
    if (!sentAt) throw new Error('the page sent no wallet summary request');
    return sentAt;
  };
}

describe('shell', () => {
  it('keeps the page across 768 px, says "not found" for unknown addresses', async () => {
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');

    // Unknown address: a not-found page with a way home, not a silent redirect.
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByTestId('page-not-found').waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    await page.getByTestId('page-not-found-back').click();
    await expectPath(page, '/dashboard');

    // A list with filters: narrowed, its phone twin with the filters; widened, back where it was.
    await page.goto(`${baseUrl}/products/refunds?status=refunding`);
    await page.getByTestId('sidebar').waitFor();
    await page.setViewportSize(NARROW);
    await expectPath(page, '/m/orders?tab=refunds&status=refunding');
    await page.getByTestId('m-layout').waitFor();
    await page.setViewportSize(DESKTOP);
    await expectPath(page, '/products/refunds?status=refunding');
    await page.getByTestId('sidebar').waitFor();

    // The wallet with the withdraw dialog open: the phone's withdraw page; widened, the wallet.
    await page.goto(`${baseUrl}/wallet`);
    await page.getByTestId('wallet-withdraw').click();
    await page.locator('.ant-modal').first().waitFor();
    await page.setViewportSize(NARROW);
    await expectPath(page, '/m/withdraw');
    await page.getByTestId('m-layout').waitFor();
    await page.setViewportSize(DESKTOP);
    await expectPath(page, '/wallet');
    await page.getByTestId('wallet-page').waitFor();

    // Without a dialog: the wallet's twin, the phone's finance page.
    await page.setViewportSize(NARROW);
    await expectPath(page, '/m/finance');
    await page.setViewportSize(DESKTOP);
    await expectPath(page, '/wallet');

    // Unknown phone address: the phone's not-found page, then home.
    await page.setViewportSize(NARROW);
    await expectPath(page, '/m/finance');
    await page.goto(`${baseUrl}/m/no-such-page`);
    await page.getByTestId('m-page-not-found').waitFor();
    await page.getByTestId('m-page-not-found-back').click();
    await expectPath(page, '/m/shop');
  });

  it('ends the wait of an answer delayed past the 10 s timeout with a message and a retry, on both devices', async () => {
    const [desktop, phone] = await Promise.all([open('desktop'), open('phone')]);
    await Promise.all([loginDesktop(desktop, baseUrl, DEMO), loginPhone(phone, baseUrl, DEMO)]);
    await Promise.all([expectPath(desktop, '/dashboard'), expectPath(phone, '/m/shop')]);
    const [desktopSentAt, phoneSentAt] = await Promise.all([delayFirstSummary(desktop), delayFirstSummary(phone)]);
    await Promise.all([desktop.goto(`${baseUrl}/wallet`), phone.goto(`${baseUrl}/m/finance`)]);

    // After the timeout (10 s), not after a silent second attempt (21 s): the message and a retry.
    const timeoutText = 'The server did not answer in time';
    const shownAfter = async (page: Page, testId: string, sentAt: () => Promise<number>) => {
      await page.getByTestId(testId).filter({ hasText: timeoutText }).waitFor({ timeout: 30_000 });
      const shownAt = Date.now();
      return shownAt - (await sentAt());
    };
    const waited = await Promise.all([shownAfter(desktop, 'query-state-error', desktopSentAt), shownAfter(phone, 'm-query-state-error', phoneSentAt)]);
    for (const ms of waited) {
      expect(ms).toBeGreaterThanOrEqual(9_500);
      expect(ms).toBeLessThan(17_000);
    }
    await Promise.all([desktop.getByTestId('query-state-retry').click(), phone.getByTestId('m-query-state-retry').click()]);
    await Promise.all([desktop.getByTestId('wallet-available').waitFor(), phone.getByTestId('m-wallet-balance').waitFor()]);
  });
});
