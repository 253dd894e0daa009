import { describe, expect, it } from 'vitest';
import { formatDate } from './date-format.ts';

// Noon UTC: the same calendar day in every time zone the tests may run in.
const NOON = '2026-03-07T12:00:00Z';

describe('formatDate', () => {
  it("writes the day in the reader's order, in digits and the Gregorian calendar", () => {
    expect(formatDate(NOON, 'th-TH')).toBe('07/03/2026');
    expect(formatDate(NOON, 'en-US')).toBe('03/07/2026');
    expect(formatDate(NOON, 'vi-VN')).toBe('07/03/2026');
    expect(formatDate(NOON, 'zh-CN')).toBe('2026/03/07');
  });

  it('adds the time on a 24-hour clock when asked', () => {
    const local = new Date(2026, 2, 7, 15, 4, 5);
    expect(formatDate(local, 'th-TH', 'second')).toBe('07/03/2026 15:04:05');
    expect(formatDate(local, 'en-US', 'minute')).toBe('03/07/2026, 15:04');
  });

  it('answers a dash for nothing or a value that is not a date', () => {
    expect(formatDate(null, 'en-US')).toBe('—');
    expect(formatDate('', 'en-US')).toBe('—');
    expect(formatDate('not a date', 'en-US')).toBe('—');
  });
});
