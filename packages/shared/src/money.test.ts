import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToDecimal, feeCents, parseAmountToCents } from './money.ts';

describe('parseAmountToCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['0.1', 10],
    ['0', 0],
    ['  7.05 ', 705],
    ['007.05', 705],
    ['10000', 1_000_000],
    ['999999999999.99', 99_999_999_999_999],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each([
    ['-1'],
    ['-0.01'],
    ['+5'],
    ['1.234'],
    ['1.'],
    ['.5'],
    ['1e3'],
    ['1E3'],
    ['0x10'],
    ['1,000'],
    ['1 000'],
    ['12.5.0'],
    [''],
    ['   '],
    ['abc'],
    ['NaN'],
    ['Infinity'],
    ['１２'], // full-width digits
    ['١٢'], // Arabic-Indic digits
    ['1000000000000'], // 13 integer digits
  ])('refuses %j', (input) => {
    expect(parseAmountToCents(input)).toBeNull();
  });

  it('reads JSON numbers the way they print, refusing what would lose cents', () => {
    expect(parseAmountToCents(12.5)).toBe(1250);
    expect(parseAmountToCents(100)).toBe(10_000);
    expect(parseAmountToCents(0.1 + 0.2)).toBeNull(); // 0.30000000000000004
    expect(parseAmountToCents(1.005)).toBeNull();
    expect(parseAmountToCents(-5)).toBeNull();
    expect(parseAmountToCents(1e21)).toBeNull();
    expect(parseAmountToCents(Number.NaN)).toBeNull();
    expect(parseAmountToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('round-trips every cent amount through centsToDecimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const parsed = parseAmountToCents(centsToDecimal(cents));
        // 12 integer digits is the input limit; beyond it the text is refused, never misread.
        if (cents < 1e14) expect(parsed).toBe(cents);
        else expect(parsed === null || parsed === cents).toBe(true);
      }),
    );
  });

  it('never answers anything but a non-negative safe integer or null', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.stringMatching(/^-?\d{0,14}(\.\d{0,4})?$/)), (input) => {
        const parsed = parseAmountToCents(input);
        if (parsed !== null) {
          expect(Number.isSafeInteger(parsed)).toBe(true);
          expect(parsed).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('centsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [1250, '12.50'],
    [1_000_000, '10000.00'],
    [-1, '-0.01'],
    [-12_345, '-123.45'],
  ])('writes %i as %j', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it('keeps whole units exact for large amounts', () => {
    expect(centsToDecimal(99_999_999_999_999)).toBe('999999999999.99');
  });
});

describe('feeCents', () => {
  it.each([
    [5000, 200, 100], // 50 USDT at 2%
    [1_000_000, 200, 20_000], // 10,000 USDT at 2%
    [12_345, 200, 247], // 246.9 → 247
    [12_325, 200, 247], // 246.5 → 247 (half up)
    [12_324, 200, 246], // 246.48 → 246
    [1, 200, 0],
    [25, 200, 1], // 0.5 → 1
    [5000, 0, 0],
    [5000, 10_000, 5000],
  ])('takes fee(%i, %i bp) = %i', (amount, bp, fee) => {
    expect(feeCents(amount, bp)).toBe(fee);
  });

  it('is an integer between 0 and the amount, so arrival = amount − fee never goes negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const fee = feeCents(amount, bp);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amount);
        // Within half a cent of the exact fee.
        expect(Math.abs(fee * 10_000 - amount * bp)).toBeLessThanOrEqual(5000);
      }),
    );
  });

  it('is monotonic in the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        expect(feeCents(amount + 1, bp)).toBeGreaterThanOrEqual(feeCents(amount, bp));
      }),
    );
  });
});
