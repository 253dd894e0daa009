/**
 * Screenshots of the desktop tables (not a test): 1440×900 in en-US and th-TH (Thai
 * words are long), into screenshots/tables/. Run after a build:
 *   npx tsx apps/web/e2e/tables-screenshots.ts
 */
import path from 'node:path';
import { repoRoot } from './support/server.ts';
import { demoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';

const OUT = path.join(repoRoot, 'screenshots/tables');
const shoot = shooter(OUT);

const PAGES: [name: string, url: string, testId: string][] = [
  ['orders', '/orders', 'orders-table'],
  ['products', '/products/list', 'products-table'],
  ['warehouse', '/products/warehouse', 'warehouse-table'],
  ['refunds', '/products/refunds?status=all', 'refunds-table'],
  ['reviews', '/products/reviews', 'reviews-table'],
  ['wallet', '/wallet', 'payment-history-table'],
  ['transactions', '/transactions', 'transactions-table'],
];

runScreenshots(OUT, async (baseUrl) => {
  for (const language of ['en-US', 'th-TH']) {
    const { context, page } = await demoSession(baseUrl, 'desktop', language);
    try {
      for (const [name, url, testId] of PAGES) {
        await page.goto(`${baseUrl}${url}`);
        await settle(page, testId);
        await shoot(page, `desktop-${language}-${name}`, false);
      }
      await page.goto(`${baseUrl}/orders?tab=to_purchase`);
      await settle(page, 'orders-table');
      const boxes = page.getByTestId('orders-table').locator('tbody tr.ant-table-row .ant-checkbox-input:not([disabled])');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByTestId('orders-batch-purchase').click();
      await settle(page, 'purchase-orders');
      await shoot(page, `desktop-${language}-orders-batch-purchase`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('orders-columns').click();
      await settle(page, 'orders-columns-list');
      await shoot(page, `desktop-${language}-orders-columns`, false);
    } finally {
      await context.close();
    }
  }
});
