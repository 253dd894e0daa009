import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOfflineRead, offlineAnswer } from './offline-answers-route.ts';
import { ANSWERED_AT_HEADER, ANSWER_CACHE, OFFLINE_READ_HEADER } from '../src/lib/offline-answers.ts';

/** The browser's Cache Storage, in memory (node has none). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (key: string) => store.get(key)?.clone(),
      put: async (key: string, response: Response) => void store.set(key, response),
      keys: async () => [...store.keys()],
      delete: async (key: string) => store.delete(key),
    };
  };
  return { open, stores };
}

const read = (token: string, body = '{"tab":"all"}') =>
  new Request('https://shop.test/api/order/getOrderList', { method: 'POST', body, headers: { authToken: token, 'Accept-Language': 'en-US', [OFFLINE_READ_HEADER]: '1' } });

afterEach(() => vi.unstubAllGlobals());

describe('the offline worker\'s route for reads', () => {
  it('takes only the API requests marked as reads', () => {
    expect(isOfflineRead({ url: new URL('https://shop.test/api/order/getOrderList'), request: read('t') })).toBe(true);
    expect(isOfflineRead({ url: new URL('https://shop.test/api/wallet/withdraw'), request: new Request('https://shop.test/api/wallet/withdraw', { method: 'POST', body: '{}' }) })).toBe(false);
    expect(isOfflineRead({ url: new URL('https://shop.test/m/orders'), request: new Request('https://shop.test/m/orders', { headers: { [OFFLINE_READ_HEADER]: '1' } }) })).toBe(false);
  });

  it('keeps a successful answer and gives it back, with its time, only to the same session asking the same thing when the network fails', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, data: { total: 3 } }), { headers: { 'Content-Type': 'application/json' } }));
    const before = Date.now();
    const fresh = await offlineAnswer({ request: read('session-a') });
    expect(fresh.headers.get(ANSWERED_AT_HEADER)).toBeNull();
    expect(caches.stores.get(ANSWER_CACHE)?.size).toBe(1);

    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const saved = await offlineAnswer({ request: read('session-a') });
    expect(await saved.json()).toEqual({ code: 0, data: { total: 3 } });
    expect(Number(saved.headers.get(ANSWERED_AT_HEADER))).toBeGreaterThanOrEqual(before);
    // Another session, or another question: nothing saved for it, the failure stands.
    await expect(offlineAnswer({ request: read('session-b') })).rejects.toThrow('Failed to fetch');
    await expect(offlineAnswer({ request: read('session-a', '{"tab":"to_purchase"}') })).rejects.toThrow('Failed to fetch');
  });

  it('keeps no refusal (a body code other than 0), no failed answer and no answer without a session', async () => {
    const caches = memoryCaches();
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 401, msg: 'Login expired' })));
    await offlineAnswer({ request: read('session-a') });
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502 }));
    await offlineAnswer({ request: read('session-a') });
    // Nor a read without a session (the login page's settings): a logout leaves nothing behind.
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, data: {} })));
    await offlineAnswer({ request: read('') });
    expect(caches.stores.get(ANSWER_CACHE)?.size ?? 0).toBe(0);
  });
});
