import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage, type WarehouseTranslations } from '@shopdesk/shared/ops/catalog';
import { overlayOptions, translateValues, type VariantAxis, type VariantAxisTranslation } from '@shopdesk/shared/products/variant-names';
import type { OptionTranslations } from '@shopdesk/shared/products/variants';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { warehouseProductTexts, warehouseProducts } from '../../db/schema.ts';

/**
 * A warehouse product's name and description in the reader's language. The product's own columns
 * are English; a translation fills what it has (an empty name or description falls back to
 * English). A shop product shows the translation only while its text is still the warehouse's:
 * a seller who renamed theirs sees their own words in every language.
 */
export interface ProductText {
  name: string;
  description: string;
}

const isTranslated = (lang: LanguageCode): lang is TranslatedLanguage => (TRANSLATED_LANGUAGES as string[]).includes(lang);

/** The translations in `lang` of the given warehouse products, by product id (none for English). */
export async function textsIn(db: DbOrTx, lang: LanguageCode, warehouseIds: number[]): Promise<Map<number, ProductText>> {
  const ids = [...new Set(warehouseIds)];
  if (!isTranslated(lang) || ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(warehouseProductTexts)
    .where(and(eq(warehouseProductTexts.lang, lang), inArray(warehouseProductTexts.warehouseProductId, ids)));
  return new Map(rows.map((r) => [r.warehouseProductId, { name: r.name, description: r.description }]));
}

/** The English text with what the translation has laid over it. */
export const overlay = (english: ProductText, text: ProductText | undefined): ProductText => ({ name: text?.name || english.name, description: text?.description || english.description });

/** Shop products (or anything made from a warehouse product) with their text in `lang`, where the shop kept the warehouse's. */
export async function localizeShopRows<T extends ProductText & { warehouseProductId: number }>(db: DbOrTx, lang: LanguageCode, rows: T[]): Promise<T[]> {
  const texts = await textsIn(
    db,
    lang,
    rows.map((r) => r.warehouseProductId),
  );
  if (texts.size === 0) return rows;
  const sources = await db
    .select({ id: warehouseProducts.id, name: warehouseProducts.name, description: warehouseProducts.description })
    .from(warehouseProducts)
    .where(inArray(warehouseProducts.id, [...texts.keys()]));
  const english = new Map(sources.map((s) => [s.id, s]));
  return rows.map((row) => {
    const text = texts.get(row.warehouseProductId);
    const source = english.get(row.warehouseProductId);
    if (!text || !source) return row;
    return { ...row, name: row.name === source.name ? text.name || row.name : row.name, description: row.description === source.description ? text.description || row.description : row.description };
  });
}

/**
 * The same rule in SQL over a shop product aliased `sp`: the joins to add, the shown name and
 * description, and a name filter that finds the product by its name in `lang` or in English.
 */
export function shopTextSql(lang: LanguageCode) {
  const translated = isTranslated(lang);
  const join = translated
    ? sql`left join warehouse_products wt_w on wt_w.id = sp.warehouse_product_id
      left join warehouse_product_texts wt on wt.warehouse_product_id = sp.warehouse_product_id and wt.lang = ${lang}`
    : sql``;
  const name = translated ? sql`(case when sp.name = wt_w.name and wt.name <> '' then wt.name else sp.name end)` : sql`sp.name`;
  const description = translated ? sql`(case when sp.description = wt_w.description and wt.description <> '' then wt.description else sp.description end)` : sql`sp.description`;
  const nameMatches = (pattern: string): SQL => (translated ? sql`(sp.name ilike ${pattern} or (sp.name = wt_w.name and wt.name ilike ${pattern}))` : sql`sp.name ilike ${pattern}`);
  return { join, name, description, nameMatches };
}

/** A filter over warehouse_products: some translation's name (in `lang`, or in any language when null) matches. */
export function translatedNameMatches(lang: LanguageCode | null, pattern: string): SQL {
  if (lang !== null && !isTranslated(lang)) return sql`false`;
  // Spelled out: inside the correlated subquery the outer table's column must be qualified.
  return sql`exists (select 1 from warehouse_product_texts t where t.warehouse_product_id = "warehouse_products"."id"
    and t.name ilike ${pattern} ${lang === null ? sql`` : sql`and t.lang = ${lang}`})`;
}

/** Every translation of the given products' name and description, by product id then language (a language with option texts only has none). */
export async function allTexts(db: DbOrTx, warehouseIds: number[]): Promise<Map<number, Partial<Record<TranslatedLanguage, ProductText>>>> {
  const result = new Map<number, Partial<Record<TranslatedLanguage, ProductText>>>();
  if (warehouseIds.length === 0) return result;
  const rows = await db.select().from(warehouseProductTexts).where(inArray(warehouseProductTexts.warehouseProductId, warehouseIds));
  for (const r of rows) {
    if (!r.name && !r.description) continue;
    const entry = result.get(r.warehouseProductId) ?? {};
    entry[r.lang as TranslatedLanguage] = { name: r.name, description: r.description };
    result.set(r.warehouseProductId, entry);
  }
  return result;
}

/** The translations as they are kept: languages in menu order, the empty ones left out. */
export function normalizeTexts(translations: WarehouseTranslations): Partial<Record<TranslatedLanguage, ProductText>> {
  const kept: Partial<Record<TranslatedLanguage, ProductText>> = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const text = translations[lang];
    if (text && (text.name || text.description)) kept[lang] = { name: text.name ?? '', description: text.description ?? '' };
  }
  return kept;
}

