import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import { SHEET_COLUMNS } from '@shopdesk/shared/products/spreadsheet';
import { pageOpener } from './support/page.ts';
import { DEMO, expectPath, loginDesktop, loginPhone } from './support/app.ts';
import { sellerSession } from './support/orders.ts';
import { AppError } from '../../server/src/lib/app-error.ts';
import { csvGrid } from '../../server/src/lib/spreadsheet.ts';

/**
 * The product spreadsheet: on the desktop a seller exports the shop as XLSX, edits three prices and
 * one bad row in the file, sees the dry run (before → after, the bad row's error), applies it (the
 * result file downloads) and undoes it; on the phone the same file's dry run is shown.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
/** The selling price's column (1-based, as exceljs counts): SKU, product, variant, purchase price, profit ratio, selling price. */
const PRICE = SHEET_COLUMNS.indexOf('price') + 1;
const VARIANT = SHEET_COLUMNS.indexOf('variant') + 1;

/** The shop's sheet as CSV rows through the API (to read prices before and after). */
async function sheetRows(token: string): Promise<string[][]> {
  const answer = await fetch(`${baseUrl}/api/product/sheet/export?format=csv`, { headers: { authToken: token, 'accept-language': 'en-US' } });
  // The import's own reader: variant names ("Blue, M") are quoted cells with commas inside.
  return csvGrid(Buffer.from(await answer.arrayBuffer()), () => new AppError('SHEET_FILE_INVALID'));
}

describe('product spreadsheet', () => {
  it('desktop: export XLSX, edit three prices and one bad row, dry run, apply, undo; phone: the dry run', async () => {
    const seller = await sellerSession(baseUrl);
    const page = await open('desktop');
    await loginDesktop(page, baseUrl, DEMO);
    await expectPath(page, '/dashboard');
    await page.goto(`${baseUrl}/products/list`);
    await page.getByTestId('products-table').waitFor();

    const exported = page.waitForEvent('download');
    await page.getByTestId('sheet-export').hover();
    await page.getByText('Export as XLSX').click();
    const xlsxPath = await (await exported).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(PRICE).value).toBe('Selling price');
    // Rows of products without options: a variant's new price would move its siblings' prices too
    // (one profit ratio per product), and this test counts the rows it changed.
    const plain = Array.from({ length: sheet.rowCount - 1 }, (_, i) => i + 2)
      .filter((r) => !String(sheet.getRow(r).getCell(VARIANT).value ?? '').trim())
      .slice(0, 4);
    const [bad, ...priced] = [plain[3]!, ...plain.slice(0, 3)];
    const skus = priced.map((r) => String(sheet.getRow(r).getCell(1).value));
    const before = priced.map((r) => Number(sheet.getRow(r).getCell(PRICE).value));
    priced.forEach((r, i) => (sheet.getRow(r).getCell(PRICE).value = Math.round((before[i] + 1) * 100) / 100));
    sheet.getRow(bad).getCell(PRICE - 1).value = 'lots'; // the profit ratio
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.getByTestId('sheet-file').setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: edited });
    const summary = page.getByTestId('sheet-summary');
    await expect.poll(() => summary.textContent()).toMatch(/rows: 3 would change, \d+ unchanged, 1 with errors \(nothing is written yet\)/);
    const rows = page.getByTestId('sheet-rows');
    expect(await rows.locator(`tr[data-row-key="${priced[0]}"]`).textContent()).toContain(`Selling price: `);
    expect(await rows.locator(`tr[data-row-key="${bad}"]`).textContent()).toContain('Profit ratio: The profit ratio must be a valid number');
    expect((await sheetRows(seller.token)).find((r) => r[0] === skus[0])![PRICE - 1]).toBe(before[0].toFixed(2));

    const result = page.waitForEvent('download');
    await page.getByTestId('sheet-apply').click();
    const resultText = fs.readFileSync(await (await result).path());
    expect(resultText.readUInt32LE(0)).toBe(0x04034b50); // the result comes back as XLSX, like the upload
    await expect.poll(() => page.getByTestId('sheet-applied').textContent()).toContain('Applied 3 rows, 1 not applied');
    const after = await sheetRows(seller.token);
    skus.forEach((sku, i) => expect(after.find((r) => r[0] === sku)![PRICE - 1]).toBe((before[i] + 1).toFixed(2)));
    await page.getByRole('button', { name: 'Close' }).last().click();

    await page.getByTestId('sheet-undo').click();
    await page.locator('.ant-message').getByText('Last import undone: 3 products restored').waitFor();
    const undone = await sheetRows(seller.token);
    skus.forEach((sku, i) => expect(undone.find((r) => r[0] === sku)![PRICE - 1]).toBe(before[i].toFixed(2)));

    const phone = await open('phone');
    await loginPhone(phone, baseUrl, DEMO);
    await expectPath(phone, '/m/shop');
    await phone.goto(`${baseUrl}/m/products`);
    await phone.getByTestId('m-sheet-tools').waitFor();
    await phone.getByTestId('m-sheet-file').setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: edited });
    await expect.poll(() => phone.getByTestId('m-sheet-summary').textContent()).toMatch(/rows: 3 would change/);
    expect(await phone.getByTestId('m-sheet-error').first().textContent()).toContain('The profit ratio must be a valid number');
  });
});
