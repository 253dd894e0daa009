/**
 * Screenshots of the wallet pages (not a test): desktop 1440×900 and phone 390×844, in en-US and
 * vi-VN, into screenshots/wallet/. Run after a build:
 *   npx tsx apps/web/e2e/wallet-screenshots.ts
 * or against a running app (e.g. `vite` in front of a dev server): BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';
import { pickSavedAddress, TEST_WALLET_ADDRESS } from './support/wallet.ts';

const OUT = path.join(repoRoot, 'screenshots/wallet');
const shoot = shooter(OUT);

async function desktop(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await page.goto(`${baseUrl}/wallet`);
    await settle(page, 'payment-history-table');
    await shoot(page, `${tag}-wallet`);

    await page.getByTestId('wallet-deposit').click();
    await settle(page, 'deposit-qr');
    await page.getByTestId('deposit-amount').fill('25');
    await shoot(page, `${tag}-deposit-dialog`);
    await page.keyboard.press('Escape');
    await page.getByTestId('deposit-form').waitFor({ state: 'detached' });

    await page.getByTestId('wallet-withdraw').click();
    await settle(page, 'withdraw-amount');
    await pickSavedAddress(page);
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
  });
}

async function phone(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    await page.goto(`${baseUrl}/m/finance`);
    await settle(page, 'm-finance-total-profitCents');
    await shoot(page, `${tag}-finance`);

    await page.getByTestId('m-finance-deposit').click();
    await settle(page, 'm-deposit-qr');
    await shoot(page, `${tag}-deposit`);

    await page.goto(`${baseUrl}/m/withdraw`);
    await settle(page, 'm-withdraw-amount');
    await page.getByTestId('m-withdraw-address').getByText(TEST_WALLET_ADDRESS).click();
    await page.getByTestId('m-withdraw-amount').locator('input').fill('100');
    await shoot(page, `${tag}-withdraw`);

    await page.goto(`${baseUrl}/m/transactions`);
    await settle(page, 'm-transactions-list');
    await shoot(page, `${tag}-transactions`);

    await page.goto(`${baseUrl}/m/payment-history`);
    await settle(page, 'm-payment-history-list');
    await shoot(page, `${tag}-payment-history`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  for (const language of SCREENSHOT_LANGUAGES) {
    await desktop(baseUrl, language);
    await phone(baseUrl, language);
  }
});
