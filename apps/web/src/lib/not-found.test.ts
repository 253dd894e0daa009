import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { isNotFoundError, parseIdParam } from './not-found.ts';

describe('parseIdParam', () => {
  it('accepts positive whole numbers up to 2^31 - 1', () => {
    expect(parseIdParam('1')).toBe(1);
    expect(parseIdParam('2147483647')).toBe(2_147_483_647);
  });

  it('refuses what cannot be an id (these used to load forever or show "Invalid value")', () => {
    for (const raw of [undefined, null, '', 'abc', '0', '007', '-1', '1.5', '1e3', ' 1', '2147483648', '99999999999']) expect(parseIdParam(raw)).toBeNull();
  });
});

describe('isNotFoundError', () => {
  it('is true for a 404 or 400 answer, false for anything a retry may fix', () => {
    expect(isNotFoundError(new ApiError('http', 'Not found', { status: 404 }))).toBe(true);
    expect(isNotFoundError(new ApiError('business', 'Invalid value', { status: 400 }))).toBe(true);
    expect(isNotFoundError(new ApiError('http', 'Server error', { status: 500 }))).toBe(false);
    expect(isNotFoundError(new ApiError('network', 'Network error'))).toBe(false);
    expect(isNotFoundError(new Error('boom'))).toBe(false);
  });
});
