import { and, desc, eq, isNull } from 'drizzle-orm';
import { ZodError } from 'zod';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import { applyRatioUp, priceProduct } from '@shopdesk/shared/products/pricing';
import { discountRatioField, profitRatioField, type ProductPatch } from '@shopdesk/shared/products/schemas';
import { SHEET_MAX_ROWS, type SheetColumn, type SheetDryRunAnswer, type SheetField, type SheetFormat, type SheetRowReport } from '@shopdesk/shared/products/spreadsheet';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { productSheetImports, shops } from '../../db/schema.ts';
import { isMessageKey, translate } from '../../i18n/translate.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvTime } from '../../lib/csv.ts';
import { csvGrid, sheetKind, sheetWriter, streamSheet, xlsxRows } from '../../lib/spreadsheet.ts';
import { patchColumns } from './product-service.ts';
import { bpToPercent } from './product-view.ts';
import { setRecommended } from './recommend-service.ts';
import type { SheetReader } from './spreadsheet-export.ts';
import { beforeOf, lockSheetRows, type SheetRow, type SheetRowState, stateFromBefore, stateOf, writeSheetRows } from './spreadsheet-rows.ts';
import { columnOfHeader, sheetWords, yesNoOf } from './spreadsheet-words.ts';

const invalid = () => new AppError('SHEET_FILE_INVALID');

interface FileRow {
  row: number;
  cells: Partial<Record<SheetColumn, string>>;
}

/** The data rows of the file, keyed by column; the header row must name the SKU column. XLSX is read with the streaming reader. */
async function fileRows(bytes: Buffer, format: SheetFormat): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  let columns: Map<number, SheetColumn> | null = null;
  const take = (number: number, line: string[]) => {
    if (!columns) {
      columns = new Map();
      line.forEach((text, index) => {
        const column = columnOfHeader(text);
        if (column && ![...columns!.values()].includes(column)) columns!.set(index, column);
      });
      if (![...columns.values()].includes('sku')) throw invalid();
      return;
    }
    const cells: Partial<Record<SheetColumn, string>> = {};
    let any = false;
    for (const [at, column] of columns) {
      const text = (line[at] ?? '').trim();
      cells[column] = text;
      any ||= text !== '';
    }
    if (!any) return;
    if (rows.length >= SHEET_MAX_ROWS) throw new AppError('SHEET_TOO_MANY_ROWS', { max: SHEET_MAX_ROWS });
    rows.push({ row: number, cells });
  };
  if (format === 'xlsx') {
    for await (const { number, cells } of xlsxRows(bytes, invalid)) take(number, cells);
  } else {
    csvGrid(bytes, invalid).forEach((line, index) => take(index + 1, line));
  }
  if (!columns) throw invalid();
  return rows;
}

type RowError = { field: string; message: string };
type Value = number | string | boolean | null;

/** What the import means to do with one row, before the database has its say on recommendations. */
interface Plan {
  row: number;
  sku: string;
  name: string;
  product: SheetRow | null;
  after: SheetRowState | null;
  /** The recommendation the row asks for when it differs from the product's (goes through the recommendation rules). */
  recommend: boolean | undefined;
  errors: RowError[];
}

/** A number as a seller may type it: "12.5", "12,5", "12.5%". */
const numberText = (text: string) => text.replace(/%$/, '').trim().replace(/^(\d+),(\d+)$/, '$1.$2');

/** A date as the export writes it (`2026-12-01 00:00:00 +07:00`), ISO, or without a zone (the reader's); null when not a date. */
function parseSheetDate(text: string, tzOffset: number): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0', zone] = m;
  let offset = tzOffset;
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = zone.replace(':', '');
    offset = (z[0] === '-' ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5)));
  } else if (zone) offset = 0;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  const date = new Date(utc - offset * 60_000);
  // A day or time out of range (2026-02-31, 25:00) is not a date.
  const local = new Date(utc);
  if (Number.isNaN(date.getTime()) || local.getUTCDate() !== Number(d) || local.getUTCHours() !== Number(h)) return null;
  return date;
}

