/**
 * Screenshots of the product screens (not a test): the desktop list, batch edit and the question
 * before a loss; the phone list picking a batch, its batch edit sheet and the same question; at
 * 1440×900 and 390×844 in en-US and vi-VN, into screenshots/products/. Run after a build:
 *   npx tsx apps/web/e2e/products-screenshots.ts
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, SCREENSHOT_LANGUAGES, settle, shooter } from './support/screenshot-kit.ts';

const OUT = path.join(repoRoot, 'screenshots/products');
const shoot = shooter(OUT);

runScreenshots(OUT, async (baseUrl) => {
  for (const language of SCREENSHOT_LANGUAGES) {
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/products/list`);
      await settle(page, 'products-table');
      await shoot(page, `${tag}-list`);
      await page.getByTestId('product-edit').first().click();
      await settle(page, 'edit-dialog');
      await page.getByTestId('edit-profit').fill('300');
      await page.getByTestId('edit-submit').click();
      await settle(page, 'price-confirm');
      await shoot(page, `${tag}-edit-confirm`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/products`);
      await settle(page, 'm-product');
      await page.getByTestId('m-products-pick').click();
      for (let i = 0; i < 2; i++) await page.getByTestId('m-product-pick').nth(i).click();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-picking`);
      await page.getByTestId('m-products-batch-edit').click();
      await settle(page, 'm-batch-edit-sheet');
      await page.getByTestId('m-batch-edit-profit').locator('input').fill('300');
      await shoot(page, `${tag}-batch-edit`);
      await page.getByTestId('m-batch-edit-submit').click();
      await settle(page, 'm-price-confirm');
      await shoot(page, `${tag}-batch-confirm`);
    });
  }
});
