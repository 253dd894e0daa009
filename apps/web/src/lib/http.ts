import { UI } from '@shopdesk/shared/constants';
import type { Envelope, ErrorKey } from '@shopdesk/shared/errors';
import { clearStorage, getToken, removeToken } from './storage.ts';
import { notify } from './notifier.ts';
import { noteFailedRequest, requestIdOf } from './request-id.ts';
import { ANSWERED_AT_HEADER, OFFLINE_READ_HEADER, forgetSavedAnswers, noteReadAnswer } from './offline-answers.ts';

/**
 * The one fetch-based API client (SPEC §7, §8): JSON calls, multipart uploads and authenticated
 * file downloads. Every JSON answer is `{ code, msg, data }`; code 0 is success. Failures are shown
 * once through the injected notifier and thrown as ApiError. An ended session always goes through
 * `hooks.onSessionEnd`, which the app registers at start-up (lib never imports the app).
 *
 * `http` is the seller's client. The mall makes its own with `createHttpClient`: the same requests,
 * answers and errors, with the buyer's session instead (its own token header and storage key, so a
 * buyer's ended session never logs the seller out of the same browser) and its own messages.
 */
export const API_BASE = '/api';

/** Uploads and downloads can take longer than the 10 s of ordinary calls on a slow phone connection. */
export const TRANSFER_TIMEOUT_MS = UI.API_TIMEOUT_MS * 6;

export type ApiErrorKind = 'business' | 'http' | 'session' | 'network' | 'setup' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly errorKey: ErrorKey | null;
  readonly details: { path: string; message: string }[];
  /** Whether the user has already been shown this failure. */
  notified = false;
  /** A network failure because no answer came within the timeout (not retried silently: the user already waited). */
  timedOut = false;
  /** The server's id of the request (X-Request-Id), to quote to support; null when no answer came. */
  readonly requestId: string | null;

  constructor(kind: ApiErrorKind, message: string, init: Partial<Pick<ApiError, 'status' | 'code' | 'errorKey' | 'details' | 'requestId'>> = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.errorKey = init.errorKey ?? null;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
  }
}

export type HttpMessageKey = 'loginExpired' | 'forbidden' | 'requestFailed' | 'networkError' | 'timeout' | 'offline';

export interface HttpHooks {
  /** Text of the client's own messages in the current language. */
  translate(key: HttpMessageKey): string;
  /** Sent as Accept-Language so the server localizes its `msg`. */
  getLanguage(): string;
  /** Called once the session is gone (storage already cleared): drop cached state, go to the login page. */
  onSessionEnd(): void;
}

// The app configures these before its first request (app/configure-app.ts); the key stands in for a
// text until then, not an English copy of the catalog's (this module is in every first page's code).
let hooks: HttpHooks = {
  translate: (key) => key,
  getLanguage: () => 'en-US',
  onSessionEnd: () => undefined,
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Params;
  /** JSON-encoded, except a FormData, which is sent as multipart (the browser sets its boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as the Idempotency-Key header of a money action (SPEC §7). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Body codes the caller handles itself (e.g. -1, wrong old password): no global message. */
  handledCodes?: number[];
  /** No global message for any failure; an ended session is still handled. */
  silent?: boolean;
  /**
   * A read (every `http.get`, and a POST that only asks, such as a list with its filters): the
   * offline worker keeps its last answer and shows it when the network fails. Never on a change.
   */
  offlineRead?: boolean;
}

interface Prepared {
  url: string;
  init: RequestInit;
  token: string | null;
}

/** Whose session a client sends and ends. */
export interface HttpSession {
  /** The session's token, null without one (an HTTP 401 ends only a session that was sent). */
  token(): string | null;
  /** The headers that name the caller: the token's, and anything else the server counts by. */
  headers(token: string | null): Record<string, string>;
  /** Forgets a session the server ended: all of it (body code 401), or just its token (HTTP 401). */
  forget(scope: 'all' | 'token'): void;
}

export interface HttpClientOptions {
  session: HttpSession;
  /** Replace the app's hooks for this client (its own messages, its own login page). */
  hooks?: Partial<HttpHooks>;
  /** Whether failures show through the notifier; without, only the caller sees them (it shows its own). */
  notifies?: boolean;
}

interface Client {
  session: HttpSession;
  hooks(): HttpHooks;
  notifies: boolean;
  /** The token of the session that was last ended, so parallel failures end it only once. */
  endedToken: string | null;
}

function buildUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  const full = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  return `${full}${qs ? `?${qs}` : ''}`;
}

function prepare(client: Client, path: string, options: RequestOptions): Prepared {
  const token = client.session.token();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': client.hooks().getLanguage(), ...client.session.headers(token), ...options.headers };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.offlineRead && !options.idempotencyKey) headers[OFFLINE_READ_HEADER] = '1';
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  return { url: buildUrl(path, options.params), init: { method, headers, body }, token };
}