/** A refusal of the product rules (AppError or the schema's ZodError) as messages in the reader's language. */
function ruleErrors(error: unknown, lang: SheetReader['lang'], field: string): RowError[] {
  if (error instanceof AppError) return [{ field, message: translate(lang, `error.${error.key}`, error.params as Record<string, string | number>) }];
  if (error instanceof ZodError) return error.issues.map((issue) => ({ field: String(issue.path[0] ?? field), message: translate(lang, isMessageKey(issue.message) ? issue.message : 'validation.invalid') }));
  throw error;
}

/** One row read against its product: the state it asks for, or its errors. Validation is the edit form's: its field schemas and patchColumns. */
function planRow(fileRow: FileRow, product: SheetRow | undefined, seen: Map<string, number>, reader: SheetReader): Plan {
  const { cells } = fileRow;
  const sku = cells.sku ?? '';
  const plan: Plan = { row: fileRow.row, sku, name: product?.name ?? cells.name ?? '', product: product ?? null, after: null, recommend: undefined, errors: [] };
  const error = (field: string, key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) => plan.errors.push({ field, message: translate(reader.lang, key, params) });
  const key = sku.toUpperCase();
  if (seen.has(key)) {
    error('sku', 'sheet.duplicateSku', { sku, row: seen.get(key)! });
    return plan;
  }
  seen.set(key, fileRow.row);
  if (!product) {
    error('sku', 'sheet.unknownSku', { sku });
    return plan;
  }
  const given = (c: SheetColumn) => (cells[c] ?? '') !== '';
  const patch: ProductPatch = {};
  const percent = (c: 'profitRatio' | 'discountRatio') => {
    const parsed = (c === 'profitRatio' ? profitRatioField : discountRatioField).safeParse(numberText(cells[c]!));
    if (parsed.success) return parsed.data;
    plan.errors.push(...ruleErrors(parsed.error, reader.lang, c).map((e) => ({ ...e, field: c })));
    return undefined;
  };
  // The price and the profit ratio are one thing (price = purchase × (1 + ratio), the pricing module):
  // whichever of them the seller changed sets the ratio; both changed must agree.
  const ratioBp = given('profitRatio') ? percent('profitRatio') : product.profitRatioBp;
  let priceCents: number | null | undefined;
  if (given('price')) {
    priceCents = parseAmountToCents(numberText(cells.price!));
    if (priceCents === null) error('price', 'sheet.badNumber', { value: cells.price! });
  }
  const currentPrice = priceProduct(product).priceCents;
  const ratioChanged = ratioBp !== undefined && ratioBp !== product.profitRatioBp;
  if (typeof priceCents === 'number' && priceCents !== currentPrice && ratioBp !== undefined) {
    if (ratioChanged) {
      if (applyRatioUp(product.purchasePriceCents, ratioBp) !== priceCents) {
        error('price', 'sheet.priceRatioConflict', { ratio: bpToPercent(ratioBp), price: centsToDecimal(applyRatioUp(product.purchasePriceCents, ratioBp)) });
      } else patch.profitRatio = ratioBp;
    } else {
      // The ratio that gives the typed price, to the basis point (the price then derives from it, within a basis point of what was typed).
      const parsed = profitRatioField.safeParse(Math.round(((priceCents - product.purchasePriceCents) * 10_000) / product.purchasePriceCents) / 100);
      if (parsed.success) patch.profitRatio = parsed.data;
      else plan.errors.push(...ruleErrors(parsed.error, reader.lang, 'price').map((e) => ({ ...e, field: 'price' })));
    }
  } else if (ratioChanged) patch.profitRatio = ratioBp;
  if (given('discountRatio')) {
    const bp = percent('discountRatio');
    if (bp !== undefined && bp !== product.discountRatioBp) patch.discountRatio = bp;
  }
  for (const c of ['discountStart', 'discountEnd'] as const) {
    if (!given(c)) continue;
    const date = parseSheetDate(cells[c]!, reader.tzOffset);
    if (!date) error(c, 'sheet.badDate');
    else if (date.getTime() !== product[c]?.getTime()) patch[c] = date;
  }
  if (given('onSale')) {
    const onSale = yesNoOf(cells.onSale!);
    if (onSale === undefined) error('onSale', 'sheet.badYesNo');
    else if (onSale !== (product.status === 'on_sale')) patch.status = onSale ? 'on_sale' : 'off_sale';
  }
  if (given('recommended')) {
    const recommended = yesNoOf(cells.recommended!);
    if (recommended === undefined) error('recommended', 'sheet.badYesNo');
    else if (recommended !== product.isRecommended) plan.recommend = recommended;
  }
  if (plan.errors.length > 0) return plan;
  try {
    const set = patchColumns({ discountRatioBp: product.discountRatioBp, discountStart: product.discountStart, discountEnd: product.discountEnd }, patch);
    plan.after = { ...stateOf(product), ...set } as SheetRowState;
  } catch (refused) {
    plan.errors.push(...ruleErrors(refused, reader.lang, 'discountRatio'));
  }
  return plan;
}

