import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ZodError } from 'zod';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import { applyRatioUp, priceVariant } from '@shopdesk/shared/products/pricing';
import { discountRatioField, profitRatioField, type ProductPatch } from '@shopdesk/shared/products/schemas';
import { SHEET_COLUMNS, SHEET_MAX_ROWS, type SheetColumn, type SheetDryRunAnswer, type SheetField, type SheetFormat, type SheetRowReport } from '@shopdesk/shared/products/spreadsheet';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { productSheetImports, shopProducts, shops } from '../../db/schema.ts';
import { isMessageKey, translate } from '../../i18n/translate.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvTime } from '../../lib/csv.ts';
import { csvGrid, sheetKind, sheetWriter, streamSheet, xlsxRows } from '../../lib/spreadsheet.ts';
import { patchColumns } from './product-service.ts';
import { bpToPercent } from './product-view.ts';
import { setRecommended } from './recommend-service.ts';
import type { SheetReader } from './spreadsheet-export.ts';
import { beforeOf, type LockedSheet, lockSheetRows, productsWithoutEnabledVariant, type SheetRow, type SheetRowState, stateFromBefore, stateOf, writeSheetRows, writeVariantSwitches } from './spreadsheet-rows.ts';
import { columnOfHeader, sheetWords, yesNoOf } from './spreadsheet-words.ts';

const invalid = () => new AppError('SHEET_FILE_INVALID');
const isSheetColumn = (field: string): field is SheetColumn => (SHEET_COLUMNS as readonly string[]).includes(field);

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

/** The product-level changes one row asks for (each differs from the product today); they repeat on each of the product's rows. */
interface ProductEdits {
  profitRatio?: number;
  discountRatio?: number;
  discountStart?: Date;
  discountEnd?: Date;
  status?: 'on_sale' | 'off_sale';
  recommend?: boolean;
}
const PRODUCT_EDITS = ['profitRatio', 'discountRatio', 'discountStart', 'discountEnd', 'status', 'recommend'] as const;
/** The sheet column an edit is reported under. */
const EDIT_COLUMN = { profitRatio: 'profitRatio', discountRatio: 'discountRatio', discountStart: 'discountStart', discountEnd: 'discountEnd', status: 'onSale', recommend: 'recommended' } as const;

