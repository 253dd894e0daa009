import { z } from 'zod';

/**
 * The sellers' product spreadsheets (`/api/product/sheet/*`): one row per variant (its SKU), exported
 * as XLSX or CSV, edited, and imported back (a dry run first, then apply, and an undo of the last import).
 */

/**
 * The columns of a product sheet, in their order; headers are written in the reader's language.
 * Purchase price, selling price, stock and "variant on" are the row's variant's; the profit ratio,
 * discount, on sale and recommended are its product's, repeated on each of the product's rows.
 */
export const SHEET_COLUMNS = ['sku', 'name', 'variant', 'purchasePrice', 'profitRatio', 'price', 'discountRatio', 'discountStart', 'discountEnd', 'onSale', 'recommended', 'variantOn', 'stock'] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** The columns an import may change; the others (name, variant, purchase price, stock) are read-only in the sheet. */
export const SHEET_EDITABLE = ['profitRatio', 'price', 'discountRatio', 'discountStart', 'discountEnd', 'onSale', 'recommended', 'variantOn'] as const;
export type SheetField = (typeof SHEET_EDITABLE)[number];

/** An uploaded sheet may be at most this large (10 MB holds well over 10,000 rows as XLSX or CSV). */
export const SHEET_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many data rows per import. */
export const SHEET_MAX_ROWS = 20_000;

export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export const sheetExportQuery = z.object({
  format: z.enum(SHEET_FORMATS).default('xlsx'),
  /** The reader's time zone, minutes east of UTC: discount dates are written in it. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

/** An import (dry run or apply): dates written without a zone are read in `tzOffset`, as the export wrote them. */
export const sheetImportQuery = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

/** A field's value as the API carries it: cents for the price, percent for ratios, ISO for dates, booleans for yes/no. */
const sheetValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const sheetRowReport = z.object({
  /** The row number in the file (1 is the header). */
  row: z.number(),
  sku: z.string(),
  name: z.string(),
  /** The variant's name ("Blue, M"); '' without options or when the SKU is unknown. */
  variant: z.string(),
  result: z.enum(['changed', 'unchanged', 'error']),
  changes: z.array(z.object({ field: z.enum(SHEET_EDITABLE), before: sheetValue, after: sheetValue })),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type SheetRowReport = z.output<typeof sheetRowReport>;

/** A dry run: every row that would change (before and after) and every row with errors; unchanged rows are only counted. */
export const sheetDryRunAnswer = z.object({
  format: z.enum(SHEET_FORMATS),
  total: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  rows: z.array(sheetRowReport),
});
export type SheetDryRunAnswer = z.output<typeof sheetDryRunAnswer>;

export const sheetUndoAnswer = z.object({ importId: z.number(), restored: z.number() });
