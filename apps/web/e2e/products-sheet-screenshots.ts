/**
 * Screenshots of the product spreadsheet tools (not a test), at 1440×900 and 390×844 in en-US and
 * th-TH, into screenshots/products-sheet/: the desktop export menu, the dry run of an edited CSV (a
 * product with variants: one variant's price, another switched off, two rows disagreeing on the
 * discount; another product's price; an "abc" price), the applied result and the undo; the phone's
 * tools, the same dry run and its applied result. Run after a build:
 *   npx tsx apps/web/e2e/products-sheet-screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { toCsv } from '@shopdesk/shared/csv';
import { SHEET_COLUMNS } from '@shopdesk/shared/products/spreadsheet';
import { AppError } from '../../server/src/lib/app-error.ts';
import { csvGrid } from '../../server/src/lib/spreadsheet.ts';
import { api, sellerSession } from './support/orders.ts';
import { repoRoot } from './support/server.ts';
import { inDemoSession, runScreenshots, settle, shooter } from './support/screenshot-kit.ts';
import { operatorToken } from './support/wallet.ts';

const OUT = path.join(repoRoot, 'screenshots/products-sheet');
const shoot = shooter(OUT);
const LANGUAGES = ['en-US', 'th-TH'] as const;
const at = (column: (typeof SHEET_COLUMNS)[number]) => SHEET_COLUMNS.indexOf(column);

/** Gives the demo shop's first product colours and sizes through the console (the shop gets every variant). */
async function giveVariants(baseUrl: string): Promise<void> {
  const seller = await sellerSession(baseUrl);
  const list = await api<{ list: { warehouseProductId: number }[] }>(baseUrl, 'GET', '/api/product/list?page=1&pageSize=1', { authToken: seller.token });
  const warehouseId = list.list[0]!.warehouseProductId;
  const token = await operatorToken(baseUrl);
  const current = await api<{ variants: { id: number; sku: string; purchasePriceCents: number; suggestedPriceCents: number }[] }>(baseUrl, 'GET', `/api/ops/warehouse/${warehouseId}/variants`, { authToken: token });
  const implicit = current.variants[0]!;
  const combos = [
    ['Blue', 'M'],
    ['Blue', 'L'],
    ['Red', 'M'],
    ['Red', 'L'],
  ];
  const variants = combos.map((values, i) => ({
    ...(i === 0 ? { id: implicit.id, sku: implicit.sku } : { sku: `SHOT-${warehouseId}-${values.join('-')}` }),
    optionValues: values,
    purchasePriceCents: implicit.purchasePriceCents + i * 50,
    suggestedPriceCents: implicit.suggestedPriceCents + i * 60,
    stock: 40,
  }));
  await api(baseUrl, 'POST', `/api/ops/warehouse/${warehouseId}/variants`, { authToken: token }, { options: [{ name: 'Colour', values: ['Blue', 'Red'] }, { name: 'Size', values: ['M', 'L'] }], variants });
}

/** The exported CSV edited as a seller would: prices, a switch, a disagreement and a bad number. */
function editCsv(bytes: Buffer): Buffer {
  const [header, ...rows] = csvGrid(bytes, () => new AppError('SHEET_FILE_INVALID'));
  const withVariant = rows.filter((r) => r[at('variant')] !== '');
  const plain = rows.filter((r) => r[at('variant')] === '');
  const price = at('price');
  const bump = (row: string[]) => (row[price] = (Number(row[price]) + 1).toFixed(2));
  bump(withVariant[0]!); // Blue, M: the product's ratio follows, every variant's price with it
  withVariant[1]![at('discountRatio')] = '10'; // Blue, L and Red, M disagree on the product's discount
  withVariant[2]![at('discountRatio')] = '15';
  withVariant[3]![at('variantOn')] = 'No'; // Red, L off (No is read in any language)
  bump(plain[0]!);
  plain[1]![price] = 'abc';
  return Buffer.from(toCsv(header!, rows));
}

async function exportCsv(page: Page, menu: () => Promise<void>): Promise<Buffer> {
  const download = page.waitForEvent('download');
  await menu();
  return editCsv(fs.readFileSync(await (await download).path()));
}

runScreenshots(OUT, async (baseUrl) => {
  await giveVariants(baseUrl);
  for (const language of LANGUAGES) {
    let edited: Buffer | null = null;
    await inDemoSession(baseUrl, 'desktop', language, async (page, tag) => {
      await page.goto(`${baseUrl}/products/list`);
      await settle(page, 'products-table');
      await page.getByTestId('sheet-export').hover();
      await page.locator('.ant-dropdown-menu').waitFor();
      await page.waitForTimeout(400);
      await shoot(page, `${tag}-export-menu`, false);
      edited = await exportCsv(page, () => page.locator('.ant-dropdown-menu-item').last().click());
      await page.getByTestId('sheet-file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: edited });
      await settle(page, 'sheet-summary');
      await shoot(page, `${tag}-dry-run`, false);
      const result = page.waitForEvent('download');
      await page.getByTestId('sheet-apply').click();
      await result;
      await settle(page, 'sheet-applied');
      await shoot(page, `${tag}-applied`, false);
      await page.locator('.ant-modal-footer button').last().click();
      await page.getByTestId('sheet-undo').click();
      await page.locator('.ant-message-notice').waitFor();
      await page.waitForTimeout(300);
      await shoot(page, `${tag}-undone`, false);
    });
    await inDemoSession(baseUrl, 'phone', language, async (page, tag) => {
      await page.goto(`${baseUrl}/m/products`);
      await settle(page, 'm-sheet-tools');
      await shoot(page, `${tag}-tools`);
      await page.getByTestId('m-sheet-file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: edited! });
      await settle(page, 'm-sheet-summary');
      await shoot(page, `${tag}-dry-run`);
      await page.getByTestId('m-sheet-result').evaluate((node) => node.parentElement?.scrollBy(0, 600));
      await page.waitForTimeout(300);
      await shoot(page, `${tag}-dry-run-more`);
      await page.getByTestId('m-sheet-apply').click();
      await settle(page, 'm-sheet-applied');
      await shoot(page, `${tag}-applied`);
    });
  }
});
