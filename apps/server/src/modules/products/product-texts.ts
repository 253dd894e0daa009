import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage, type WarehouseTranslations } from '@shopdesk/shared/ops/catalog';
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

/** Every translation of the given products, by product id then language. */
export async function allTexts(db: DbOrTx, warehouseIds: number[]): Promise<Map<number, Partial<Record<TranslatedLanguage, ProductText>>>> {
  const result = new Map<number, Partial<Record<TranslatedLanguage, ProductText>>>();
  if (warehouseIds.length === 0) return result;
  const rows = await db.select().from(warehouseProductTexts).where(inArray(warehouseProductTexts.warehouseProductId, warehouseIds));
  for (const r of rows) {
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

/** Replaces a product's translations with `texts` (already normalized). */
export async function replaceTexts(tx: Tx, warehouseProductId: number, texts: Partial<Record<TranslatedLanguage, ProductText>>) {
  await tx.delete(warehouseProductTexts).where(eq(warehouseProductTexts.warehouseProductId, warehouseProductId));
  const rows = Object.entries(texts).map(([lang, text]) => ({ warehouseProductId, lang, name: text.name, description: text.description }));
  if (rows.length > 0) await tx.insert(warehouseProductTexts).values(rows);
}
