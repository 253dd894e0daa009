/**
 * Screenshots of the promotion package pages (not a test): desktop 1440×900 and phone 390×844, in
 * en-US and zh-CN, into screenshots/packages/. Run after a build:
 *   npx tsx apps/web/e2e/packages-screenshots.ts
 * or against a running app: BASE_URL=http://localhost:5173 …
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { DEMO_FUND_PASSWORD } from './support/wallet.ts';
import { api, sellerSession } from './support/orders.ts';

const OUT = path.join(repoRoot, 'screenshots/packages');
const LANGUAGES = ['en-US', 'zh-CN'] as const;
const shoot = shooter(OUT);

/** The demo shop's running package (each run buys one, so the next run's choices differ). */
async function activeType(baseUrl: string): Promise<string> {
  const seller = await sellerSession(baseUrl);
  const data = await api<{ active: { type: string } | null }>(baseUrl, 'GET', '/api/marketing/packages', { authToken: seller.token });
  return data.active?.type ?? 'silver';
}

async function desktop(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
    await page.goto(`${baseUrl}/marketing/shop-express`);
    await settle(page, 'package-cards');
    await shoot(page, `${tag}-shop-express`);

    // The upgrade dialog (diamond over the active package) when there is one, then the extension, bought.
    const active = await activeType(baseUrl);
    if (active !== 'diamond') {
      await page.getByTestId('package-buy-diamond').click();
      await settle(page, 'package-purchase-dialog');
      await shoot(page, `${tag}-dialog-upgrade`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('package-purchase-dialog').waitFor({ state: 'detached' });
    }

    await page.getByTestId(`package-buy-${active}`).click();
    await settle(page, 'package-purchase-dialog');
    await page.getByTestId('package-fund-password').fill(DEMO_FUND_PASSWORD);
    await shoot(page, `${tag}-dialog-extend`, false);
    await page.getByTestId('package-purchase-submit').click();
    await settle(page, 'package-purchase-success');
    await shoot(page, `${tag}-dialog-success`, false);
    await page.getByTestId('package-purchase-done').click();

    await page.goto(`${baseUrl}/marketing/purchase-history`);
    await settle(page, 'purchase-history-table');
    await shoot(page, `${tag}-purchase-history`);
  });
}

async function phone(baseUrl: string, language: string): Promise<void> {
  await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
    await page.goto(`${baseUrl}/m/shop-express`);
    await settle(page, 'm-package-card-gold');
    await shoot(page, `${tag}-shop-express`);
    await shoot(page, `${tag}-shop-express-full`, true);

    await page.getByTestId(`m-package-buy-${await activeType(baseUrl)}`).click();
    await settle(page, 'm-package-popup');
    await shoot(page, `${tag}-purchase-sheet`);
    await page.getByTestId('m-package-passcode').click();
    await page.keyboard.type(DEMO_FUND_PASSWORD);
    await page.getByTestId('m-package-popup').waitFor({ state: 'detached' });
    await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);

    await page.getByTestId('m-shop-express-tab-history').click();
    await settle(page, 'm-purchase-history-list');
    await shoot(page, `${tag}-purchase-history`);
  });
}

runScreenshots(OUT, async (baseUrl) => {
  for (const language of LANGUAGES) {
    await desktop(baseUrl, language);
    await phone(baseUrl, language);
  }
});
