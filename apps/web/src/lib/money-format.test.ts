import { describe, expect, it } from 'vitest';
import { formatCents, formatChange, formatRate, formatUsdt, formatUsdtRange } from './money-format.ts';

describe('money formatting', () => {
  it('writes integer cents with exactly 2 decimals and the currency', () => {
    expect(formatUsdt(9800)).toBe('98.00 USDT');
    expect(formatUsdt(5)).toBe('0.05 USDT');
    expect(formatUsdt(0)).toBe('0.00 USDT');
    expect(formatCents(123456789)).toBe('1,234,567.89');
  });

  it('writes a range with the unit once, and one amount when its ends agree', () => {
    expect(formatUsdtRange(12_00, 18_00)).toBe('12.00 – 18.00 USDT');
    expect(formatUsdtRange(12_00, 12_00)).toBe('12.00 USDT');
    expect(formatUsdtRange(1_234_50, 2_000_00, 'vi-VN')).toBe('1.234,50 – 2.000,00 USDT');
  });

  it('keeps every cent of large amounts (no float rounding)', () => {
    expect(formatCents(900719925474099)).toBe('9,007,199,254,740.99');
  });

  it('uses the separators of the language', () => {
    expect(formatCents(123456, 'vi-VN')).toBe('1.234,56');
    expect(formatCents(123456, 'en-US')).toBe('1,234.56');
  });

  it('signs statement changes with + and a true minus', () => {
    expect(formatChange(2500)).toBe('+25.00');
    expect(formatChange(-1250)).toBe('\u221212.50');
    expect(formatChange(0)).toBe('0.00');
    expect(formatCents(-1250)).toBe('-12.50');
  });

  it('writes basis points as a percentage', () => {
    expect(formatRate(200)).toBe('2%');
    expect(formatRate(150)).toBe('1.5%');
  });
});