/** The fields whose value differs between two states, as the API shows them (cents, percent, ISO, booleans). */
function changesOf(product: SheetRow, before: SheetRowState, after: SheetRowState): SheetRowReport['changes'] {
  const view = (s: SheetRowState): Record<SheetField, Value> => ({
    profitRatio: bpToPercent(s.profitRatioBp),
    price: applyRatioUp(product.purchasePriceCents, s.profitRatioBp),
    discountRatio: bpToPercent(s.discountRatioBp),
    discountStart: s.discountStart?.toISOString() ?? null,
    discountEnd: s.discountEnd?.toISOString() ?? null,
    onSale: s.status === 'on_sale',
    recommended: s.isRecommended,
  });
  const b = view(before);
  const a = view(after);
  return (Object.keys(b) as SheetField[]).filter((f) => b[f] !== a[f]).map((field) => ({ field, before: b[field], after: a[field] }));
}

/** Thrown inside a dry run's transaction so nothing it did stays. */
class DryRunRollback extends Error {}

interface Outcome {
  format: SheetFormat;
  importId: number | null;
  reports: SheetRowReport[];
}

/**
 * Runs an import: every row is read against the shop's product with the edit form's rules, the
 * valid rows are written in one transaction (price, ratios, dates and status together, then each
 * recommendation through the recommendation rules, in file order, un-recommending first), and what
 * each changed row was before is kept for undo. A dry run does the same and rolls it all back, so
 * it reports exactly what applying would do, the package limit included.
 */
async function runImport(db: Db, config: AppConfig, shopId: number, bytes: Buffer, reader: SheetReader, dryRun: boolean): Promise<Outcome> {
  const format = sheetKind(bytes);
  const rows = await fileRows(bytes, format);
  const run = async (tx: Db) => {
    // The shop row first, as the recommendation rules lock it: two imports of a shop, or an import and
    // a recommendation, wait for each other instead of deadlocking on the product rows.
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    const products = await lockSheetRows(tx, shopId, rows.map((r) => (r.cells.sku ?? '').toUpperCase()));
    const seen = new Map<string, number>();
    const plans = rows.map((r) => planRow(r, products.get((r.cells.sku ?? '').toUpperCase()), seen, reader));
    const valid = plans.filter((p) => p.errors.length === 0 && p.after);
    const plain = valid.filter((p) => p.recommend === undefined);
    await writeSheetRows(
      tx,
      shopId,
      plain.filter((p) => changesOf(p.product!, stateOf(p.product!), p.after!).length > 0).map((p) => p.after!),
    );
    const recommending = valid.filter((p) => p.recommend !== undefined).sort((a, b) => Number(a.recommend) - Number(b.recommend));
    for (const p of recommending) {
      try {
        await tx.transaction(async (sp) => {
          await writeSheetRows(sp, shopId, [p.after!]);
          await setRecommended(sp as unknown as Db, config, shopId, p.product!.shopProductId, p.recommend!);
        });
        p.after = { ...p.after!, isRecommended: p.recommend! };
      } catch (refused) {
        p.errors.push(...ruleErrors(refused, reader.lang, 'recommended'));
      }
    }
    const reports: SheetRowReport[] = plans.map((p) => {
      const changes = p.errors.length === 0 && p.product && p.after ? changesOf(p.product, stateOf(p.product), p.after) : [];
      return { row: p.row, sku: p.sku, name: p.name, result: p.errors.length > 0 ? 'error' : changes.length > 0 ? 'changed' : 'unchanged', changes, errors: p.errors };
    });
    const changed = plans.filter((p, i) => reports[i].result === 'changed');
    if (dryRun) {
      dryRunReports = reports;
      throw new DryRunRollback();
    }
    let importId: number | null = null;
    if (changed.length > 0) {
      const [saved] = await tx
        .insert(productSheetImports)
        .values({ shopId, format, rows: changed.map((p) => beforeOf(stateOf(p.product!))) })
        .returning({ id: productSheetImports.id });
      importId = saved.id;
    }
    return { format, importId, reports };
  };
  let dryRunReports: SheetRowReport[] = [];
  try {
    return await db.transaction((tx) => run(tx as unknown as Db));
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    return { format, importId: null, reports: dryRunReports };
  }
}

