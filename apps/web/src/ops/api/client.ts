import type { Envelope } from '@shopdesk/shared/errors';
import { UI } from '@shopdesk/shared/constants';
import { currentLanguage } from '../../i18n/i18n.ts';
import { noteFailedRequest, requestIdOf } from '../../lib/request-id.ts';
import { opsSessionStore } from './session.ts';

/**
 * The console's own API client. Not lib/http.ts: that one sends the seller's token and ends the
 * seller's session on a 401; the console sends the operator's token (api/session.ts) and a 401
 * ends only the operator's session.
 */
export class OpsApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorKey: string | null;
  readonly requestId: string | null;

  constructor(message: string, init: { status: number; code: number; errorKey?: string | null; requestId?: string | null }) {
    super(message);
    this.name = 'OpsApiError';
    this.status = init.status;
    this.code = init.code;
    this.errorKey = init.errorKey ?? null;
    this.requestId = init.requestId ?? null;
  }
}

export type OpsQuery = Record<string, string | number | boolean | null | undefined>;

export interface OpsRequest {
  method?: 'GET' | 'POST';
  query?: OpsQuery;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function opsUrl(path: string, query?: OpsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** The headers of every console request: the operator's token and the interface language. */
export function opsHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const session = opsSessionStore.get();
  if (session) headers.authToken = session.token;
  return headers;
}

/** One JSON call: the answer's `data`, or an OpsApiError with the server's message in the interface language. */
export async function opsRequest<T>(path: string, options: OpsRequest = {}): Promise<T> {
  const headers = opsHeaders();
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const timeout = AbortSignal.timeout(UI.API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(opsUrl(path, options.query), { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new OpsApiError(timeout.aborted ? 'timeout' : 'network', { status: 0, code: -1, errorKey: timeout.aborted ? 'TIMEOUT' : 'NETWORK' });
  }
  let parsed: (Envelope<T> & { error?: string }) | null = null;
  try {
    parsed = (await response.json()) as Envelope<T> & { error?: string };
  } catch {
    parsed = null;
  }
  if (response.ok && parsed && parsed.code === 0) return parsed.data;
  const code = parsed?.code ?? response.status;
  // An ended or refused session: the console goes back to its login page (ops-root.tsx watches the store).
  if ((response.status === 401 || code === 401) && opsSessionStore.get()) opsSessionStore.set(null);
  const requestId = requestIdOf(response, parsed);
  noteFailedRequest(requestId);
  throw new OpsApiError(parsed?.msg || response.statusText || 'error', { status: response.status, code, errorKey: parsed?.error ?? null, requestId });
}
