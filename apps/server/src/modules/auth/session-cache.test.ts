import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const caller = (sessionId: number, userId = sessionId) => ({ sessionId, userId, role: 'seller' as const, shopId: userId, roleKey: 'admin' as const, permissions: null, opsRole: null, mustEnrolSecondFactor: false });
const later = new Date(Date.now() + 60_000);

describe('session cache', () => {
  it('answers a session until its copy is stale or the session itself expires', () => {
    const cache = new SessionCache(10, 5_000);
    cache.set('a', caller(1), later, cache.generation, 1_000);
    cache.set('b', caller(2), new Date(3_000), cache.generation, 1_000);
    expect(cache.get('a', 5_999)).toEqual(caller(1));
    expect(cache.get('a', 6_000)).toBeNull();
    expect(cache.get('b', 2_999)).toEqual(caller(2));
    expect(cache.get('b', 3_000)).toBeNull();
  });

  it('drops the least recently used session when full', () => {
    const cache = new SessionCache(2, 5_000);
    cache.set('a', caller(1), later, cache.generation);
    cache.set('b', caller(2), later, cache.generation);
    cache.get('a');
    cache.set('c', caller(3), later, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  it('forgets one session or every session of a user, and never stores a lookup that raced a revocation', () => {
    const cache = new SessionCache(10, 5_000);
    cache.set('a', caller(1, 7), later, cache.generation);
    cache.set('b', caller(2, 7), later, cache.generation);
    cache.set('c', caller(3, 8), later, cache.generation);
    cache.forget({ sessionId: 3 });
    expect(cache.get('c')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    const before = cache.generation;
    cache.forget({ userId: 7 });
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeNull();
    cache.set('a', caller(1, 7), later, before);
    expect(cache.get('a')).toBeNull();
  });

  it('keeps nothing when turned off', () => {
    const cache = new SessionCache(10, 0);
    cache.set('a', caller(1), later, cache.generation);
    expect(cache.get('a')).toBeNull();
  });
});
