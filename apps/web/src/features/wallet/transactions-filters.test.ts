import { describe, expect, it } from 'vitest';
import { parseTransactionsSearch } from './transactions-filters.ts';

const q = (text: string) => new URLSearchParams(text);

describe('funding-record filters', () => {
  it('reads the funding-record filters and ignores unknown change types', () => {
    expect(parseTransactionsSearch(q('type=deposit&orderId=%20SD1%20&from=2026-01-01&to=2026-01-31&page=2'))).toEqual({
      type: 'deposit',
      orderId: 'SD1',
      from: '2026-01-01',
      to: '2026-01-31',
      page: 2,
      pageSize: 20,
    });
    expect(parseTransactionsSearch(q('type=hack')).type).toBeUndefined();
  });
});
