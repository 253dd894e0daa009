import type { FastifyRequest } from 'fastify';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { parseAmountToCents } from '@shopdesk/shared/money';
import {
  type ImportReport,
  OCV,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  WAREHOUSE_IMPORT_COLUMNS,
  WAREHOUSE_IMPORT_MAX_BYTES,
  WAREHOUSE_IMPORT_MAX_ROWS,
  warehouseProductBody,
} from '@shopdesk/shared/ops/catalog';
import type { Db } from '../../db/client.ts';
import { isMessageKey, translate } from '../../i18n/translate.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvGrid, isZip, readSheetUpload, xlsxGrid } from '../../lib/spreadsheet.ts';
import { insertWarehouseProduct } from './warehouse-ops-service.ts';

type BaseColumn = (typeof WAREHOUSE_IMPORT_COLUMNS)[number];
/** An optional column of a name or description in another language: `name_th`, `description_th-TH`. */
type TextColumn = `${'name' | 'description'}_${TranslatedLanguage}`;
type Column = BaseColumn | TextColumn;

/** Header spellings accepted for each column (case, spaces and underscores aside). */
const normalizeHeader = (text: string) => text.toLowerCase().replace(/[\s_-]/g, '');
/** A language's spellings in a header: its code (th-TH), its first part (th), and fil for Filipino. */
const languageSpellings = (lang: TranslatedLanguage) => [normalizeHeader(lang), lang.split('-')[0]!.toLowerCase(), ...(lang === 'tl-PH' ? ['fil'] : [])];
const HEADER_ALIASES: Record<Column, string[]> = {
  name: ['name', 'productname'],
  description: ['description'],
  category: ['category'],
  purchasePrice: ['purchaseprice', 'supplierprice', 'price'],
  stock: ['stock'],
  active: ['active'],
  ...(Object.fromEntries(
    TRANSLATED_LANGUAGES.flatMap((lang) => [
      [`name_${lang}`, languageSpellings(lang).map((l) => `name${l}`)],
      [`description_${lang}`, languageSpellings(lang).map((l) => `description${l}`)],
    ]),
  ) as Record<TextColumn, string[]>),
};

/** Reads the multipart field `file` (the spreadsheet). */
export const readImportUpload = (request: FastifyRequest) => readSheetUpload(request, WAREHOUSE_IMPORT_MAX_BYTES, invalid);

const invalid = () => new AppError('IMPORT_FILE_INVALID');

/** The data rows of an XLSX (first worksheet) or CSV file, keyed by column, each with its sheet row number. */
async function sheetRows(bytes: Buffer): Promise<{ row: number; cells: Partial<Record<Column, string>> }[]> {
  const grid = isZip(bytes) ? await xlsxGrid(bytes, invalid) : csvGrid(bytes, invalid);
  const columns = new Map<number, Column>();
  (grid[0] ?? []).forEach((text, index) => {
    const header = normalizeHeader(text);
    const column = (Object.keys(HEADER_ALIASES) as Column[]).find((c) => HEADER_ALIASES[c].includes(header));
    if (column) columns.set(index, column);
  });
  const found = new Set(columns.values());
  if (!found.has('name') || !found.has('category') || !found.has('purchasePrice')) throw new AppError('IMPORT_FILE_INVALID');
  const rows: { row: number; cells: Partial<Record<Column, string>> }[] = [];
  grid.forEach((line, index) => {
    if (index === 0) return;
    const cells: Partial<Record<Column, string>> = {};
    for (const [at, column] of columns) cells[column] = (line[at] ?? '').trim();
    if (Object.values(cells).some((v) => v !== '')) rows.push({ row: index + 1, cells });
  });
  if (rows.length > WAREHOUSE_IMPORT_MAX_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: WAREHOUSE_IMPORT_MAX_ROWS });
  return rows;
}

const YES = ['', 'yes', 'true', '1', 'y', 'active'];
const NO = ['no', 'false', '0', 'n', 'inactive', 'retired'];

/** One row's cells as the create body would hold them (numbers parsed; what cannot be parsed stays for the schema to refuse). */
function rowInput(cells: Partial<Record<Column, string>>) {
  const price = cells.purchasePrice ?? '';
  const stock = cells.stock ?? '';
  const active = (cells.active ?? '').toLowerCase();
  const translations = Object.fromEntries(
    TRANSLATED_LANGUAGES.filter((lang) => cells[`name_${lang}`] || cells[`description_${lang}`]).map((lang) => [lang, { name: cells[`name_${lang}`] ?? '', description: cells[`description_${lang}`] ?? '' }]),
  );
  return {
    name: cells.name ?? '',
    description: cells.description ?? '',
    translations,
    category: (cells.category ?? '').toLowerCase(),
    purchasePriceCents: parseAmountToCents(price) ?? (price === '' ? undefined : NaN),
    stock: stock === '' ? 0 : /^\d+$/.test(stock) ? Number(stock) : NaN,
    active: YES.includes(active) ? true : NO.includes(active) ? false : active,
  };
}

/** The schema's field names, as the spreadsheet calls them. */
const FIELD_COLUMN: Record<string, Column> = { purchasePriceCents: 'purchasePrice' };

/**
 * Imports warehouse products from a spreadsheet (XLSX or CSV). Every row is checked against the same rules
 * as the create form; the report lists each row with its errors in the caller's language. A dry run
 * writes nothing; otherwise the valid rows are created in one transaction (each whole, audited) and
 * the rows with errors are left out entirely.
 */
export async function importWarehouse(db: Db, operatorUserId: number, bytes: Buffer, options: { dryRun: boolean; lang: LanguageCode }): Promise<ImportReport> {
  const rows = await sheetRows(bytes);
  const checked = rows.map(({ row, cells }) => {
    const parsed = warehouseProductBody.safeParse(rowInput(cells));
    const errors = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          // A translation's error names its column (name_th-TH), as the sheet does.
          const field = issue.path[0] === 'translations' ? `${String(issue.path[2] ?? 'name')}_${String(issue.path[1] ?? '')}` : String(issue.path[0] ?? '');
          const key = issue.message === 'Invalid input' && field === 'active' ? 'validation.invalid' : issue.message;
          return { field: FIELD_COLUMN[field] ?? field, message: translate(options.lang, isMessageKey(key) ? key : field === 'purchasePriceCents' ? OCV.purchasePrice : 'validation.invalid') };
        });
    return { row, name: cells.name ?? '', errors, value: parsed.success ? parsed.data : null };
  });
  const valid = checked.filter((r) => r.value);
  const ids = new Map<number, number>();
  if (!options.dryRun && valid.length > 0) {
    await db.transaction(async (tx) => {
      for (const r of valid) ids.set(r.row, (await insertWarehouseProduct(tx, operatorUserId, r.value!, 'warehouse.import')).row.id);
    });
  }
  return {
    dryRun: options.dryRun,
    total: checked.length,
    valid: valid.length,
    created: ids.size,
    rows: checked.map((r) => ({ row: r.row, name: r.name, errors: r.errors, productId: ids.get(r.row) ?? null })),
  };
}
