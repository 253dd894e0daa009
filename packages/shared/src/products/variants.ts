import { z } from 'zod';
import { CATALOG } from '../constants.ts';
import { purchasePriceField, stockField, text, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../ops/catalog.ts';
import { SKU_PATTERN } from './variant-names.ts';

/**
 * Product variants (docs/decisions.md, "Product variants"): a warehouse product has up to
 * CATALOG.VARIANT_AXES_MAX option axes and one variant per combination of their values (at most
 * CATALOG.VARIANT_COMBINATIONS_MAX), each with its own SKU, supplier and suggested price, stock and
 * image. A product without options has one implicit variant: no values, SKU `SD-<product id>`.
 */

/** Message keys of the variant fields (the server and the console translate them). */
export const VARIANT_VM = {
  sku: 'validation.variantSku',
  option: 'validation.variantOption',
  suggestedPrice: 'validation.suggestedPrice',
} as const;

export { lineName, variantName } from './variant-names.ts';

const optionText = text(CATALOG.VARIANT_OPTION_MAX, VARIANT_VM.option, 1);

export const variantAxis = z.object({
  name: optionText,
  values: z.array(optionText, { error: VARIANT_VM.option }).min(1, VARIANT_VM.option),
});

/**
 * The axes' names and values in another language: the same axes and values in the same order as the
 * product's own (its English text); an empty text falls back to it, no axes at all (`[]`) to all of it.
 */
const optionTranslationText = text(CATALOG.VARIANT_OPTION_MAX, VARIANT_VM.option);
export const variantAxisTranslation = z.object({ name: optionTranslationText.default(''), values: z.array(optionTranslationText, { error: VARIANT_VM.option }).default([]) });
/** The option texts by language (any of TRANSLATED_LANGUAGES); given, they replace the product's whole set. */
export const optionTranslations = z.partialRecord(
  z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]], { error: VARIANT_VM.option }),
  z.array(variantAxisTranslation, { error: VARIANT_VM.option }).max(CATALOG.VARIANT_AXES_MAX, VARIANT_VM.option),
  { error: VARIANT_VM.option },
);
export type OptionTranslations = z.output<typeof optionTranslations>;

export const skuField = z
  .string({ error: VARIANT_VM.sku })
  .trim()
  .regex(SKU_PATTERN, VARIANT_VM.sku);

export const warehouseVariantInput = z.object({
  /** An existing variant's id keeps it (and the shops' copies, sales and stock); without, a new variant. */
  id: z.number().int().positive().optional(),
  sku: skuField,
  optionValues: z.array(optionText, { error: VARIANT_VM.option }).max(CATALOG.VARIANT_AXES_MAX).default([]),
  purchasePriceCents: purchasePriceField,
  suggestedPriceCents: z.number({ error: VARIANT_VM.suggestedPrice }).int(VARIANT_VM.suggestedPrice).positive(VARIANT_VM.suggestedPrice),
  stock: stockField,
  image: z.string().trim().max(300).nullable().default(null),
});
export type WarehouseVariantInput = z.output<typeof warehouseVariantInput>;

/**
 * POST /api/ops/warehouse/:id/variants: the product's whole set of axes and variants (a variant left
 * out is removed; the shops' copies go with it, their orders keep what they recorded). No axes: one
 * variant without values. Axis and combination limits are checked by the server (localized errors).
 */
export const warehouseVariantsBody = z.object({
  options: z.array(variantAxis).default([]),
  variants: z.array(warehouseVariantInput).min(1, VARIANT_VM.option),
  /** The axes in other languages; left out, the ones that still fit the axes' shape are kept and the others dropped. */
  optionTranslations: optionTranslations.optional(),
});
export type WarehouseVariantsBody = z.input<typeof warehouseVariantsBody>;

export const warehouseVariantView = z.object({
  id: z.number().int(),
  sku: z.string(),
  optionValues: z.array(z.string()),
  name: z.string(),
  purchasePriceCents: z.number().int(),
  suggestedPriceCents: z.number().int(),
  stock: z.number().int(),
  image: z.string().nullable(),
});
export type WarehouseVariantView = z.infer<typeof warehouseVariantView>;

export const warehouseVariantsAnswer = z.object({
  warehouseProductId: z.number().int(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(warehouseVariantView),
  /** The axes in other languages, by language (only the languages that have some). */
  optionTranslations: z.partialRecord(z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]), z.array(z.object({ name: z.string(), values: z.array(z.string()) }))),
});
export type WarehouseVariantsAnswer = z.infer<typeof warehouseVariantsAnswer>;

/** POST /api/product/variants: switch single variants on or off, or set their stock. */
export const shopVariantsPatchBody = z.object({
  id: z.coerce.number().int().positive(),
  variants: z
    .array(z.object({ id: z.number().int().positive(), enabled: z.boolean().optional(), stock: z.coerce.number().int().min(0).max(CATALOG.STOCK_MAX).optional() }))
    .min(1)
    .max(CATALOG.VARIANT_COMBINATIONS_MAX),
});
export type ShopVariantsPatchBody = z.input<typeof shopVariantsPatchBody>;
