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

  it('hands out the sessions used lately for the refresh, and a confirmed one stays fresh while used', () => {
    const cache = new SessionCache(10, 1_000, 10_000);
    cache.set('a', caller(1), later, cache.generation, 0, 'da');
    cache.set('b', caller(2), later, cache.generation, 0, 'db');
    cache.get('a', 900);
    // b was last used at 0: still due at 9,999, not at 10,000 (nor once stale).
    expect(cache.due(500).map((d) => d.sessionId)).toEqual([2, 1]);
    let now = 0;
    for (let round = 1; round <= 40; round++) {
      now = round * 500;
      expect(cache.get('a', now), `hit at ${now}`).toEqual(caller(1));
      for (const due of cache.due(now)) cache.confirm(due, due.sessionId === 1 ? 'da' : 'db', now);
    }
    expect(cache.get('a', now + 999)).toEqual(caller(1));
    // b was never used after 0: it was refreshed for 10 s, then left to go stale and dropped.
    expect(cache.get('b', now)).toBeNull();
  });

  it('drops an entry whose session the refresh finds changed or gone', () => {
    const cache = new SessionCache(10, 1_000);
    cache.set('a', caller(1), later, cache.generation, 0, 'da');
    cache.set('b', caller(2), later, cache.generation, 0, 'db');
    const [a, b] = cache.due(100).sort((x, y) => x.sessionId - y.sessionId);
    cache.confirm(a, 'changed', 100);
    cache.confirm(b, null, 100);
    expect(cache.get('a', 200)).toBeNull();
    expect(cache.get('b', 200)).toBeNull();
  });

  it('never extends an entry forgotten or replaced while the refresh read the database', () => {
    const cache = new SessionCache(10, 1_000);
    cache.set('a', caller(1, 7), later, cache.generation, 0, 'da');
    cache.set('b', caller(2, 8), later, cache.generation, 0, 'db');
    const due = cache.due(100);
    cache.forget({ userId: 7 });
    // b looked up again meanwhile (a newer read than the refresh's): its own freshness stands.
    cache.set('b', caller(2, 8), later, cache.generation, 600, 'db');
    for (const d of due) cache.confirm(d, d.sessionId === 1 ? 'da' : 'db', 100);
    expect(cache.get('a', 150)).toBeNull();
    expect(cache.get('b', 1_599)).not.toBeNull();
    expect(cache.get('b', 1_600)).toBeNull();
  });
});
