import type { ProductDetail } from '../api/types.ts';

export type Variant = ProductDetail['variants'][number];
/** The buyer's pick per option axis, in the axes' order: a value, or null while that axis is open. */
export type VariantChoice = readonly (string | null)[];

/**
 * The axes with the values some variant on sale has: a value only switched-off variants had leaves
 * the page with them (a value merely out of stock stays, marked sold out).
 */
export function offeredOptions(product: Pick<ProductDetail, 'options' | 'variants'>): ProductDetail['options'] {
  return product.options.map((axis, index) => ({ name: axis.name, values: axis.values.filter((value) => product.variants.some((v) => v.optionValues[index] === value)) }));
}

/** Nothing picked yet, except axes with a single value (there is nothing to choose there). */
export function initialChoice(product: Pick<ProductDetail, 'options'>): VariantChoice {
  return product.options.map((axis) => (axis.values.length === 1 ? axis.values[0]! : null));
}

/** Whether the product has options to choose (a product without them has one implicit variant). */
export function hasOptions(product: Pick<ProductDetail, 'options'>): boolean {
  return product.options.length > 0;
}

/** The variants a (partial) choice still allows. */
export function matching(variants: readonly Variant[], choice: VariantChoice): Variant[] {
  return variants.filter((v) => choice.every((value, axis) => value === null || v.optionValues[axis] === value));
}

/**
 * The variant the choice names: the implicit one without options, else the one with every axis
 * picked; null while an axis is open (or the combination is not sold).
 */
export function chosenVariant(product: Pick<ProductDetail, 'options' | 'variants'>, choice: VariantChoice): Variant | null {
  if (!hasOptions(product)) return product.variants.length === 1 ? product.variants[0]! : null;
  if (choice.some((value) => value === null)) return null;
  return matching(product.variants, choice)[0] ?? null;
}

/**
 * Whether a value of an axis can still be bought with the other axes as chosen: false when every
 * combination of it with the current choice is out of stock (or not sold at all). The value stays
 * shown, marked sold out.
 */
export function valueAvailable(variants: readonly Variant[], choice: VariantChoice, axis: number, value: string): boolean {
  const probe = choice.map((v, i) => (i === axis ? value : v));
  return matching(variants, probe).some((v) => v.inStock);
}

/** The choice with one axis set, or cleared when the buyer picks the value already chosen. */
export function pick(choice: VariantChoice, axis: number, value: string): VariantChoice {
  return choice.map((v, i) => (i === axis ? (v === value ? null : value) : v));
}

/** The names of the axes still open, in order ("Colour", "Size"). */
export function openAxes(product: Pick<ProductDetail, 'options'>, choice: VariantChoice): string[] {
  return product.options.filter((_, i) => (choice[i] ?? null) === null).map((axis) => axis.name);
}

export interface PriceSpan {
  /** The lowest and highest price paid now (equal when every variant costs the same). */
  minCents: number;
  maxCents: number;
  /** The same over the list prices, for the struck-through "was" while a discount runs. */
  listMinCents: number;
  listMaxCents: number;
}

/** The price range of the variants a choice still allows (all of them before any pick); null without variants. */
export function priceSpan(variants: readonly Variant[]): PriceSpan | null {
  if (variants.length === 0) return null;
  const sale = variants.map((v) => v.salePriceCents);
  const list = variants.map((v) => v.priceCents);
  return { minCents: Math.min(...sale), maxCents: Math.max(...sale), listMinCents: Math.min(...list), listMaxCents: Math.max(...list) };
}

/** The stock the choice covers: the chosen variant's, else the sum of the variants still possible. */
export function stockOf(variants: readonly Variant[]): number {
  return variants.reduce((sum, v) => sum + Math.max(0, v.stock), 0);
}

/**
 * The picture every variant a choice still allows has in common (all sizes of one colour), so a
 * picked colour shows before the size; null when they differ or have none.
 */
export function sharedImage(variants: readonly Variant[]): string | null {
  const first = variants[0]?.image ?? null;
  return first !== null && variants.every((v) => v.image === first) ? first : null;
}