function sessionExpired(client: Client, scope: 'all' | 'token', token: string | null): void {
  client.session.forget(scope);
  if (token !== null && token === client.endedToken) return;
  client.endedToken = token;
  const { translate, onSessionEnd } = client.hooks();
  // Written when shown: a session found ended as the app starts is shown once the shell is up.
  if (client.notifies) notify.error(() => translate('loginExpired'));
  onSessionEnd();
}

const sellerSession: HttpSession = {
  token: getToken,
  headers: (token): Record<string, string> => (token ? { authToken: token } : {}),
  forget: (scope) => {
    if (scope === 'all') clearStorage();
    else removeToken();
    forgetSavedAnswers();
  },
};

const seller: Client = { session: sellerSession, hooks: () => hooks, notifies: true, endedToken: null };

/**
 * Ends the session as a body code 401 does (SPEC §8): clears storage, shows "log in again" once and
 * goes to the login page of the device. For answers that do not come through `request`, such as the
 * notification stream's `{code: 401}` event.
 */
export function expireSession(): void {
  sessionExpired(seller, 'all', getToken());
}

/**
 * Ends the session on purpose (logout, relogin after a password change): "clear storage" of
 * SPEC §8, then the app's session-end hook (login page). No "login expired" message.
 */
export function endSession(): void {
  clearStorage();
  forgetSavedAnswers();
  hooks.onSessionEnd();
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';
}

function failed(kind: ApiErrorKind, message: string, status: number | null, body: Envelope<unknown> | null, requestId: string | null): ApiError {
  noteFailedRequest(requestId);
  return new ApiError(kind, message, {
    status,
    code: body?.code ?? null,
    errorKey: body?.error ?? null,
    details: body?.details ?? [],
    requestId,
  });
}