/** A dry run's answer: counts, and the rows that would change or have errors. */
export async function dryRunImport(db: Db, config: AppConfig, shopId: number, bytes: Buffer, reader: SheetReader): Promise<SheetDryRunAnswer> {
  const { format, reports } = await runImport(db, config, shopId, bytes, reader, true);
  const count = (result: SheetRowReport['result']) => reports.filter((r) => r.result === result).length;
  return { format, total: reports.length, changed: count('changed'), unchanged: count('unchanged'), failed: count('error'), rows: reports.filter((r) => r.result !== 'unchanged') };
}

/** A field's value as the result file writes it, in the reader's words and time zone. */
function valueText(field: SheetField, value: Value, reader: SheetReader): string {
  if (value === null) return '';
  if (field === 'price') return centsToDecimal(Number(value));
  if (typeof value === 'boolean') return sheetWords(reader.lang).yesNo(value);
  if (field === 'discountStart' || field === 'discountEnd') return csvTime(String(value), reader.tzOffset);
  return String(value);
}

/**
 * Applies an import and answers the per-row result as a sheet in the file's own format: each row's
 * SKU, whether it was applied, its changes (before → after) and its errors.
 */
export async function applyImport(db: Db, config: AppConfig, shopId: number, bytes: Buffer, reader: SheetReader) {
  const { format, importId, reports } = await runImport(db, config, shopId, bytes, reader, false);
  const words = sheetWords(reader.lang);
  const result = { changed: 'sheet.result.applied', unchanged: 'sheet.result.unchanged', error: 'sheet.result.error' } as const;
  const stream = streamSheet(sheetWriter(format, 'Result'), async (writer) => {
    await writer.add([words.header('row'), words.header('sku'), words.header('name'), words.header('result'), words.header('changes'), words.header('errors')]);
    for (const r of reports) {
      const changes = r.changes.map((c) => `${words.header(c.field)}: ${valueText(c.field, c.before, reader)} → ${valueText(c.field, c.after, reader)}`).join('; ');
      const errors = r.errors.map((e) => e.message).join('; ');
      await writer.add([r.row, r.sku, r.name, translate(reader.lang, result[r.result]), changes, errors]);
    }
  });
  const count = (what: SheetRowReport['result']) => reports.filter((r) => r.result === what).length;
  return { format, importId, stream, applied: count('changed'), failed: count('error') };
}

/**
 * Undoes the shop's last import: each row it changed gets back what it held before, in one
 * transaction. Only the last import can be undone, and only once.
 */
export async function undoLastImport(db: Db, shopId: number) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select().from(productSheetImports).where(eq(productSheetImports.shopId, shopId)).orderBy(desc(productSheetImports.id)).limit(1).for('update');
    if (!last || last.undoneAt) throw new AppError('SHEET_NOTHING_TO_UNDO');
    await writeSheetRows(tx, shopId, last.rows.map(stateFromBefore));
    await tx.update(productSheetImports).set({ undoneAt: new Date() }).where(and(eq(productSheetImports.id, last.id), isNull(productSheetImports.undoneAt)));
    return { importId: last.id, restored: last.rows.length };
  });
}
