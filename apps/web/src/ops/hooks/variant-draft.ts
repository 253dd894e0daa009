import { CATALOG } from '@shopdesk/shared/constants';
import { centsToDecimal, parseAmountToCents } from '@shopdesk/shared/money';
import type { TranslatedLanguage } from '@shopdesk/shared/ops/catalog';
import { applyRatioUp } from '@shopdesk/shared/products/pricing';
import { IMPLICIT_SKU, SKU_PATTERN, overlayOptions, valuesDistinct, variantName, type VariantAxis } from '@shopdesk/shared/products/variant-names';
import type { WarehouseVariantsAnswer, WarehouseVariantsBody } from '@shopdesk/shared/products/variants';

/**
 * The variant editor's draft and its rules, without React: the axes as typed, one row per
 * combination of their values (a row keeps its variant's id while its values stay), and the axes'
 * texts per language kept by axis and value, so adding or removing a value keeps the others'.
 */

/** An option axis being edited; `key` stays while its name changes (rows and texts follow it). */
export interface AxisDraft {
  key: string;
  name: string;
  values: string[];
}

/** One combination's fields as typed (prices as decimals). */
export interface RowDraft {
  id?: number;
  sku: string;
  price: string;
  suggested: string;
  stock: number | null;
  image: string;
}

/** One language's texts: each axis's name and its values', by axis key and English value. */
export interface LanguageTexts {
  names: Record<string, string>;
  values: Record<string, Record<string, string>>;
}

export interface VariantDraft {
  axes: AxisDraft[];
  /** By combination key (combinationKey); rows of combinations no longer there are kept in case a value comes back. */
  rows: Record<string, RowDraft>;
  texts: Partial<Record<TranslatedLanguage, LanguageTexts>>;
}

export const combinationKey = (values: readonly string[]) => JSON.stringify(values);

/** Every combination of the axes' values, in the axes' order ([[]] without axes: the one implicit variant). */
export function combinations(axes: readonly { values: readonly string[] }[]): string[][] {
  return axes.reduce<string[][]>((combos, axis) => combos.flatMap((combo) => axis.values.map((value) => [...combo, value])), [[]]);
}

let axisCounter = 0;
export const newAxisKey = () => `axis-${++axisCounter}`;

/** The editor's starting point: the saved axes, variants and texts. */
export function draftFrom(answer: WarehouseVariantsAnswer): VariantDraft {
  const axes = answer.options.map((axis) => ({ key: newAxisKey(), name: axis.name, values: [...axis.values] }));
  const rows: Record<string, RowDraft> = {};
  for (const v of answer.variants) {
    rows[combinationKey(v.optionValues)] = { id: v.id, sku: v.sku, price: centsToDecimal(v.purchasePriceCents), suggested: centsToDecimal(v.suggestedPriceCents), stock: v.stock, image: v.image ?? '' };
  }
  const texts: VariantDraft['texts'] = {};
  for (const [lang, translated] of Object.entries(answer.optionTranslations) as [TranslatedLanguage, VariantAxis[]][]) {
    const entry: LanguageTexts = { names: {}, values: {} };
    axes.forEach((axis, i) => {
      entry.names[axis.key] = translated[i]?.name ?? '';
      entry.values[axis.key] = Object.fromEntries(axis.values.map((value, j) => [value, translated[i]?.values[j] ?? '']));
    });
    texts[lang] = entry;
  }
  return { axes, rows, texts };
}

/** A SKU offered for a new combination: the product's number and the values' letters and digits ("P12-BLUE-M"). */
export function suggestedSku(productId: number, values: readonly string[]): string {
  const parts = values.map((value, i) => value.replace(/[^A-Za-z0-9]+/g, '').toUpperCase().slice(0, 12) || String(i + 1));
  return [`P${productId}`, ...parts].join('-').slice(0, 64);
}

