import { describe, expect, it } from 'vitest';
import { IdempotencyKeeper, newIdempotencyKey } from './idempotency.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('Idempotency-Key per submission', () => {
  it('makes v4 UUIDs', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('reuses the key when the same request is retried after no answer arrived', () => {
    const keeper = new IdempotencyKeeper(counter());
    expect(keeper.keyFor('a')).toBe('key-1');
    keeper.settle(false);
    expect(keeper.keyFor('a')).toBe('key-1');
  });

  it('takes a new key once an answer arrived, or when the request changed', () => {
    const keeper = new IdempotencyKeeper(counter());
    keeper.keyFor('a');
    keeper.settle(true);
    expect(keeper.keyFor('a')).toBe('key-2');
    keeper.settle(false);
    expect(keeper.keyFor('b')).toBe('key-3');
    keeper.reset();
    expect(keeper.keyFor('b')).toBe('key-4');
  });
});
