import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { shouldRetryQuery } from './query-client.ts';

describe('query retries', () => {
  it('retries a network failure once, never a timeout or a refusal', () => {
    expect(shouldRetryQuery(0, new ApiError('network', 'offline'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('network', 'offline'))).toBe(false);
    expect(shouldRetryQuery(0, Object.assign(new ApiError('network', 'slow'), { timedOut: true }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('http', 'no', { status: 500 }))).toBe(false);
  });
});