/** What the import means to do with one row, before its product's other rows and the database have their say. */
interface Plan {
  row: number;
  sku: string;
  name: string;
  variant: string;
  target: SheetRow | null;
  edits: ProductEdits;
  /** Whether the row's profit ratio change came from its selling price (errors are then the price's). */
  ratioFromPrice: boolean;
  /** The variant switch the row asks for, when it differs from today's. */
  enabled: boolean | undefined;
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

/** One row read against its variant and product: the changes it asks for, or its errors. Validation is the edit form's field schemas. */
function planRow(fileRow: FileRow, found: LockedSheet, seen: Map<string, number>, reader: SheetReader): Plan {
  const { cells } = fileRow;
  const sku = cells.sku ?? '';
  const key = sku.toUpperCase();
  const target = found.rows.get(key);
  const plan: Plan = { row: fileRow.row, sku, name: target?.name ?? cells.name ?? '', variant: target?.variant ?? '', target: target ?? null, edits: {}, ratioFromPrice: false, enabled: undefined, errors: [] };
  const error = (field: string, key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) => plan.errors.push({ field, message: translate(reader.lang, key, params) });
  // A variant named twice (also by its SKU and by the SD-<id> of its one-variant product) is one row too many.
  const seenKey = target ? `#${target.variantId}` : key;
  if (seen.has(seenKey)) {
    error('sku', 'sheet.duplicateSku', { sku, row: seen.get(seenKey)! });
    return plan;
  }
  seen.set(seenKey, fileRow.row);
  if (found.several.has(key)) {
    error('sku', 'sheet.skuHasVariants', { sku, n: found.several.get(key)! });
    return plan;
  }
  if (!target) {
    error('sku', 'sheet.unknownSku', { sku });
    return plan;
  }
  const given = (c: SheetColumn) => (cells[c] ?? '') !== '';
  const { edits } = plan;
  const percent = (c: 'profitRatio' | 'discountRatio') => {
    const parsed = (c === 'profitRatio' ? profitRatioField : discountRatioField).safeParse(numberText(cells[c]!));
    if (parsed.success) return parsed.data;
    plan.errors.push(...ruleErrors(parsed.error, reader.lang, c).map((e) => ({ ...e, field: c })));
    return undefined;
  };
  // The price and the profit ratio are one thing (price = purchase × (1 + ratio), the pricing module,
  // over the variant's purchase price): whichever of them the seller changed sets the product's
  // ratio; both changed must agree.
  const ratioBp = given('profitRatio') ? percent('profitRatio') : target.profitRatioBp;
  let priceCents: number | null | undefined;
  if (given('price')) {
    priceCents = parseAmountToCents(numberText(cells.price!));
    if (priceCents === null) error('price', 'sheet.badNumber', { value: cells.price! });
  }
  const currentPrice = priceVariant(target, target).priceCents;
  const ratioChanged = ratioBp !== undefined && ratioBp !== target.profitRatioBp;
  if (typeof priceCents === 'number' && priceCents !== currentPrice && ratioBp !== undefined) {
    if (ratioChanged) {
      if (applyRatioUp(target.purchasePriceCents, ratioBp) !== priceCents) {
        error('price', 'sheet.priceRatioConflict', { ratio: bpToPercent(ratioBp), price: centsToDecimal(applyRatioUp(target.purchasePriceCents, ratioBp)) });
      } else edits.profitRatio = ratioBp;
    } else {
      // The ratio that gives the typed price, to the basis point (the price then derives from it, within a basis point of what was typed).
      const parsed = profitRatioField.safeParse(Math.round(((priceCents - target.purchasePriceCents) * 10_000) / target.purchasePriceCents) / 100);
      if (parsed.success) {
        if (parsed.data !== target.profitRatioBp) edits.profitRatio = parsed.data;
        plan.ratioFromPrice = true;
      } else plan.errors.push(...ruleErrors(parsed.error, reader.lang, 'price').map((e) => ({ ...e, field: 'price' })));
    }
  } else if (ratioChanged) edits.profitRatio = ratioBp;
  if (given('discountRatio')) {
    const bp = percent('discountRatio');
    if (bp !== undefined && bp !== target.discountRatioBp) edits.discountRatio = bp;
  }
  for (const c of ['discountStart', 'discountEnd'] as const) {
    if (!given(c)) continue;
    const date = parseSheetDate(cells[c]!, reader.tzOffset);
    if (!date) error(c, 'sheet.badDate');
    // Compared as the sheet shows it (to the second): a stored end of day (23:59:59.999) read back
    // from its own export is no change.
    else if (csvTime(date, reader.tzOffset) !== csvTime(target[c], reader.tzOffset)) edits[c] = date;
  }
  const flag = (c: 'onSale' | 'recommended' | 'variantOn', today: boolean, set: (value: boolean) => void) => {
    if (!given(c)) return;
    const value = yesNoOf(cells[c]!);
    if (value === undefined) error(c, 'sheet.badYesNo');
    else if (value !== today) set(value);
  };
  flag('onSale', target.status === 'on_sale', (onSale) => (edits.status = onSale ? 'on_sale' : 'off_sale'));
  flag('recommended', target.isRecommended, (recommended) => (edits.recommend = recommended));
  flag('variantOn', target.enabled, (enabled) => (plan.enabled = enabled));
  return plan;
}

const editKey = (value: ProductEdits[keyof ProductEdits]) => (value instanceof Date ? value.getTime() : value);

/**
 * Rows of one product that ask for different values of one of its fields (the ratio, discount, on
 * sale, recommended repeat on each of its rows): each of them is a row error naming the others.
 * A row that leaves the field as it is today agrees with any of them.
 */
function markDisagreements(group: Plan[], reader: SheetReader) {
  const found: { plan: Plan; error: RowError }[] = [];
  for (const field of PRODUCT_EDITS) {
    const editing = group.filter((p) => p.errors.length === 0 && p.edits[field] !== undefined);
    if (new Set(editing.map((p) => editKey(p.edits[field]))).size < 2) continue;
    const rows = editing.map((p) => p.row).join(', ');
    for (const plan of editing) {
      const column = field === 'profitRatio' && plan.ratioFromPrice ? 'price' : EDIT_COLUMN[field];
      const message = translate(reader.lang, field === 'profitRatio' ? 'sheet.rowsDisagreeRatio' : 'sheet.rowsDisagree', { rows });
      found.push({ plan, error: { field: column, message } });
    }
  }
  for (const { plan, error } of found) plan.errors.push(error);
}

/** A product's outcome: its state after the import and the variant switches it makes (variant id → on). */
interface Settled {
  before: SheetRowState;
  after: SheetRowState;
  switches: Map<number, boolean>;
  recommend: boolean | undefined;
}

/**
 * What the valid rows of one product do together: the switches (switching on first, then off in
 * file order; the last enabled variant cannot go off, as `POST /api/product/variants` rules) and the
 * product's fields through the edit form's `patchColumns`. A row refused here is taken out and the
 * rest settled again, so a row with an error never changes anything.
 */
function settle(group: Plan[], variants: SheetRow[], reader: SheetReader): Settled {
  const first = group[0]!.target!;
  const before = stateOf(first);
  for (;;) {
    const valid = group.filter((p) => p.errors.length === 0);
    const enabled = new Map(variants.map((v) => [v.variantId, v.enabled]));
    let refused = false;
    for (const p of valid) if (p.enabled === true) enabled.set(p.target!.variantId, true);
    for (const p of valid) {
      if (p.enabled !== false) continue;
      if (![...enabled].some(([id, on]) => on && id !== p.target!.variantId)) {
        p.errors.push({ field: 'variantOn', message: translate(reader.lang, 'error.VARIANT_LAST_ENABLED') });
        refused = true;
      } else enabled.set(p.target!.variantId, false);
    }
    if (refused) continue;
    const patch: ProductPatch = {};
    const contributing = valid.filter((p) => PRODUCT_EDITS.some((f) => f !== 'recommend' && p.edits[f] !== undefined));
    for (const p of contributing) {
      const { recommend: _recommend, ...edits } = p.edits;
      Object.assign(patch, edits);
    }
    let set: ReturnType<typeof patchColumns>;
    try {
      set = patchColumns(before, patch);
    } catch (refusal) {
      if (contributing.length === 0) throw refusal;
      for (const p of contributing) p.errors.push(...ruleErrors(refusal, reader.lang, p.edits.discountRatio !== undefined ? 'discountRatio' : 'discountStart'));
      continue;
    }
    const switches = new Map([...enabled].filter(([id, on]) => variants.find((v) => v.variantId === id)!.enabled !== on));
    const recommend = valid.find((p) => p.edits.recommend !== undefined)?.edits.recommend;
    return { before, after: { ...before, ...set } as SheetRowState, switches, recommend };
  }
}

/** The fields of a row whose value differs between two states, as the API shows them (cents, percent, ISO, booleans). */
function changesOf(row: SheetRow, settled: Settled): SheetRowReport['changes'] {
  const view = (s: SheetRowState, enabled: boolean): Record<SheetField, Value> => ({
    profitRatio: bpToPercent(s.profitRatioBp),
    price: priceVariant(s, row).priceCents,
    discountRatio: bpToPercent(s.discountRatioBp),
    discountStart: s.discountStart?.toISOString() ?? null,
    discountEnd: s.discountEnd?.toISOString() ?? null,
    onSale: s.status === 'on_sale',
    recommended: s.isRecommended,
    variantOn: enabled,
  });
  const b = view(settled.before, row.enabled);
  const a = view(settled.after, settled.switches.get(row.variantId) ?? row.enabled);
  return (Object.keys(b) as SheetField[]).filter((f) => b[f] !== a[f]).map((field) => ({ field, before: b[field], after: a[field] }));
}

/** A settled product's own fields change (its variant switches aside). */
const productChanged = ({ before: b, after: a }: Settled) =>
  b.profitRatioBp !== a.profitRatioBp ||
  b.discountRatioBp !== a.discountRatioBp ||
  b.status !== a.status ||
  b.isRecommended !== a.isRecommended ||
  b.discountStart?.getTime() !== a.discountStart?.getTime() ||
  b.discountEnd?.getTime() !== a.discountEnd?.getTime();

/** Thrown inside a dry run's transaction so nothing it did stays. */
class DryRunRollback extends Error {}

interface Outcome {
  format: SheetFormat;
  importId: number | null;
  reports: SheetRowReport[];
}

/** Writes settled products: their fields (when changed) and variant switches. */
async function writeSettled(tx: Db, shopId: number, settled: Settled[]) {
  await writeSheetRows(
    tx,
    shopId,
    settled.filter(productChanged).map((s) => s.after),
  );
  await writeVariantSwitches(
    tx,
    shopId,
    settled.flatMap((s) => [...s.switches].map(([id, enabled]) => ({ id, enabled }))),
  );
}

/**
 * Runs an import: every row is read against the shop's variant and product with the edit form's
 * rules, the rows of each product are settled together (their product-level fields must agree), the
 * valid rows are written in one transaction (fields and switches together, then each recommendation
 * through the recommendation rules, un-recommending first, then in file order), and what each changed
 * product was before is kept for undo. A dry run does the same and rolls it all back, so it reports
 * exactly what applying would do, the package limit included.
 */
async function runImport(db: Db, config: AppConfig, shopId: number, bytes: Buffer, reader: SheetReader, dryRun: boolean): Promise<Outcome> {
  const format = sheetKind(bytes);
  const rows = await fileRows(bytes, format);
  const run = async (tx: Db) => {
    // The shop row first, as the recommendation rules lock it: two imports of a shop, or an import and
    // a recommendation, wait for each other instead of deadlocking on the product rows.
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    const found = await lockSheetRows(tx, shopId, rows.map((r) => (r.cells.sku ?? '').toUpperCase()));
    const seen = new Map<string, number>();
    const plans = rows.map((r) => planRow(r, found, seen, reader));
    const groups = new Map<number, Plan[]>();
    for (const p of plans) if (p.target && p.errors.length === 0) groups.set(p.target.shopProductId, [...(groups.get(p.target.shopProductId) ?? []), p]);
    for (const group of groups.values()) markDisagreements(group, reader);
    const settle$ = (productId: number) => settle(groups.get(productId)!, found.products.get(productId)!, reader);
    const settled = new Map([...groups.keys()].map((id) => [id, settle$(id)]));
    await writeSettled(
      tx,
      shopId,
      [...settled.values()].filter((s) => s.recommend === undefined),
    );
    const recommending = [...settled].filter(([, s]) => s.recommend !== undefined).sort(([, a], [, b]) => Number(a.recommend) - Number(b.recommend));
    for (const [productId, s] of recommending) {
      try {
        await tx.transaction(async (sp) => {
          await writeSettled(sp as unknown as Db, shopId, [s]);
          await setRecommended(sp as unknown as Db, config, shopId, productId, s.recommend!);
        });
        s.after = { ...s.after, isRecommended: s.recommend! };
      } catch (refused) {
        const group = groups.get(productId)!;
        for (const p of group) if (p.errors.length === 0 && p.edits.recommend !== undefined) p.errors.push(...ruleErrors(refused, reader.lang, 'recommended'));
        // The product's other rows still apply, settled again without the refused ones.
        const again = settle$(productId);
        await writeSettled(tx, shopId, [again]);
        settled.set(productId, again);
      }
    }
    const reports: SheetRowReport[] = plans.map((p) => {
      const changes = p.errors.length === 0 && p.target ? changesOf(p.target, settled.get(p.target.shopProductId)!) : [];
      return { row: p.row, sku: p.sku, name: p.name, variant: p.variant, result: p.errors.length > 0 ? 'error' : changes.length > 0 ? 'changed' : 'unchanged', changes, errors: p.errors };
    });
    if (dryRun) {
      dryRunReports = reports;
      throw new DryRunRollback();
    }
    const changed = [...settled.values()].filter((s) => productChanged(s) || s.switches.size > 0);
    let importId: number | null = null;
    if (changed.length > 0) {
      const [saved] = await tx
        .insert(productSheetImports)
        .values({ shopId, format, rows: changed.map((s) => beforeOf(s.before, [...s.switches.keys()].map((id) => ({ id, enabled: !s.switches.get(id) })), !productChanged(s))) })
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
    await writer.add([words.header('row'), words.header('sku'), words.header('name'), words.header('variant'), words.header('result'), words.header('changes'), words.header('errors')]);
    for (const r of reports) {
      const changes = r.changes.map((c) => `${words.header(c.field)}: ${valueText(c.field, c.before, reader)} → ${valueText(c.field, c.after, reader)}`).join('; ');
      // Each error under its column's name (the SKU's own errors name it already).
      const errors = r.errors.map((e) => (e.field !== 'sku' && isSheetColumn(e.field) ? `${words.header(e.field)}: ${e.message}` : e.message)).join('; ');
      await writer.add([r.row, r.sku, r.name, r.variant, translate(reader.lang, result[r.result]), changes, errors]);
    }
  });
  const count = (what: SheetRowReport['result']) => reports.filter((r) => r.result === what).length;
  return { format, importId, stream, applied: count('changed'), failed: count('error') };
}

/**
 * Undoes the shop's last import: each product it changed gets back what it held before, its
 * variant switches included, in one transaction. Only the last import can be undone, and only once.
 * An undo that would leave a product without an enabled variant (the seller switched the others
 * off since) is refused whole with VARIANT_LAST_ENABLED.
 */
export async function undoLastImport(db: Db, shopId: number) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select().from(productSheetImports).where(eq(productSheetImports.shopId, shopId)).orderBy(desc(productSheetImports.id)).limit(1).for('update');
    if (!last || last.undoneAt) throw new AppError('SHEET_NOTHING_TO_UNDO');
    const ids = last.rows.map((r) => r.id).sort((a, b) => a - b);
    await tx.select({ id: shopProducts.id }).from(shopProducts).where(and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, ids))).orderBy(asc(shopProducts.id)).for('update');
    await writeSheetRows(
      tx,
      shopId,
      last.rows.filter((r) => !r.onlyVariants).map(stateFromBefore),
    );
    await writeVariantSwitches(
      tx,
      shopId,
      last.rows.flatMap((r) => r.variants ?? []),
    );
    if ((await productsWithoutEnabledVariant(tx, ids)).length > 0) throw new AppError('VARIANT_LAST_ENABLED');
    await tx.update(productSheetImports).set({ undoneAt: new Date() }).where(and(eq(productSheetImports.id, last.id), isNull(productSheetImports.undoneAt)));
    return { importId: last.id, restored: last.rows.length };
  });
}
