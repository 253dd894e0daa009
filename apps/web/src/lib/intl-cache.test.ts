import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-cache.ts';

describe('Intl formatter cache', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('en-US', { style: 'percent' })).toBe(numberFormat('en-US', { style: 'percent' }));
    expect(numberFormat('en-US', { style: 'percent' })).not.toBe(numberFormat('vi-VN', { style: 'percent' }));
    expect(numberFormat('en-US', { maximumFractionDigits: 0 })).not.toBe(numberFormat('en-US', { maximumFractionDigits: 1 }));
    expect(dateTimeFormat('th-TH', { month: 'short' })).toBe(dateTimeFormat('th-TH', { month: 'short' }));
  });

  it('formats as a new formatter would', () => {
    expect(numberFormat('vi-VN', { maximumFractionDigits: 0, useGrouping: true }).format(1234567)).toBe(new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0, useGrouping: true }).format(1234567));
    const at = new Date('2026-11-24T04:00:00Z');
    expect(dateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(at)).toBe('Nov 24, 2026');
  });
});