/** A new combination's row: the product's supplier price, its suggested price at the middle of the suggested ratios. */
export function newRow(productId: number, purchasePriceCents: number, values: readonly string[]): RowDraft {
  const middle = ((CATALOG.PROFIT_RATIO_SUGGESTED_MIN + CATALOG.PROFIT_RATIO_SUGGESTED_MAX) / 2) * 100;
  return { sku: suggestedSku(productId, values), price: centsToDecimal(purchasePriceCents), suggested: centsToDecimal(applyRatioUp(purchasePriceCents, middle)), stock: 0, image: '' };
}

const NO_OPTIONS = combinationKey([]);

/**
 * The rows shown: one per combination of the current axes, each its kept draft or a new one. A
 * product getting its first options keeps its one variant as the first combination (its shops'
 * stock and sales stay with it; its SKU SD-<id> is allowed for it).
 */
export function shownRows(draft: VariantDraft, productId: number, purchasePriceCents: number) {
  const combos = combinations(draft.axes).map((values) => ({ values, key: combinationKey(values) }));
  const single = draft.axes.length > 0 ? draft.rows[NO_OPTIONS] : undefined;
  // Once edited, the adopted row is kept under its combination: adopted again elsewhere, its id would be sent twice.
  const adoptable = single && !combos.some(({ key }) => draft.rows[key]?.id === single.id) ? single : undefined;
  return combos.map(({ values, key }, i) => ({ key, values, name: variantName(values), row: draft.rows[key] ?? (i === 0 ? adoptable : undefined) ?? newRow(productId, purchasePriceCents, values) }));
}

/** One language's axes in the server's shape (empty texts fall back); [] when nothing is typed. */
function translatedAxes(axes: readonly AxisDraft[], texts: LanguageTexts | undefined): VariantAxis[] {
  if (!texts) return [];
  const shaped = axes.map((axis) => ({ name: (texts.names[axis.key] ?? '').trim(), values: axis.values.map((value) => (texts.values[axis.key]?.[value] ?? '').trim()) }));
  return shaped.some((axis) => axis.name || axis.values.some(Boolean)) ? shaped : [];
}

/** What a problem is about, for the field to mark, and what to say (a message key of ops.json and its values). */
export interface DraftProblem {
  field: string;
  message: string;
  values?: Record<string, string | number>;
}

const lower = (s: string) => s.trim().toLowerCase();
const graphemes = (s: string) => [...s].length;