/** Maps an answer to its data or to the ApiError of SPEC §8. */
function interpret<T>(client: Client, response: Pick<Response, 'status' | 'ok' | 'headers'>, raw: unknown, prepared: Prepared): T | ApiError {
  const { status, ok } = response;
  const { translate } = client.hooks();
  const body = isEnvelope(raw) ? raw : null;
  const serverMsg = body?.msg?.trim() || null;
  const failure = (kind: ApiErrorKind, message: string, envelope: Envelope<unknown> | null) => failed(kind, message, status, envelope, requestIdOf(response, raw));
  if (body?.code === 401) {
    sessionExpired(client, 'all', prepared.token);
    return Object.assign(failure('session', translate('loginExpired'), body), { notified: client.notifies });
  }
  if (status === 401 && prepared.token) {
    sessionExpired(client, 'token', prepared.token);
    return Object.assign(failure('session', translate('loginExpired'), body), { notified: client.notifies });
  }
  // Without a session (the login call) a 403 is the account's own refusal, such as a shop still
  // waiting for approval: its reason is the message. With one, SPEC §8's "no permission", unless
  // the role lacks a permission: the server's message names it.
  if (status === 403) return failure('http', ((!prepared.token || body?.error === 'PERMISSION_DENIED' || body?.error === 'TWO_FACTOR_REQUIRED') && serverMsg) || translate('forbidden'), body);
  if (!ok) return failure('http', serverMsg ?? translate('requestFailed'), body);
  if (!body) return failure('http', translate('requestFailed'), null);
  if (body.code !== 0) return failure('business', serverMsg ?? translate('requestFailed'), body);
  return body.data as T;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function report(client: Client, error: ApiError, options: RequestOptions): ApiError {
  const handled = error.code !== null && options.handledCodes?.includes(error.code);
  if (!error.notified && client.notifies && !options.silent && !handled && error.kind !== 'aborted') {
    notify.error(error.message);
    error.notified = true;
  }
  return error;
}

/** Sends the request; a JSON answer is read in full, a file answer (`asFile` and 2xx) as a Blob. */
async function send(client: Client, prepared: Prepared, options: RequestOptions, asFile = false): Promise<{ response: Response; raw: unknown; blob: Blob | null }> {
  const controller = new AbortController();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? UI.API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    const response = await fetch(prepared.url, { ...prepared.init, signal: controller.signal });
    if (options.offlineRead) {
      const answeredAt = response.headers.get(ANSWERED_AT_HEADER);
      noteReadAnswer(answeredAt === null ? null : Number(answeredAt));
    }
    if (asFile && response.ok) return { response, raw: null, blob: await response.blob() };
    const raw = await readJson(response);
    return { response, raw, blob: null };
  } catch (error) {
    if (timedOut && !options.signal?.aborted) throw Object.assign(new ApiError('network', client.hooks().translate('timeout')), { timedOut: true });
    throw error;
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function exchange(client: Client, path: string, options: RequestOptions, asFile: boolean) {
  let prepared: Prepared;
  try {
    prepared = prepare(client, path, options);
  } catch {
    throw report(client, new ApiError('setup', client.hooks().translate('requestFailed')), options);
  }
  try {
    return { prepared, ...(await send(client, prepared, options, asFile)) };
  } catch (error) {
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    // Offline, say so plainly: what was never opened online has no saved answer to show.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw report(client, error instanceof ApiError ? error : new ApiError('network', client.hooks().translate(offline ? 'offline' : 'networkError')), options);
  }
}

async function requestWith<T>(client: Client, path: string, options: RequestOptions = {}): Promise<T> {
  const sent = await exchange(client, path, options, false);
  const result = interpret<T>(client, sent.response, sent.raw, sent.prepared);
  if (result instanceof ApiError) throw report(client, result, options);
  return result;
}

/**
 * The blob of a GET that answers with a file (lib/file-download.ts, kept out of this module: every
 * first page loads it, and only the desktop's exports download). A failure is the same ApiError as a
 * JSON call's, and an ended session ends the same way.
 */
export async function requestFile(path: string, options: RequestOptions): Promise<{ blob: Blob; response: Response }> {
  const sent = await exchange(seller, path, options, true);
  if (sent.blob) return { blob: sent.blob, response: sent.response };
  const result = interpret<never>(seller, { status: sent.response.status, ok: false, headers: sent.response.headers }, sent.raw, sent.prepared);
  throw report(seller, result instanceof ApiError ? result : new ApiError('http', hooks.translate('requestFailed')), options);
}

/**
 * Whether the server's answer to a failed request arrived (it then keeps that answer under the
 * Idempotency-Key): a refusal did, a network failure, a timeout or a server error did not.
 */
export function answerArrived(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'business' || error.kind === 'session') return true;
  return error.kind === 'http' && error.status !== null && error.status < 500;
}

/** The message of a failure to show in place, else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The same GET whatever the order of its parameters: `path?a=1&b=2`, the unset ones left out. */
export function getKey(path: string, params?: Params): string {
  const defined = Object.entries(params ?? {}).filter(([, value]) => value !== undefined && value !== null);
  defined.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${defined.map(([key, value]) => `${key}=${String(value)}`).join('&')}`;
}

/** Answers already on their way (lib/answer-batch.ts), by getKey: each is taken by the first GET that asks for it. */
const offered = new Map<string, Promise<unknown>>();

/**
 * Offers the answer of a GET that is already being asked for (in a batch at the start): the next
 * `http.get` of the same path and parameters takes it instead of sending its own request, and sends
 * its own after all when the offered answer fails. `withdraw` ends the offer.
 */
export function offerAnswer(key: string, answer: Promise<unknown>): { withdraw: () => void } {
  // No unhandled rejection while nobody has taken it.
  answer.catch(() => undefined);
  offered.set(key, answer);
  return { withdraw: () => void (offered.get(key) === answer && offered.delete(key)) };
}

function takeOffered<T>(path: string, params: Params | undefined): Promise<T> | null {
  const key = getKey(path, params);
  const answer = offered.get(key);
  if (!answer) return null;
  offered.delete(key);
  return answer as Promise<T>;
}

type BodyOptions = Omit<RequestOptions, 'body' | 'method'>;

function clientOf(client: Client) {
  const send = <T>(path: string, options: RequestOptions) => requestWith<T>(client, path, options);
  return {
    /** A GET: the answer on offer when there is one (its own request after all if that failed), else its own request. */
    get<T>(path: string, params?: Params, options: Omit<RequestOptions, 'params' | 'method'> = {}): Promise<T> {
      const ask = () => send<T>(path, { offlineRead: true, ...options, params, method: 'GET' });
      return takeOffered<T>(path, params)?.catch(ask) ?? ask();
    },
    post: <T>(path: string, body?: unknown, options: BodyOptions = {}) => send<T>(path, { ...options, body: body ?? {}, method: 'POST' }),
    put: <T>(path: string, body?: unknown, options: BodyOptions = {}) => send<T>(path, { ...options, body: body ?? {}, method: 'PUT' }),
    delete: <T>(path: string, options: BodyOptions = {}) => send<T>(path, { ...options, method: 'DELETE' }),
    /** POSTs a multipart form (files), with the longer transfer timeout. */
    upload: <T>(path: string, form: FormData, options: BodyOptions = {}) => send<T>(path, { timeoutMs: TRANSFER_TIMEOUT_MS, ...options, body: form, method: 'POST' }),
  };
}

export type HttpClient = ReturnType<typeof clientOf>;

/** The seller's client: the stored seller session, the app's hooks, failures shown through the notifier. */
export const http: HttpClient = clientOf(seller);

/** A client with another session (the mall's buyer): the same requests, answers and ApiErrors. */
export function createHttpClient({ session, hooks: own = {}, notifies = true }: HttpClientOptions): HttpClient {
  return clientOf({ session, hooks: () => ({ ...hooks, ...own }), notifies, endedToken: null });
}
