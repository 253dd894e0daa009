import { describe, expect, it } from 'vitest';
import { applySearchPatch, parseDate, parseDateRange, parsePage } from './list-params.ts';

const q = (text: string) => new URLSearchParams(text);

describe('URL-synced pagination', () => {
  it('reads page and page size from the query string', () => {
    expect(parsePage(q('page=3&pageSize=50'))).toEqual({ page: 3, pageSize: 50 });
  });

  it('falls back to page 1 and 20 rows for anything malformed', () => {
    expect(parsePage(q(''))).toEqual({ page: 1, pageSize: 20 });
    expect(parsePage(q('page=0&pageSize=7'))).toEqual({ page: 1, pageSize: 20 });
    expect(parsePage(q('page=-2&pageSize=abc'))).toEqual({ page: 1, pageSize: 20 });
    expect(parsePage(q('page=2.5&pageSize=1000'))).toEqual({ page: 1, pageSize: 20 });
    expect(parsePage(q('page=99999999'))).toEqual({ page: 100_000, pageSize: 20 });
  });

  it('drops defaults and empty values, and goes back to page 1 when a filter changes', () => {
    const now = q('page=4&pageSize=50&type=deposit');
    expect(applySearchPatch(now, { type: 'purchase' }).toString()).toBe('pageSize=50&type=purchase');
    expect(applySearchPatch(now, { page: 5, pageSize: 50 }).toString()).toBe('page=5&pageSize=50&type=deposit');
    expect(applySearchPatch(now, { page: 1, pageSize: 20 }).toString()).toBe('type=deposit');
    expect(applySearchPatch(now, { type: undefined, orderId: '' }).toString()).toBe('pageSize=50');
  });

});

describe('dates in the query string', () => {
  it('accepts real calendar dates only', () => {
    expect(parseDate('2026-02-28')).toBe('2026-02-28');
    expect(parseDate('2026-02-30')).toBeUndefined();
    expect(parseDate('26-2-1')).toBeUndefined();
    expect(parseDate(null)).toBeUndefined();
  });

  it('puts a reversed range in order', () => {
    expect(parseDateRange(q('from=2026-03-10&to=2026-03-01'))).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });
});