/** Drops the product's rows that hold nothing any more (no name, description or option texts). */
async function pruneTexts(tx: Tx, warehouseProductId: number) {
  await tx
    .delete(warehouseProductTexts)
    .where(and(eq(warehouseProductTexts.warehouseProductId, warehouseProductId), sql`${warehouseProductTexts.name} = '' and ${warehouseProductTexts.description} = '' and ${warehouseProductTexts.options} = '[]'::jsonb`));
}

/** Replaces a product's translations of its name and description with `texts` (already normalized); its option texts stay. */
export async function replaceTexts(tx: Tx, warehouseProductId: number, texts: Partial<Record<TranslatedLanguage, ProductText>>) {
  const langs = Object.keys(texts);
  const others = and(eq(warehouseProductTexts.warehouseProductId, warehouseProductId), langs.length ? notInArray(warehouseProductTexts.lang, langs) : undefined);
  await tx.update(warehouseProductTexts).set({ name: '', description: '' }).where(others);
  const rows = Object.entries(texts).map(([lang, text]) => ({ warehouseProductId, lang, name: text.name, description: text.description }));
  if (rows.length > 0)
    await tx
      .insert(warehouseProductTexts)
      .values(rows)
      .onConflictDoUpdate({ target: [warehouseProductTexts.warehouseProductId, warehouseProductTexts.lang], set: { name: sql`excluded.name`, description: sql`excluded.description` } });
  await pruneTexts(tx, warehouseProductId);
}

/** A product's option texts in every language that has some, in menu order. */
export async function allOptionTexts(db: DbOrTx, warehouseProductId: number): Promise<OptionTranslations> {
  const rows = await db
    .select({ lang: warehouseProductTexts.lang, options: warehouseProductTexts.options })
    .from(warehouseProductTexts)
    .where(eq(warehouseProductTexts.warehouseProductId, warehouseProductId));
  const byLang = new Map(rows.map((r) => [r.lang, r.options]));
  const result: OptionTranslations = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const options = byLang.get(lang);
    if (options?.length) result[lang] = options;
  }
  return result;
}

/** Replaces a product's option texts with `translations` (languages without any are cleared); its names and descriptions stay. */
export async function replaceOptionTexts(tx: Tx, warehouseProductId: number, translations: OptionTranslations) {
  const kept = Object.entries(translations).filter(([, options]) => options.length > 0) as [TranslatedLanguage, VariantAxisTranslation[]][];
  const langs = kept.map(([lang]) => lang);
  await tx
    .update(warehouseProductTexts)
    .set({ options: [] })
    .where(and(eq(warehouseProductTexts.warehouseProductId, warehouseProductId), langs.length ? notInArray(warehouseProductTexts.lang, langs) : undefined));
  if (kept.length > 0)
    await tx
      .insert(warehouseProductTexts)
      .values(kept.map(([lang, options]) => ({ warehouseProductId, lang, options })))
      .onConflictDoUpdate({ target: [warehouseProductTexts.warehouseProductId, warehouseProductTexts.lang], set: { options: sql`excluded.options` } });
  await pruneTexts(tx, warehouseProductId);
}

/** A product's option axes as one reader sees them, and the same translation laid over a variant's values. */
export interface ShownOptions {
  options: VariantAxis[];
  /** A variant's own values in the reader's language. */
  values: (optionValues: readonly string[]) => string[];
}

/**
 * The option axes of warehouse products as a reader of `lang` sees them, by product id: each text
 * translated where the product has it, its own (English) text where not.
 */
export async function optionsIn(db: DbOrTx, lang: LanguageCode, warehouseIds: readonly number[]): Promise<Map<number, ShownOptions>> {
  const ids = [...new Set(warehouseIds)];
  const result = new Map<number, ShownOptions>();
  if (ids.length === 0) return result;
  const rows = isTranslated(lang)
    ? await db
        .select({ id: warehouseProducts.id, options: warehouseProducts.options, translated: warehouseProductTexts.options })
        .from(warehouseProducts)
        .leftJoin(warehouseProductTexts, and(eq(warehouseProductTexts.warehouseProductId, warehouseProducts.id), eq(warehouseProductTexts.lang, lang)))
        .where(inArray(warehouseProducts.id, ids))
    : (await db.select({ id: warehouseProducts.id, options: warehouseProducts.options }).from(warehouseProducts).where(inArray(warehouseProducts.id, ids))).map((r) => ({ ...r, translated: null }));
  for (const row of rows) {
    const shown = overlayOptions(row.options, row.translated ?? undefined);
    result.set(row.id, { options: shown, values: (optionValues) => translateValues(row.options, shown, optionValues) });
  }
  return result;
}