/** The rules the server applies, checked before sending so the operator sees them by the fields. */
export function draftProblems(draft: VariantDraft, productId: number, purchasePriceCents: number, languageLabel: (code: TranslatedLanguage) => string): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const { axes } = draft;
  if (axes.length > CATALOG.VARIANT_AXES_MAX) problems.push({ field: 'axes', message: 'variants.axesMax', values: { max: CATALOG.VARIANT_AXES_MAX } });
  axes.forEach((axis, i) => {
    const name = axis.name.trim();
    if (!name || graphemes(name) > CATALOG.VARIANT_OPTION_MAX) problems.push({ field: `axis:${i}:name`, message: 'variants.optionText', values: { max: CATALOG.VARIANT_OPTION_MAX } });
    else if (axes.some((other, j) => j < i && lower(other.name) === lower(name))) problems.push({ field: `axis:${i}:name`, message: 'variants.axisTwice', values: { name } });
    if (axis.values.length === 0) problems.push({ field: `axis:${i}:values`, message: 'variants.valuesRequired', values: { name: name || `#${i + 1}` } });
    if (axis.values.some((v) => !v.trim() || graphemes(v.trim()) > CATALOG.VARIANT_OPTION_MAX)) problems.push({ field: `axis:${i}:values`, message: 'variants.optionText', values: { max: CATALOG.VARIANT_OPTION_MAX } });
    else if (new Set(axis.values.map(lower)).size !== axis.values.length) problems.push({ field: `axis:${i}:values`, message: 'variants.valueTwice', values: { name } });
  });
  const rows = shownRows(draft, productId, purchasePriceCents);
  if (rows.length > CATALOG.VARIANT_COMBINATIONS_MAX) {
    problems.push({ field: 'axes', message: 'variants.combinationsMax', values: { max: CATALOG.VARIANT_COMBINATIONS_MAX, count: rows.length } });
    return problems;
  }
  // How often each SKU comes (case aside), and its first spelling: the rows sharing one are marked and named once.
  const skus = new Map<string, number>();
  const spelled = new Map<string, string>();
  for (const { row } of rows) {
    skus.set(lower(row.sku), (skus.get(lower(row.sku)) ?? 0) + 1);
    if (!spelled.has(lower(row.sku))) spelled.set(lower(row.sku), row.sku.trim());
  }
  for (const { key, name, row } of rows) {
    // '' for the one variant of a product without options: the editor names it.
    const label = name;
    const sku = row.sku.trim();
    const reserved = IMPLICIT_SKU.exec(sku);
    if (!SKU_PATTERN.test(sku)) problems.push({ field: `row:${key}:sku`, message: 'variants.skuInvalid', values: { variant: label } });
    else if (reserved && Number(reserved[1]) !== productId) problems.push({ field: `row:${key}:sku`, message: 'variants.skuReserved', values: { sku } });
    else if ((skus.get(lower(sku)) ?? 0) > 1) problems.push({ field: `row:${key}:sku`, message: 'variants.skuTwice', values: { sku: spelled.get(lower(sku))! } });
    if ((parseAmountToCents(row.price) ?? 0) <= 0) problems.push({ field: `row:${key}:price`, message: 'variants.priceInvalid', values: { variant: label } });
    if ((parseAmountToCents(row.suggested) ?? 0) <= 0) problems.push({ field: `row:${key}:suggested`, message: 'variants.suggestedInvalid', values: { variant: label } });
    if (row.stock === null || !Number.isInteger(row.stock) || row.stock < 0 || row.stock > CATALOG.STOCK_MAX) problems.push({ field: `row:${key}:stock`, message: 'variants.stockInvalid', values: { variant: label } });
    if (row.image.trim().length > 300) problems.push({ field: `row:${key}:image`, message: 'variants.imageInvalid', values: { variant: label } });
  }
  const english = axes.map((axis) => ({ name: axis.name.trim(), values: axis.values.map((v) => v.trim()) }));
  for (const [lang, texts] of Object.entries(draft.texts) as [TranslatedLanguage, LanguageTexts][]) {
    const translated = translatedAxes(axes, texts);
    if (translated.length === 0) continue;
    if (translated.some((axis) => [axis.name, ...axis.values].some((text) => graphemes(text) > CATALOG.VARIANT_OPTION_MAX))) {
      problems.push({ field: `lang:${lang}`, message: 'variants.optionText', values: { max: CATALOG.VARIANT_OPTION_MAX } });
    } else if (!valuesDistinct(overlayOptions(english, translated))) {
      problems.push({ field: `lang:${lang}`, message: 'variants.translationTwice', values: { language: languageLabel(lang) } });
    }
  }
  return problems;
}

/** The request body: the axes, every shown row (kept ones by id), and each language's texts ([] for a language cleared). */
export function draftBody(draft: VariantDraft, productId: number, purchasePriceCents: number): WarehouseVariantsBody {
  const options = draft.axes.map((axis) => ({ name: axis.name.trim(), values: axis.values.map((v) => v.trim()) }));
  const variants = shownRows(draft, productId, purchasePriceCents).map(({ values, row }) => ({
    ...(row.id !== undefined ? { id: row.id } : {}),
    sku: row.sku.trim(),
    optionValues: values.map((v) => v.trim()),
    purchasePriceCents: parseAmountToCents(row.price) ?? 0,
    suggestedPriceCents: parseAmountToCents(row.suggested) ?? 0,
    stock: row.stock ?? 0,
    image: row.image.trim() || null,
  }));
  const optionTranslations = Object.fromEntries((Object.entries(draft.texts) as [TranslatedLanguage, LanguageTexts][]).map(([lang, texts]) => [lang, translatedAxes(draft.axes, texts)]));
  return { options, variants, optionTranslations };
}
