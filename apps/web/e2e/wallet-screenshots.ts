/**
 * Screenshots of the wallet pages (not a test): desktop 1440×900 and phone 390×844, in en-US and
 * vi-VN, into screenshots/wallet/. Run after a build:
 *   npx tsx apps/web/e2e/wallet-screenshots.ts
 * or against a running app (e.g. `vite` in front of a dev server): BASE_URL=http://localhost:5173 …
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { launch, type Device } from './support/browser.ts';
import { DEMO, loginDesktop, loginPhone } from './support/app.ts';
import { repoRoot, startServer } from './support/server.ts';

const OUT = path.join(repoRoot, 'screenshots/wallet');
const LANGUAGES = ['en-US', 'vi-VN'] as const;

async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(600);
}

/** Desktop pages whole; phone pages as the phone shows them (long lists would be unreadable). */
async function shoot(page: Page, name: string, fullPage = !name.startsWith('phone')): Promise<void> {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`saved ${path.relative(repoRoot, file)}`);
}

async function session(baseUrl: string, device: Device, language: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await launch(device);
  await context.addInitScript((lang) => window.localStorage.setItem('language', lang), language);
  const page = context.pages()[0] ?? (await context.newPage());
  if (device === 'desktop') {
    await loginDesktop(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
  } else {
    await loginPhone(page, baseUrl, DEMO);
    await page.waitForURL((url) => url.pathname === '/m/shop', { timeout: 20_000 });
  }
  return { context, page };
}

async function desktop(baseUrl: string, language: string): Promise<void> {
  const { context, page } = await session(baseUrl, 'desktop', language);
  const tag = `desktop-${language}`;
  try {
    await page.goto(`${baseUrl}/wallet`);
    await settle(page, 'records-table');
    await shoot(page, `${tag}-wallet`);

    await page.getByTestId('wallet-deposit').click();
    await settle(page, 'deposit-qr');
    await page.getByTestId('deposit-amount').fill('25');
    await shoot(page, `${tag}-deposit-dialog`);
    await page.keyboard.press('Escape');
    await page.getByTestId('deposit-form').waitFor({ state: 'detached' });

    await page.getByTestId('wallet-withdraw').click();
    await settle(page, 'withdraw-amount');
    await page.getByTestId('withdraw-address').fill('TXscreenshotWalletAddress0001');
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-fund-password').fill('135790');
    await shoot(page, `${tag}-withdraw-dialog`);
    await page.getByTestId('withdraw-next').click();
    await settle(page, 'withdraw-confirm');
    await shoot(page, `${tag}-withdraw-confirm`);
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/transactions`);
    await settle(page, 'transactions-table');
    await shoot(page, `${tag}-transactions`);

    await page.goto(`${baseUrl}/finance?days=30`);
    await settle(page, 'finance-table');
    await page.waitForTimeout(1500); // the chart's drawing animation
    await shoot(page, `${tag}-finance`);
  } finally {
    await context.close();
  }
}

async function phone(baseUrl: string, language: string): Promise<void> {
  const { context, page } = await session(baseUrl, 'phone', language);
  const tag = `phone-${language}`;
  try {
    await page.goto(`${baseUrl}/m/finance`);
    await settle(page, 'm-finance-total-profitCents');
    await shoot(page, `${tag}-finance`);

    await page.getByTestId('m-finance-deposit').click();
    await settle(page, 'm-deposit-qr');
    await shoot(page, `${tag}-deposit`);

    await page.goto(`${baseUrl}/m/withdraw`);
    await settle(page, 'm-withdraw-amount');
    await page.getByTestId('m-withdraw-address').locator('input').fill('TXscreenshotWalletAddress0001');
    await page.getByTestId('m-withdraw-amount').locator('input').fill('100');
    await shoot(page, `${tag}-withdraw`);

    await page.goto(`${baseUrl}/m/transactions`);
    await settle(page, 'm-transactions-list');
    await shoot(page, `${tag}-transactions`);

    await page.goto(`${baseUrl}/m/payment-history`);
    await settle(page, 'm-records-list');
    await shoot(page, `${tag}-payment-history`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const server = process.env.BASE_URL ? null : await startServer();
  const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
  try {
    for (const language of LANGUAGES) {
      await desktop(baseUrl, language);
      await phone(baseUrl, language);
    }
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
