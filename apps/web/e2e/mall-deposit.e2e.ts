import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launch } from './support/browser.ts';
import { api } from './support/orders.ts';
import { registerBuyer, signInMall, type MallBuyer } from './support/mall.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { expectCents, operatorToken, removeTinyPngs, writeTinyPng } from './support/wallet.ts';

/**
 * The buyer's deposit on the mall's "Me" page. Outside demo mode (a server of its own, started once
 * seeded so the demo operator exists, then again on the same data with SEED_DEMO=false): the buyer
 * sends a deposit with its screenshot, sees it waiting, has no demo top-up; the operator approves it
 * and the balance and the row change on the open page; a bad amount is refused in the buyer's
 * language before anything is sent. In demo mode (the shared server) the demo top-up is offered.
 */

const demoUrl = inject('baseUrl');
const FROM_ADDRESS = 'TBuyerSendingAddress0000000001';
const contexts: BrowserContext[] = [];
let plain: RunningServer | null = null;

beforeAll(async () => {
  const seeded = await startServer({ keepData: true });
  await seeded.stop();
  plain = await startServer({ dataDir: seeded.dataDir, env: { SEED_DEMO: 'false' } });
}, 300_000);

afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  removeTinyPngs();
  await plain?.stop();
});

async function openMe(baseUrl: string, buyer: MallBuyer, language = 'en-US'): Promise<Page> {
  const context = await launch('phone');
  contexts.push(context);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  await signInMall(context, buyer);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/mall/me`);
  await page.getByTestId('me-balance').waitFor();
  return page;
}

/** The deposit requests the page sends. */
function depositPosts(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/buyer/wallet/deposit') sent.push(request.headers()['idempotency-key'] ?? '');
  });
  return sent;
}

describe('the mall deposit outside demo mode', () => {
  it('sends a deposit with its screenshot, shows it waiting, and credits the balance once the operator approves', async () => {
    const baseUrl = plain!.baseUrl;
    const buyer = await registerBuyer(baseUrl, 'dep');
    const page = await openMe(baseUrl, buyer);
    const sent = depositPosts(page);
    // The offline worker controls the page: every read below goes through it, as on a buyer's phone.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 }).toBe(`${baseUrl}/sw.js`);

    await expect.poll(() => page.getByTestId('topup-off').isVisible()).toBe(true);
    expect(await page.locator('[data-testid^="topup-"]:not([data-testid="topup-off"])').count()).toBe(0);
    await page.getByTestId('deposit-empty').waitFor();
    expect(await page.getByTestId('deposit-address').textContent()).toMatch(/\S{10,}/);

    await page.getByTestId('deposit-amount').fill('25.50');
    await page.getByTestId('deposit-from').fill(FROM_ADDRESS);
    await page.getByTestId('deposit-file').setInputFiles(writeTinyPng());
    await page.getByTestId('deposit-file-chosen').waitFor();
    await page.getByTestId('deposit-submit').click();

    const row = page.getByTestId('deposit-row').first();
    await row.waitFor({ timeout: 15_000 });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/\S{8,}/);
    expect(await row.getAttribute('data-status')).toBe('pending');
    expect(await row.getByTestId('deposit-status').textContent()).toBe('Pending review');
    expect(await row.textContent()).toContain('25.50');
    await expectCents(page, 'me-balance', 0);
    // The form is ready for another request.
    expect(await page.getByTestId('deposit-amount').inputValue()).toBe('');

    const token = await operatorToken(baseUrl);
    const queue = await api<{ id: number; buyerId: number }[]>(baseUrl, 'GET', '/api/ops/buyerDeposits?status=pending', { authToken: token });
    const mine = queue.find((d) => d.buyerId === buyer.buyerId);
    if (!mine) throw new Error('the buyer deposit is not in the operator queue');
    await api(baseUrl, 'POST', `/api/ops/buyerDeposits/${mine.id}/approve`, { authToken: token, 'Idempotency-Key': crypto.randomUUID() }, {});

    // The open page sees the decision by itself: the row, then the balance.
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 25_000 }).toBe('approved');
    await expectCents(page, 'me-balance', 2_550, 15_000);
    expect(sent).toHaveLength(1);
  });

  it('refuses a bad amount in the buyer language and sends nothing', async () => {
    const baseUrl = plain!.baseUrl;
    const buyer = await registerBuyer(baseUrl, 'dbad');
    const page = await openMe(baseUrl, buyer, 'vi-VN');
    const sent = depositPosts(page);
    await page.getByTestId('deposit-form').waitFor();

    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-from').fill(FROM_ADDRESS);
    await page.getByTestId('deposit-file').setInputFiles(writeTinyPng());
    await page.getByTestId('deposit-submit').click();
    const error = page.getByTestId('deposit-amount-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Số tiền tối thiểu là 10[.,]00/);
    expect(await page.getByTestId('deposit-amount').getAttribute('aria-invalid')).toBe('true');

    await page.getByTestId('deposit-amount').fill('12.345');
    await page.getByTestId('deposit-submit').click();
    await expect.poll(() => error.textContent()).toBe('Nhập số tiền dương, tối đa 2 chữ số thập phân');

    await page.getByTestId('deposit-from').fill('short');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-from-error').waitFor();
    await page.waitForTimeout(500);
    expect(sent).toEqual([]);
    expect(await page.getByTestId('deposit-row').count()).toBe(0);
  });
});

describe('the mall deposit in demo mode', () => {
  it('offers the demo top-up beside the deposit form', async () => {
    const buyer = await registerBuyer(demoUrl, 'ddemo');
    const page = await openMe(demoUrl, buyer);
    await page.getByTestId('topup-10000').waitFor();
    expect(await page.getByTestId('topup-off').count()).toBe(0);
    await page.getByTestId('deposit-form').waitFor();
    await page.getByTestId('topup-10000').click();
    await expectCents(page, 'me-balance', 10_000);
  });
});
