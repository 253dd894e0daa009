import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { SHEET_COLUMNS, type SheetColumn } from '@shopdesk/shared/products/spreadsheet';
import { shopProducts, shopProductVariants } from '../../src/db/schema.ts';
import { AppError } from '../../src/lib/app-error.ts';
import { csvGrid } from '../../src/lib/spreadsheet.ts';
import { call, createTestApp, pngBytes, type TestContext } from '../helper.ts';
import { addShopProducts, givePackage, newShop, operatorToken, type ShopFixture } from '../orders/fixtures.ts';
import { sell, shirt } from './variant-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A raw request (files come back as bytes, not JSON). */
async function raw(method: 'GET' | 'POST', url: string, token: string, options: { lang?: string; file?: { data: Buffer; name: string }; query?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { authtoken: token, 'accept-language': options.lang ?? 'en-US' };
  let payload: Buffer | undefined;
  if (options.file) {
    const boundary = '----sheettest';
    payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      options.file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
  }
  const response = await ctx.app.inject({ method, url, headers, payload, query: options.query });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers, json: () => JSON.parse(response.body) };
}

const check = (shop: ShopFixture, data: Buffer, name = 'sheet.csv', lang = 'en-US') => raw('POST', '/api/product/sheet/check', shop.token, { file: { data, name }, lang });
const apply = (shop: ShopFixture, data: Buffer, name = 'sheet.csv', lang = 'en-US') => raw('POST', '/api/product/sheet/import', shop.token, { file: { data, name }, lang });

async function skusOf(ids: number[]): Promise<string[]> {
  const rows = await ctx.db.select({ id: shopProducts.id, w: shopProducts.warehouseProductId }).from(shopProducts).where(inArray(shopProducts.id, ids));
  const byId = new Map(rows.map((r) => [r.id, `SD-${r.w}`]));
  return ids.map((id) => byId.get(id)!);
}
const product = async (id: number) => (await ctx.db.select().from(shopProducts).where(eq(shopProducts.id, id)))[0];

