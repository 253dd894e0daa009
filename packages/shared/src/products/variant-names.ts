/**
 * How variants are named and their option texts translated (docs/decisions.md, "Product variants"),
 * without zod: the seller's live notifications name an order's variant from the layouts every page
 * starts with, and the console's variant editor checks a set as the server will.
 */

/** One option axis, e.g. { name: 'Colour', values: ['Blue', 'Red'] }. */
export interface VariantAxis {
  name: string;
  values: string[];
}

/** An axis in another language: empty texts fall back to the product's own. */
export type VariantAxisTranslation = VariantAxis;

/** What a SKU may be: 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** How a variant is named on orders, carts and notifications: its values in the axes' order ("Blue, M"); '' without options. */
export const variantName = (optionValues: readonly string[]): string => optionValues.join(', ');

/** An order line's product with its variant, as exports and texts show it: "T-shirt (Blue, M)"; the name alone without options. */
export const lineName = (productName: string, variantName: string): string => (variantName ? `${productName} (${variantName})` : productName);

/** The SKU the implicit variant of a product without options gets (and existing products got when variants came). */
export const implicitSku = (warehouseProductId: number) => `SD-${warehouseProductId}`;
/** SD-<digits> is kept for implicit variants: an operator may give it only to the product whose id it names. */
export const IMPLICIT_SKU = /^SD-(\d+)$/;

/** Whether a translation has the axes' shape: as many axes, each with as many values (an empty one fits anything: it is no translation). */
export const translationFits = (options: readonly VariantAxis[], translated: readonly VariantAxisTranslation[]): boolean =>
  translated.length === 0 || (translated.length === options.length && translated.every((axis, i) => axis.values.length === options[i]!.values.length));

/** The axes as a reader of the translation sees them: each text translated where the translation has it, the product's own where not. */
export function overlayOptions(options: readonly VariantAxis[], translated: readonly VariantAxisTranslation[] | undefined): VariantAxis[] {
  if (!translated || !translationFits(options, translated) || translated.length === 0) return options.map((a) => ({ name: a.name, values: [...a.values] }));
  return options.map((axis, i) => ({ name: translated[i]!.name || axis.name, values: axis.values.map((value, j) => translated[i]!.values[j] || value) }));
}

/** A variant's values (the product's own texts) as the translation shows them, by their place in their axis. */
export function translateValues(options: readonly VariantAxis[], shown: readonly VariantAxis[], optionValues: readonly string[]): string[] {
  return optionValues.map((value, i) => {
    const at = options[i]?.values.indexOf(value) ?? -1;
    return at >= 0 ? (shown[i]?.values[at] ?? value) : value;
  });
}

/** Whether the shown axes still tell every value apart (a translation may not give two values of an axis the same text). */
export const valuesDistinct = (axes: readonly VariantAxis[]): boolean => axes.every((a) => new Set(a.values.map((v) => v.toLowerCase())).size === a.values.length);

