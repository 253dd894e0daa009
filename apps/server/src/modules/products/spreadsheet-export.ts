import type { LanguageCode } from '@shopdesk/shared/languages';
import { centsToDecimal } from '@shopdesk/shared/money';
import { priceVariant } from '@shopdesk/shared/products/pricing';
import { SHEET_COLUMNS, type SheetColumn, type SheetFormat } from '@shopdesk/shared/products/spreadsheet';
import type { Db } from '../../db/client.ts';
import { csvTime } from '../../lib/csv.ts';
import { sheetWriter, streamSheet } from '../../lib/spreadsheet.ts';
import { bpToPercent } from './product-view.ts';
import { type SheetRow, shopSheetRows } from './spreadsheet-rows.ts';
import { sheetWords } from './spreadsheet-words.ts';

/** Who reads a sheet: their language (headers, yes/no) and time zone (discount dates). */
export interface SheetReader {
  lang: LanguageCode;
  tzOffset: number;
}

/** Amounts as numbers in XLSX (a spreadsheet can sum them), as the usual decimal text in CSV. */
const amount = (cents: number, format: SheetFormat) => (format === 'xlsx' ? cents / 100 : centsToDecimal(cents));

/** One row's cells in column order, as the export writes them and an import reads them back. */
export function sheetCells(row: SheetRow, format: SheetFormat, reader: SheetReader): (string | number)[] {
  const words = sheetWords(reader.lang);
  const cell: Record<SheetColumn, string | number> = {
    sku: row.sku,
    name: row.name,
    variant: row.variant,
    purchasePrice: amount(row.purchasePriceCents, format),
    profitRatio: bpToPercent(row.profitRatioBp),
    price: amount(priceVariant(row, row).priceCents, format),
    discountRatio: bpToPercent(row.discountRatioBp),
    discountStart: csvTime(row.discountStart, reader.tzOffset),
    discountEnd: csvTime(row.discountEnd, reader.tzOffset),
    onSale: words.yesNo(row.status === 'on_sale'),
    recommended: words.yesNo(row.isRecommended),
    variantOn: words.yesNo(row.enabled),
    stock: row.stock,
  };
  return SHEET_COLUMNS.map((c) => cell[c]);
}

/** The shop's products as a sheet, one row per variant (its SKU), streamed page by page. */
export function exportSheet(db: Db, shopId: number, format: SheetFormat, reader: SheetReader) {
  const words = sheetWords(reader.lang);
  return streamSheet(sheetWriter(format, 'Products'), async (writer) => {
    await writer.add(SHEET_COLUMNS.map((c) => words.header(c)));
    for await (const page of shopSheetRows(db, shopId)) for (const row of page) await writer.add(sheetCells(row, format, reader));
  });
}
