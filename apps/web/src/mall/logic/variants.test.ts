import { describe, expect, it } from 'vitest';
import { chosenVariant, initialChoice, matching, offeredOptions, openAxes, pick, priceSpan, sharedImage, stockOf, valueAvailable, type Variant } from './variants.ts';

const COLOURS = ['Blue', 'Black', 'White'];
const SIZES = ['S', 'M', 'L'];
let nextId = 1;
const variant = (colour: string, size: string, over: Partial<Variant> = {}): Variant => ({
  id: nextId++,
  optionValues: [colour, size],
  name: `${colour}, ${size}`,
  priceCents: size === 'L' ? 1200 : 1000,
  salePriceCents: size === 'L' ? 1200 : 1000,
  image: `/img/${colour}.svg`,
  stock: 5,
  inStock: true,
  ...over,
});
// White is sold out in S and M; Black L is not sold at all.
const variants = COLOURS.flatMap((c) => SIZES.map((s) => ({ c, s }))).flatMap(({ c, s }) =>
  c === 'Black' && s === 'L' ? [] : [variant(c, s, c === 'White' && s !== 'L' ? { stock: 0, inStock: false } : {})],
);
const tee = { options: [{ name: 'Colour', values: COLOURS }, { name: 'Size', values: SIZES }], variants };

describe('the variant choice', () => {
  it('starts open (a single-value axis is taken) and names the variant once every axis is picked', () => {
    expect(initialChoice(tee)).toEqual([null, null]);
    expect(initialChoice({ options: [{ name: 'Colour', values: ['Red'] }, { name: 'Size', values: SIZES }] })).toEqual(['Red', null]);
    expect(chosenVariant(tee, ['Blue', null])).toBeNull();
    expect(chosenVariant(tee, ['Blue', 'M'])?.name).toBe('Blue, M');
    expect(chosenVariant(tee, ['Black', 'L'])).toBeNull();
  });

  it('takes the implicit variant of a product without options', () => {
    const only = variant('x', 'y', { optionValues: [], name: '' });
    expect(chosenVariant({ options: [], variants: [only] }, [])).toBe(only);
    expect(openAxes({ options: [] }, [])).toEqual([]);
  });

  it('marks a value sold out when every combination with the current choice is out of stock or not sold', () => {
    expect(valueAvailable(variants, [null, null], 0, 'White')).toBe(true); // White L is left
    expect(valueAvailable(variants, [null, 'S'], 0, 'White')).toBe(false);
    expect(valueAvailable(variants, [null, 'L'], 0, 'Black')).toBe(false); // not sold
    expect(valueAvailable(variants, ['White', null], 1, 'M')).toBe(false);
    expect(valueAvailable(variants, ['White', 'M'], 1, 'L')).toBe(true); // the axis's own pick is replaced
  });

  it('picks, clears a value picked again, and lists the axes still open', () => {
    const one = pick([null, null], 0, 'Blue');
    expect(one).toEqual(['Blue', null]);
    expect(pick(one, 0, 'Blue')).toEqual([null, null]);
    expect(pick(one, 0, 'Black')).toEqual(['Black', null]);
    expect(openAxes(tee, one)).toEqual(['Size']);
    expect(openAxes(tee, [null, null])).toEqual(['Colour', 'Size']);
  });

  it('spans the prices and adds the stock of what the choice still allows', () => {
    expect(priceSpan(variants)).toEqual({ minCents: 1000, maxCents: 1200, listMinCents: 1000, listMaxCents: 1200 });
    expect(priceSpan(matching(variants, [null, 'M']))).toEqual({ minCents: 1000, maxCents: 1000, listMinCents: 1000, listMaxCents: 1000 });
    expect(priceSpan([])).toBeNull();
    expect(stockOf(matching(variants, ['White', null]))).toBe(5);
    expect(stockOf(matching(variants, [null, null]))).toBe(30);
  });
});

describe('the picture of a choice', () => {
  it('is the one all variants still allowed share, else none', () => {
    expect(sharedImage(matching(variants, ['Blue', null]))).toBe('/img/Blue.svg');
    expect(sharedImage(matching(variants, [null, 'M']))).toBeNull();
    expect(sharedImage([])).toBeNull();
  });
});

describe('the values offered', () => {
  it('leaves out a value no variant on sale has (switched off), keeps one merely sold out', () => {
    expect(offeredOptions(tee)).toEqual([
      { name: 'Colour', values: COLOURS },
      { name: 'Size', values: SIZES },
    ]);
    const withoutWhite = { options: tee.options, variants: variants.filter((v) => v.optionValues[0] !== 'White') };
    expect(offeredOptions(withoutWhite)[0]!.values).toEqual(['Blue', 'Black']);
  });
});
