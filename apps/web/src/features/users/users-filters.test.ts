import { describe, expect, it } from 'vitest';
import { parseUsersSearch } from './users-filters.ts';

describe('parseUsersSearch', () => {
  it('reads the filters and the page', () => {
    expect(parseUsersSearch(new URLSearchParams('keyword=%20lan%20&role=admin&status=inactive&page=2&pageSize=50'))).toEqual({
      page: 2,
      pageSize: 50,
      keyword: 'lan',
      role: 'admin',
      status: 'inactive',
    });
  });

  it('drops unknown values', () => {
    expect(parseUsersSearch(new URLSearchParams('role=boss&status=gone&page=-1&pageSize=7'))).toEqual({ page: 1, pageSize: 20, keyword: undefined, role: undefined, status: undefined });
  });
});
