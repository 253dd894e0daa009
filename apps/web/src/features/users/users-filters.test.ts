import { describe, expect, it } from 'vitest';
import { parseUsersSearch } from './users-filters.ts';

describe('parseUsersSearch', () => {
  it('reads the filters, the page and the tab', () => {
    expect(parseUsersSearch(new URLSearchParams('keyword=%20lan%20&roleId=3&status=inactive&page=2&pageSize=50&tab=roles'))).toEqual({
      page: 2,
      pageSize: 50,
      keyword: 'lan',
      roleId: 3,
      status: 'inactive',
      tab: 'roles',
    });
  });

  it('drops unknown values', () => {
    expect(parseUsersSearch(new URLSearchParams('roleId=boss&status=gone&page=-1&pageSize=7&tab=x'))).toEqual({
      page: 1,
      pageSize: 20,
      keyword: undefined,
      roleId: undefined,
      status: undefined,
      tab: 'members',
    });
    expect(parseUsersSearch(new URLSearchParams('roleId=-2')).roleId).toBeUndefined();
  });
});
