/**
 * The id a person quotes to support when something failed. The server names every answer
 * (`X-Request-Id`, and `requestId` in an error's body) and logs each request under it; the HTTP
 * clients note the last failed one here, so the error page can show it beside its own reference.
 */

/** A failure this long before a crash is shown with it (a render error right after a refusal is usually its consequence). */
const RECENT_MS = 60_000;

let lastFailed: { id: string; at: number } | null = null;

/** Notes the id of a request that failed (kept until the next failure). */
export function noteFailedRequest(id: string | null | undefined): void {
  if (id) lastFailed = { id, at: Date.now() };
}

/** The id of the last request that failed, when it failed within the last minute. */
export function recentFailedRequestId(now = Date.now()): string | null {
  return lastFailed && now - lastFailed.at <= RECENT_MS ? lastFailed.id : null;
}

/** The request id an answer names: the header every answer carries, else its error body's field. */
export function requestIdOf(response: Pick<Response, 'headers'> | null, body: unknown): string | null {
  const header = response?.headers.get('x-request-id');
  if (header) return header;
  const field = typeof body === 'object' && body !== null ? (body as { requestId?: unknown }).requestId : undefined;
  return typeof field === 'string' && field ? field : null;
}

/**
 * A reference made in the browser for an error no request is behind (a page that failed to render):
 * logged with the error, so the person's quote finds the stack in the console or a shared log.
 */
export function clientErrorId(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}