/** A CSV answer parsed back into rows of cells (by the import's own CSV reader). */
const csvRows = (bytes: Buffer) => csvGrid(bytes, () => new AppError('SHEET_FILE_INVALID'));
/** A column's index in an exported sheet. */
const at = (column: SheetColumn) => SHEET_COLUMNS.indexOf(column);
const csv = (rows: (string | number)[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n'));

async function xlsxGrid(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const grid: string[][] = [];
  wb.worksheets[0].eachRow((row) => grid.push(Array.from({ length: row.cellCount }, (_, i) => String(row.getCell(i + 1).value ?? ''))));
  return grid;
}

describe('product spreadsheets', () => {
  it('exports one row per SKU as CSV and XLSX, headers in the reader\'s language', async () => {
    const shop = await newShop(ctx);
    const ids = await addShopProducts(ctx, shop, [10_00, 25_50], 20);
    const skus = await skusOf(ids);
    const en = await raw('GET', '/api/product/sheet/export', shop.token, { query: { format: 'csv' } });
    expect(en.status).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    const rows = csvRows(en.bytes);
    expect(rows[0]).toEqual(['SKU', 'Product name', 'Variant', 'Purchase price', 'Profit ratio (%)', 'Selling price', 'Discount ratio (%)', 'Discount start', 'Discount end', 'On sale', 'Recommended', 'Variant on', 'Stock']);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([skus[0], expect.any(String), '', '10.00', '20', '12.00', '0', '', '', 'Yes', 'No', 'Yes', '1000']);
    expect(rows[2].slice(3, 6)).toEqual(['25.50', '20', '30.60']);
    const vi = await raw('GET', '/api/product/sheet/export', shop.token, { query: { format: 'xlsx' }, lang: 'vi-VN' });
    expect(vi.status).toBe(200);
    expect(vi.bytes.readUInt32LE(0)).toBe(0x04034b50);
    const grid = await xlsxGrid(vi.bytes);
    expect(grid[0].slice(0, 6)).toEqual(['SKU', 'Tên sản phẩm', 'Biến thể', 'Giá nhập', 'Tỷ lệ lợi nhuận (%)', 'Giá bán']);
    expect(grid[2]).toEqual([skus[1], expect.any(String), '', '25.5', '20', '30.6', '0', '', '', 'Có', 'Không', 'Có', '1000']);
  });

  it('dry-runs and applies a file of good and bad rows, then undoes it', async () => {
    const shop = await newShop(ctx);
    const other = await newShop(ctx);
    const ids = await addShopProducts(ctx, shop, [10_00, 10_00, 10_00, 10_00, 10_00, 10_00, 10_00], 20);
    const [otherId] = await addShopProducts(ctx, other, [10_00], 20);
    const skus = await skusOf(ids);
    const [otherSku] = await skusOf([otherId]);
    const file = csv([
      ['SKU', 'Profit ratio (%)', 'Selling price', 'Discount ratio (%)', 'Discount start', 'Discount end', 'On sale', 'Recommended'],
      [skus[0], '20', '13.00', '', '', '', 'Yes', 'No'], // price edited: ratio follows (30%)
      [skus[1], '25', '', '', '', '', '', ''], // ratio edited
      [skus[2], '', '', '10', '2026-12-01 00:00:00 +07:00', '2026-12-31 23:59:59 +07:00', 'No', ''], // discount and off sale
      [skus[3], 'abc', '', '', '', '', '', ''], // bad number
      [skus[4], '25', '99.00', '', '', '', '', ''], // both edited, disagreeing
      [skus[5], '', '', '', '', '', '', 'Yes'], // recommending without a package
      [skus[6], '600', '', '', '', '', '', ''], // ratio outside the range
      ['SD-999999999', '30', '', '', '', '', '', ''], // unknown SKU
      [otherSku, '40', '', '', '', '', '', ''], // another shop's product
      [skus[1], '26', '', '', '', '', '', ''], // the same SKU again
    ]);
    const dry = await check(shop, file);
    expect(dry.status).toBe(200);
    const answer = dry.json().data;
    expect(answer).toMatchObject({ format: 'csv', total: 10, changed: 3, unchanged: 0, failed: 7 });
    const byRow = new Map(answer.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ result: 'changed', changes: [{ field: 'profitRatio', before: 20, after: 30 }, { field: 'price', before: 12_00, after: 13_00 }] });
    expect(byRow.get(3)).toMatchObject({ result: 'changed', changes: [{ field: 'profitRatio', before: 20, after: 25 }, { field: 'price', before: 12_00, after: 12_50 }] });
    expect(byRow.get(4)).toMatchObject({ result: 'changed', changes: [{ field: 'discountRatio', before: 0, after: 10 }, { field: 'discountStart', before: null, after: '2026-11-30T17:00:00.000Z' }, { field: 'discountEnd' }, { field: 'onSale', before: true, after: false }] });
    expect(byRow.get(5)).toMatchObject({ result: 'error', errors: [{ field: 'profitRatio', message: expect.stringContaining('profit ratio must be a valid number') }] });
    expect(byRow.get(6)).toMatchObject({ result: 'error', errors: [{ field: 'price', message: 'The selling price and the profit ratio disagree: at 25% the price is 12.50; change only one of them' }] });
    expect(byRow.get(7)).toMatchObject({ result: 'error', errors: [{ field: 'recommended', message: 'Shop promotion is not open, so products cannot be recommended' }] });
    expect(byRow.get(8)).toMatchObject({ result: 'error', errors: [{ field: 'profitRatio' }] });
    expect(byRow.get(9)).toMatchObject({ result: 'error', errors: [{ field: 'sku', message: 'No product of your shop has the SKU SD-999999999' }] });
    expect(byRow.get(10)).toMatchObject({ result: 'error', errors: [{ field: 'sku', message: `No product of your shop has the SKU ${otherSku}` }] });
    expect(byRow.get(11)).toMatchObject({ result: 'error', errors: [{ field: 'sku', message: `The SKU ${skus[1]} is already in row 3` }] });
    // The same file in Vietnamese: the errors in the reader's language.
    const vi = (await check(shop, file, 'sheet.csv', 'vi-VN')).json().data;
    expect(vi.rows.find((r: { row: number }) => r.row === 9).errors[0].message).toBe('Không có sản phẩm nào của shop có SKU SD-999999999');
    // Nothing was written by the dry runs.
    expect((await product(ids[0])).profitRatioBp).toBe(2000);
    expect((await product(ids[2])).status).toBe('on_sale');

    const applied = await apply(shop, file);
    expect(applied.status).toBe(200);
    expect(applied.headers['x-sheet-applied']).toBe('3');
    expect(applied.headers['x-sheet-failed']).toBe('7');
    const result = csvRows(applied.bytes);
    expect(result[0]).toEqual(['Row', 'SKU', 'Product name', 'Variant', 'Result', 'Changes', 'Errors']);
    expect(result[1]).toEqual(['2', skus[0], expect.any(String), '', 'Applied', 'Profit ratio (%): 20 → 30; Selling price: 12.00 → 13.00', '']);
    expect(result[4][6]).toMatch(/^Profit ratio \(%\): The profit ratio must be a valid number/);
    expect(result[8]).toEqual(['9', 'SD-999999999', '', '', 'Not applied', '', 'No product of your shop has the SKU SD-999999999']);
    expect((await product(ids[0])).profitRatioBp).toBe(3000);
    expect((await product(ids[1])).profitRatioBp).toBe(2500);
    expect(await product(ids[2])).toMatchObject({ status: 'off_sale', discountRatioBp: 1000, discountStart: new Date('2026-11-30T17:00:00Z') });
    expect((await product(ids[3])).profitRatioBp).toBe(2000);
    expect((await product(ids[4])).profitRatioBp).toBe(2000);
    expect((await product(otherId)).profitRatioBp).toBe(2000);

    const undo = await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: shop.token });
    expect(undo.status).toBe(200);
    expect(undo.body.data.restored).toBe(3);
    expect((await product(ids[0])).profitRatioBp).toBe(2000);
    expect(await product(ids[2])).toMatchObject({ status: 'on_sale', discountRatioBp: 0, discountStart: null });
    const again = await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: shop.token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'SHEET_NOTHING_TO_UNDO', msg: 'There is no import left to undo' });
    // The other shop cannot undo this shop's import either.
    expect((await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: other.token })).status).toBe(409);
  });

  it('round-trips an exported XLSX: three prices edited and one bad row, the result comes back as XLSX', async () => {
    const shop = await newShop(ctx);
    const ids = await addShopProducts(ctx, shop, [10_00, 20_00, 30_00, 40_00], 20);
    const exported = await raw('GET', '/api/product/sheet/export', shop.token, { query: { format: 'xlsx' } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.bytes as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    sheet.getCell('F2').value = 15; // 10.00 → 15.00: ratio 50%
    sheet.getCell('F3').value = 30; // 20.00 → 30.00
    sheet.getCell('F4').value = 39; // 30.00 → 39.00: ratio 30%
    sheet.getCell('E5').value = 'lots';
    // A discount typed as spreadsheet dates (no zone: the seller's wall-clock time, here UTC+7).
    sheet.getCell('G2').value = 10;
    sheet.getCell('H2').value = new Date(Date.UTC(2026, 11, 1, 0, 0));
    sheet.getCell('I2').value = new Date(Date.UTC(2026, 11, 31, 23, 59));
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    const dry = (await raw('POST', '/api/product/sheet/check', shop.token, { file: { data: edited, name: 'products.bin' }, query: { tzOffset: '420' } })).json().data;
    expect(dry.rows[0], JSON.stringify(dry.rows[0])).toMatchObject({ result: 'changed' });
    expect(dry.rows[0].changes).toContainEqual({ field: 'discountStart', before: null, after: '2026-11-30T17:00:00.000Z' });
    expect(dry).toMatchObject({ format: 'xlsx', total: 4, changed: 3, failed: 1 });
    const applied = await raw('POST', '/api/product/sheet/import', shop.token, { file: { data: edited, name: 'products.bin' }, query: { tzOffset: '420' } });
    expect(applied.status).toBe(200);
    expect(applied.headers['content-type']).toContain('spreadsheetml');
    expect(await product(ids[0])).toMatchObject({ discountRatioBp: 1000, discountStart: new Date('2026-11-30T17:00:00Z'), discountEnd: new Date('2026-12-31T16:59:00Z') });
    const result = await xlsxGrid(applied.bytes);
    expect(result.map((r) => r[4])).toEqual(['Result', 'Applied', 'Applied', 'Applied', 'Not applied']);
    expect(await Promise.all(ids.map(async (id) => (await product(id)).profitRatioBp))).toEqual([5000, 5000, 3000, 2000]);
  });

  it('a product with variants: one row per variant; its rows settle the product together, switches follow the variant rules, undo restores them', async () => {
    const shop = await newShop(ctx);
    const op = await operatorToken(ctx);
    const { id: shirtId, variants } = await shirt(ctx, op);
    const shirtProduct = await sell(ctx, shop, shirtId);
    const [plainId] = await addShopProducts(ctx, shop, [10_00], 20);
    const [plainSku] = await skusOf([plainId]);
    const [blueM, blueL, redM, redL] = variants.map((v) => v.sku);
    const switches = async () => (await ctx.db.select({ id: shopProductVariants.id, enabled: shopProductVariants.enabled }).from(shopProductVariants).where(eq(shopProductVariants.shopProductId, shirtProduct)).orderBy(shopProductVariants.id)).map((v) => v.enabled);

    const exported = csvRows((await raw('GET', '/api/product/sheet/export', shop.token, { query: { format: 'csv' } })).bytes);
    expect(exported).toHaveLength(6);
    expect(exported.slice(1, 5).map((r) => (['sku', 'variant', 'purchasePrice', 'profitRatio', 'price', 'variantOn', 'stock'] as const).map((c) => r[at(c)]))).toEqual([
      [blueM, 'Blue, M', '10.00', '20', '12.00', 'Yes', '5'],
      [blueL, 'Blue, L', '10.50', '20', '12.60', 'Yes', '5'],
      [redM, 'Red, M', '11.00', '20', '13.20', 'Yes', '5'],
      [redL, 'Red, L', '11.50', '20', '13.80', 'Yes', '5'],
    ]);
    expect(exported[5].slice(0, 3)).toEqual([plainSku, expect.any(String), '']);

    // One variant's price sets the product's ratio (every variant's price follows), another variant goes
    // off; the plain product is still found by the SD-<id> key of a sheet from before variants.
    const file = csv([
      ['SKU', 'Profit ratio (%)', 'Selling price', 'Variant on'],
      [blueM, '20', '13.00', 'Yes'],
      [blueL, '20', '12.60', 'No'],
      [redM, '20', '13.20', 'Yes'],
      [plainSku.toLowerCase(), '25', '', ''],
      [`SD-${shirtId}`, '30', '', ''],
    ]);
    const dry = (await check(shop, file)).json().data;
    expect(dry).toMatchObject({ total: 5, changed: 4, unchanged: 0, failed: 1 });
    const byRow = new Map(dry.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ sku: blueM, variant: 'Blue, M', result: 'changed', changes: [{ field: 'profitRatio', before: 20, after: 30 }, { field: 'price', before: 12_00, after: 13_00 }] });
    expect(byRow.get(3)).toMatchObject({ variant: 'Blue, L', changes: [{ field: 'profitRatio' }, { field: 'price', before: 12_60, after: 13_65 }, { field: 'variantOn', before: true, after: false }] });
    expect(byRow.get(4)).toMatchObject({ changes: [{ field: 'profitRatio' }, { field: 'price', before: 13_20, after: 14_30 }] });
    expect(byRow.get(5)).toMatchObject({ variant: '', changes: [{ field: 'profitRatio', before: 20, after: 25 }, { field: 'price' }] });
    expect(byRow.get(6)).toMatchObject({ result: 'error', errors: [{ field: 'sku', message: `SD-${shirtId} is now a product with 4 variants: export the sheet again and edit each variant on its own row` }] });
    expect(await switches()).toEqual([true, true, true, true]);

    const applied = await apply(shop, file);
    expect(applied.headers['x-sheet-applied']).toBe('4');
    expect(csvRows(applied.bytes)[2]).toEqual(['3', blueL, expect.any(String), 'Blue, L', 'Applied', 'Profit ratio (%): 20 → 30; Selling price: 12.60 → 13.65; Variant on: Yes → No', '']);
    expect(await product(shirtProduct)).toMatchObject({ profitRatioBp: 3000, stock: 15, purchasePriceCents: 10_00 });
    expect(await switches()).toEqual([true, false, true, true]);
    expect((await product(plainId)).profitRatioBp).toBe(2500);

    // Rows of one product asking for different ratios are errors on those rows, in the reader's
    // language; the product's other changes still apply. The last enabled variant cannot go off.
    const disagreeing = csv([
      ['SKU', 'Profit ratio (%)', 'Selling price', 'On sale', 'Variant on'],
      [blueM, '40', '', '', ''],
      [blueL, '', '', 'No', 'Yes'],
      [redM, '', '15.00', '', ''],
      [redL, '', '', '', 'No'],
    ]);
    const mixed = (await check(shop, disagreeing)).json().data;
    expect(mixed).toMatchObject({ changed: 2, failed: 2 });
    expect(mixed.rows.find((r: { row: number }) => r.row === 2)).toMatchObject({ result: 'error', errors: [{ field: 'profitRatio', message: expect.stringContaining('Rows 2, 4 of this product ask for different profit ratios') }] });
    expect(mixed.rows.find((r: { row: number }) => r.row === 4)).toMatchObject({ result: 'error', errors: [{ field: 'price' }] });
    expect(mixed.rows.find((r: { row: number }) => r.row === 3)).toMatchObject({ result: 'changed', changes: [{ field: 'onSale', before: true, after: false }, { field: 'variantOn', before: false, after: true }] });
    expect(mixed.rows.find((r: { row: number }) => r.row === 5)).toMatchObject({ result: 'changed', changes: [{ field: 'onSale' }, { field: 'variantOn', before: true, after: false }] });
    const discounts = (await check(shop, csv([['SKU', 'Discount ratio (%)', 'Discount start', 'Discount end'], [blueM, '10', '2026-12-01', '2026-12-31'], [redM, '15', '2026-12-01', '2026-12-31']]))).json().data;
    expect(discounts.rows.map((r: { errors: { field: string; message: string }[] }) => r.errors)).toEqual([
      [{ field: 'discountRatio', message: 'Rows 2, 3 of this product give it different values: change it on one row only, or write the same value on each' }],
      [{ field: 'discountRatio', message: 'Rows 2, 3 of this product give it different values: change it on one row only, or write the same value on each' }],
    ]);
    const thai = (await check(shop, disagreeing, 'sheet.csv', 'th-TH')).json().data;
    expect(thai.rows[0].errors[0].message).toBe('แถว 2, 4 ของสินค้านี้ขออัตรากำไรต่างกัน (อัตรากำไรเป็นของสินค้า ใช้ร่วมกันทุกรูปแบบ และการแก้ราคาขายคือการแก้อัตรากำไร): แก้ราคาหรืออัตรากำไรในแถวเดียวเท่านั้น');
    const allOff = (await check(shop, csv([['SKU', 'Variant on'], [blueM, 'No'], [redM, 'No'], [redL, 'No']]), 'sheet.csv', 'vi-VN')).json().data;
    expect(allOff).toMatchObject({ changed: 2, failed: 1 });
    expect(allOff.rows[2]).toMatchObject({ row: 4, errors: [{ field: 'variantOn', message: 'Phải giữ ít nhất một biến thể đang bán: hãy ngừng bán sản phẩm thay vào đó' }] });

    // Undo puts back the ratios and the switch.
    const undo = await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: shop.token });
    expect(undo.body.data.restored).toBe(2);
    expect(await product(shirtProduct)).toMatchObject({ profitRatioBp: 2000, stock: 20 });
    expect(await switches()).toEqual([true, true, true, true]);
    expect((await product(plainId)).profitRatioBp).toBe(2000);
  });

  it('an undo that would leave a product with no variant on is refused whole, in the reader\'s language', async () => {
    const shop = await newShop(ctx);
    const { id: shirtId } = await shirt(ctx, await operatorToken(ctx));
    const shirtProduct = await sell(ctx, shop, shirtId);
    const ids = (await ctx.db.select({ id: shopProductVariants.id }).from(shopProductVariants).where(eq(shopProductVariants.shopProductId, shirtProduct)).orderBy(shopProductVariants.id)).map((v) => v.id);
    const switchVariants = (enabled: boolean, which: number[]) => call(ctx.app, 'POST', '/api/product/variants', { token: shop.token, body: { id: shirtProduct, variants: which.map((id) => ({ id, enabled })) } });
    expect((await switchVariants(false, [ids[0]!])).status).toBe(200);
    const exported = csvRows((await raw('GET', '/api/product/sheet/export', shop.token, { query: { format: 'csv' } })).bytes);
    const blueM = exported[1]!;
    blueM[at('variant')] = ''; // read-only, and "Blue, M" would need quoting in the test's plain CSV
    blueM[at('variantOn')] = 'Yes'; // the import switches Blue, M back on, with a ratio change
    blueM[at('profitRatio')] = '35';
    expect((await apply(shop, csv([exported[0]!, blueM]))).headers['x-sheet-applied']).toBe('1');
    // Since then the seller switched every other variant off: undoing the import would leave none on.
    expect((await switchVariants(false, ids.slice(1))).status).toBe(200);
    const refused = await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: shop.token, lang: 'ja-JP' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'VARIANT_LAST_ENABLED', msg: '少なくとも 1 つのバリエーションは販売中のままにしてください：止める場合は商品を販売停止にしてください' });
    expect(await product(shirtProduct)).toMatchObject({ profitRatioBp: 3500 });
    // Once another variant is on again, the undo goes through.
    expect((await switchVariants(true, [ids[3]!])).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/product/sheet/undo', { token: shop.token })).status).toBe(200);
    expect(await product(shirtProduct)).toMatchObject({ profitRatioBp: 2000 });
  });

  it('an export read back unedited changes nothing, a running discount (its end at 23:59:59.999) included, as CSV and as XLSX', async () => {
    const shop = await newShop(ctx);
    const op = await operatorToken(ctx);
    const shirtProduct = await sell(ctx, shop, (await shirt(ctx, op)).id);
    const [plainId] = await addShopProducts(ctx, shop, [10_00], 20);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const discounted = await call(ctx.app, 'POST', '/api/product/batchUpdate', { token: shop.token, body: { ids: [shirtProduct, plainId], discountRatio: 10, discountStart: day(0), discountEnd: day(5) } });
    expect(discounted.body.data.succeeded).toBe(2);
    expect((await product(plainId)).discountEnd?.getUTCMilliseconds()).toBe(999);
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = (await raw('GET', '/api/product/sheet/export', shop.token, { query: { format } })).bytes;
      expect((await check(shop, exported, `sheet.${format}`)).json().data).toMatchObject({ total: 5, changed: 0, unchanged: 5, failed: 0 });
    }
  });

  it('refuses recommending beyond the package limit, row by row, in file order', async () => {
    const shop = await newShop(ctx);
    const ids = await addShopProducts(ctx, shop, Array(12).fill(10_00), 20);
    await givePackage(ctx.db, shop.shopId, 'silver'); // 5 places
    const skus = await skusOf(ids);
    const file = csv([['SKU', 'Recommended'], ...skus.slice(0, 6).map((sku) => [sku, 'Yes'])]);
    const dry = (await check(shop, file)).json().data;
    expect(dry).toMatchObject({ changed: 5, failed: 1 });
    expect(dry.rows[5]).toMatchObject({ row: 7, result: 'error', errors: [{ field: 'recommended', message: expect.stringContaining('5') }] });
    expect((await product(ids[0])).isRecommended).toBe(false);
    expect((await apply(shop, file)).headers['x-sheet-applied']).toBe('5');
    expect((await ctx.db.select().from(shopProducts).where(inArray(shopProducts.id, ids))).filter((p) => p.isRecommended)).toHaveLength(5);
  });

  it('refuses a file that is not a spreadsheet, a sheet without a SKU column, and a 20 MB file', async () => {
    const shop = await newShop(ctx);
    const picture = await check(shop, pngBytes(), 'sheet.csv');
    expect(picture.status).toBe(400);
    expect(picture.json()).toMatchObject({ error: 'SHEET_FILE_INVALID', msg: 'The file is not a readable XLSX or CSV sheet whose first row names the SKU column' });
    const zip = await check(shop, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]), 'sheet.xlsx');
    expect(zip.json().error).toBe('SHEET_FILE_INVALID');
    expect((await check(shop, Buffer.from('name,price\r\nx,1\r\n'))).json().error).toBe('SHEET_FILE_INVALID');
    const big = await check(shop, Buffer.alloc(20 * 1024 * 1024, 'a'), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.json()).toMatchObject({ error: 'FILE_TOO_LARGE', msg: 'The file is too large (at most 10 MB)' });
    const bigApply = await apply(shop, Buffer.alloc(20 * 1024 * 1024, 'a'), 'big.csv');
    expect(bigApply.status).toBe(413);
  });
});
