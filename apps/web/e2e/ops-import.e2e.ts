import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { withConsoleSession } from './support/ops.ts';
import { chooseDesktopLanguage, pageOpener } from './support/page.ts';
import { operatorToken } from './support/wallet.ts';

/**
 * The console's warehouse spreadsheet import at 1440×900: a CSV and an XLSX with good and bad rows
 * are checked (a dry run that lists each bad row's error and writes nothing), then only the valid
 * rows are imported; a file that is not a sheet is refused with a clear error, in Thai too.
 */
const baseUrl = inject('baseUrl');
const open = pageOpener();
const SHOTS = process.env.SCREENSHOT_DIR;
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** How many warehouse products the API finds by `q` (a name part). */
async function countByName(token: string, q: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/api/ops/warehouse?q=${encodeURIComponent(q)}&pageSize=50`, { headers: { authToken: token } });
  return ((await answer.json()) as { data: { total: number } }).data.total;
}

async function openImportDialog(token: string): Promise<Page> {
  const page = await withConsoleSession(await open('desktop'), token);
  await page.goto(`${baseUrl}/ops/warehouse`);
  await page.getByTestId('warehouse-table').waitFor();
  return page;
}

async function check(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByTestId('import-file').setInputFiles(file);
  await page.getByTestId('import-check').click();
}

/** The report's row `row` (the sheet's row number). */
const reportRow = (page: Page, row: number) => page.getByTestId('import-report').locator(`.ant-table-row[data-row-key="${row}"]`);

describe('the console warehouse import (1440×900)', () => {
  it('a CSV and an XLSX: the dry run lists every bad row with its error and writes nothing; the import adds only the valid rows', async () => {
    const token = await operatorToken(baseUrl);
    const tag = `Imp${Date.now().toString(36)}`;
    const page = await openImportDialog(token);
    await page.getByTestId('warehouse-import').click();

    // CSV: a quoted name with a comma, an unknown category, a price that is no amount.
    const csv = [
      'name,description,category,purchasePrice,stock,active',
      `"${tag} Dried Mango, 500 g",Sweet and chewy,food,4.80,120,yes`,
      `${tag} Plastic Robot,,toys,3.00,10,`,
      `${tag} Green Tea Bags,,food,cheap,15,`,
    ].join('\n');
    await check(page, { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-report').waitFor();
    await expect.poll(() => page.getByTestId('import-report').locator('.ant-alert').textContent()).toContain('3 rows: 1 valid, 2 with errors. Nothing has been written yet.');
    expect(await reportRow(page, 2).textContent()).toContain('Valid');
    expect(await reportRow(page, 3).textContent()).toContain('category: Choose a category');
    expect(await reportRow(page, 4).textContent()).toContain('purchasePrice: The supplier price must be above 0 USDT');
    expect(await page.getByTestId('import-run').textContent()).toBe('Import 1 valid row');
    await shot(page, 'ops-import-dry-run-en-US');
    expect(await countByName(token, tag)).toBe(0);

    await page.getByTestId('import-run').click();
    await expect.poll(() => page.getByTestId('import-report').locator('.ant-alert').textContent()).toContain('1 product added; rows with errors skipped: 2.');
    expect(await reportRow(page, 2).textContent()).toMatch(/Added as #\d+/);
    expect(await countByName(token, tag)).toBe(1);
    expect(await countByName(token, `${tag} Dried Mango, 500 g`)).toBe(1);

    // XLSX, made here: two good rows (one retired), a row without a name and a negative stock.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRows([
      ['Name', 'Description', 'Category', 'Purchase price', 'Stock', 'Active'],
      [`${tag} Rice Noodles`, 'Thin noodles, 400 g', 'food', 1.25, 300, 'yes'],
      ['', 'a row without its name', 'food', 2, 1, ''],
      [`${tag} Yoga Mat`, '', 'sports', '9.90', -4, ''],
      [`${tag} Chili Sauce`, '', 'food', '2.40', '', 'no'],
    ]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    await check(page, { name: 'products.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
    await expect.poll(() => page.getByTestId('import-report').locator('.ant-alert').textContent()).toContain('4 rows: 2 valid, 2 with errors. Nothing has been written yet.');
    expect(await reportRow(page, 3).textContent()).toContain('name:');
    expect(await reportRow(page, 4).textContent()).toContain('stock: The stock must be a whole number from 0 to 1,000,000');
    expect(await countByName(token, tag)).toBe(1);
    await page.getByTestId('import-run').click();
    await expect.poll(() => page.getByTestId('import-report').locator('.ant-alert').textContent()).toContain('2 products added; rows with errors skipped: 2.');
    expect(await countByName(token, tag)).toBe(3);
    expect(await countByName(token, `${tag} Yoga Mat`)).toBe(0);

    // A picture is not a sheet: a clear error, and nothing is listed or written.
    await check(page, { name: 'products.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByTestId('import-error').waitFor();
    expect(await page.getByTestId('import-error').textContent()).toContain('The file is not a readable XLSX or CSV sheet');
    expect(await page.getByTestId('import-report').count()).toBe(0);
    expect(await countByName(token, tag)).toBe(3);
  });

  it('in Thai, the dry run’s row errors and the refusal of a file that is not a sheet are in Thai', async () => {
    const token = await operatorToken(baseUrl);
    const tag = `ImpTh${Date.now().toString(36)}`;
    const page = await openImportDialog(token);
    await chooseDesktopLanguage(page, 'th-TH');
    await page.getByTestId('warehouse-import').click();
    const csv = ['name,category,purchasePrice,stock', `${tag} Jasmine Rice,food,5,20`, `${tag} Kite,toys,2,5`].join('\n');
    await check(page, { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-report').waitFor();
    await expect.poll(() => reportRow(page, 3).textContent()).toContain('category: เลือกหมวดหมู่');
    await shot(page, 'ops-import-dry-run-th-TH');
    expect(await countByName(token, tag)).toBe(0);

    await check(page, { name: 'notes.csv', mimeType: 'text/csv', buffer: TINY_PNG });
    await page.getByTestId('import-error').waitFor();
    expect(await page.getByTestId('import-error').textContent()).toContain('ไฟล์ไม่ใช่แผ่นงาน XLSX หรือ CSV ที่อ่านได้');
    expect(await countByName(token, tag)).toBe(0);
  });
});
