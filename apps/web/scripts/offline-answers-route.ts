/**
 * The offline worker's route for the app's reads (SPEC §1/§7): workbox-build copies these two
 * functions' source into sw.js, so they use nothing from outside themselves (the names they
 * repeat are lib/offline-answers.ts's; offline-answers-route.test.ts keeps them equal).
 *
 * A signed-in request the HTTP client marks as a read (`X-Offline-Read: 1`) goes to the network
 * as usual; its successful answer (code 0) is kept in the `api-answers` cache under a key made of
 * the method, address, body, session and language, so a saved answer is only ever given back to
 * the same session asking the same thing in the same language. When the network fails, the saved answer is
 * given instead, with `X-Answered-At` (the time the server gave it); without one the failure stands.
 * Changes (money, edits) are never marked, never kept and never answered from here.
 */

/** Which requests the route takes: the API's reads. */
export function isOfflineRead({ url, request }: { url: URL; request: Request }): boolean {
  return url.pathname.startsWith('/api/') && request.headers.get('X-Offline-Read') === '1';
}

export async function offlineAnswer({ request }: { request: Request }): Promise<Response> {
  const cacheName = 'api-answers';
  /** The newest answers kept; older ones are dropped (each page keeps a handful). */
  const keep = 300;
  const session = request.headers.get('authToken');
  // Only a session's reads: nothing outlives the logout that deletes the cache.
  if (!session) return fetch(request);
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
  const identity = [request.method, request.url, body, session, request.headers.get('Accept-Language') ?? ''].join('\n');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(identity)));
  const key = new URL(`/api/saved-answers/${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`, request.url).href;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const saved = await (await caches.open(cacheName)).match(key);
    if (saved) return saved;
    throw error;
  }
  if (response.ok) {
    const text = await response.clone().text();
    let succeeded = false;
    try {
      succeeded = (JSON.parse(text) as { code?: unknown }).code === 0;
    } catch {
      succeeded = false;
    }
    if (succeeded) {
      const cache = await caches.open(cacheName);
      const headers = new Headers({ 'Content-Type': response.headers.get('Content-Type') ?? 'application/json', 'X-Answered-At': String(Date.now()) });
      await cache.put(key, new Response(text, { status: 200, headers }));
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - keep)).map((old) => cache.delete(old)));
    }
  }
  return response;
}
