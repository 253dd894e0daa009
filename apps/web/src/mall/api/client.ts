import type { Envelope } from '@shopdesk/shared/errors';
import { UI } from '@shopdesk/shared/constants';
import { createPreferenceStore } from '../../lib/preference-store.ts';
import { getPreference, setPreference } from '../../lib/storage.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { noteFailedRequest, requestIdOf } from '../../lib/request-id.ts';

/**
 * The mall's own small API client. It is not lib/http.ts on purpose: that client sends
 * the seller's authToken and ends the seller's session on a 401, while the mall sends `buyerToken`
 * (its own session, under its own storage key) and `x-visitor-id` (views deduped per anonymous
 * visitor), and a buyer's expired session must never log the seller out of the same browser.
 */

export interface BuyerSession {
  buyerToken: string;
  buyerId: number;
  nickname: string;
  expiresAt: string;
}

function parseSession(raw: string | null): BuyerSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BuyerSession>;
    return typeof value.buyerToken === 'string' && value.buyerToken ? (value as BuyerSession) : null;
  } catch {
    return null;
  }
}

/** The buyer's session, apart from the seller's keys (SPEC §3 storage keys stay the seller's). */
export const buyerSessionStore = createPreferenceStore<BuyerSession | null>('buyerSession', parseSession, (s) => (s ? JSON.stringify(s) : ''));

/** A random id kept per browser so an anonymous visitor's product views are counted once per window. */
export function visitorId(): string {
  let id = getPreference('mallVisitorId');
  if (!id) {
    id = newIdempotencyKey();
    setPreference('mallVisitorId', id);
  }
  return id;
}

export class MallApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly errorKey: string | null;
  readonly details: { path: string; message: string }[];
  /** The server's id of the request (X-Request-Id), to quote to support; null when no answer came. */
  readonly requestId: string | null;

  constructor(message: string, init: { status: number; code: number; errorKey?: string | null; details?: { path: string; message: string }[]; requestId?: string | null }) {
    super(message);
    this.name = 'MallApiError';
    this.status = init.status;
    this.code = init.code;
    this.errorKey = init.errorKey ?? null;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface MallRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

let language = 'en-US';
/** The interface language, sent as Accept-Language so the server's messages come back in it. */
export function setMallLanguage(next: string): void {
  language = next;
}

/** Called when the server says the buyer session is gone (the mall shows its login page). */
let onBuyerSessionEnd: () => void = () => undefined;
export function setBuyerSessionEndHandler(handler: () => void): void {
  onBuyerSessionEnd = handler;
}

export function mallUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

export async function mallRequest<T>(path: string, options: MallRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language, 'x-visitor-id': visitorId() };
  const session = buyerSessionStore.get();
  if (session) headers.buyerToken = session.buyerToken;
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
    response = await fetch(mallUrl(path, options.query), { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new MallApiError('network', { status: 0, code: -1, errorKey: timeout.aborted ? 'TIMEOUT' : 'NETWORK' });
  }
  let parsed: (Envelope<T> & { error?: string; details?: { path: string; message: string }[] }) | null = null;
  try {
    parsed = (await response.json()) as Envelope<T> & { error?: string };
  } catch {
    parsed = null;
  }
  if (response.ok && parsed && parsed.code === 0) return parsed.data;
  const code = parsed?.code ?? response.status;
  if ((response.status === 401 || code === 401) && session) {
    buyerSessionStore.set(null);
    onBuyerSessionEnd();
  }
  const requestId = requestIdOf(response, parsed);
  noteFailedRequest(requestId);
  throw new MallApiError(parsed?.msg || response.statusText || 'error', { status: response.status, code, errorKey: parsed?.error ?? null, details: parsed?.details, requestId });
}
