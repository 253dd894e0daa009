import { UI } from '@shopdesk/shared/constants';
import type { Envelope, ErrorKey } from '@shopdesk/shared/errors';
import { clearStorage, getToken, removeToken } from './storage.ts';
import { notify } from './notifier.ts';

/**
 * The fetch-based API client (SPEC §7, §8). Every answer is `{ code, msg, data }`; code 0 is
 * success. Failures are shown once through the injected notifier and thrown as ApiError.
 */
export const API_BASE = '/api';

export type ApiErrorKind = 'business' | 'http' | 'session' | 'network' | 'setup' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly errorKey: ErrorKey | null;
  readonly details: { path: string; message: string }[];
  /** Whether the user has already been shown this failure. */
  notified = false;

  constructor(kind: ApiErrorKind, message: string, init: Partial<Pick<ApiError, 'status' | 'code' | 'errorKey' | 'details'>> = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.errorKey = init.errorKey ?? null;
    this.details = init.details ?? [];
  }
}

export type HttpMessageKey = 'loginExpired' | 'forbidden' | 'requestFailed' | 'networkError';

export interface HttpHooks {
  /** Text of the client's own messages in the current language. */
  translate(key: HttpMessageKey): string;
  /** Sent as Accept-Language so the server localizes its `msg`. */
  getLanguage(): string;
  /** Called once the session is gone (storage already cleared): go to the login page. */
  onSessionEnd(): void;
}

const fallbackText: Record<HttpMessageKey, string> = {
  loginExpired: 'Login expired, please log in again',
  forbidden: 'No permission to access this resource',
  requestFailed: 'Request failed, please try again later',
  networkError: 'Network error, please check your connection',
};

let hooks: HttpHooks = {
  translate: (key) => fallbackText[key],
  getLanguage: () => 'en-US',
  onSessionEnd: () => undefined,
};

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Body codes the caller handles itself (e.g. -1, wrong old password): no global message. */
  handledCodes?: number[];
  /** No global message for any failure; an ended session is still handled. */
  silent?: boolean;
}

interface Prepared {
  url: string;
  init: RequestInit;
  token: string | null;
}

function buildUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

function prepare(path: string, options: RequestOptions): Prepared {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': hooks.getLanguage(), ...options.headers };
  if (token) headers.authToken = token;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  return { url: buildUrl(path, options.params), init: { method, headers, body }, token };
}

/** The token of the session that was last ended, so parallel failures end it only once. */
let endedToken: string | null = null;

function endSession(scope: 'all' | 'token', token: string | null): void {
  if (scope === 'all') clearStorage();
  else removeToken();
  if (token !== null && token === endedToken) return;
  endedToken = token;
  notify.error(hooks.translate('loginExpired'));
  hooks.onSessionEnd();
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof (value as { code: unknown }).code === 'number';
}

function failure(kind: ApiErrorKind, message: string, status: number | null, body: Envelope<unknown> | null): ApiError {
  return new ApiError(kind, message, {
    status,
    code: body?.code ?? null,
    errorKey: body?.error ?? null,
    details: body?.details ?? [],
  });
}

/** Maps an answer to its data or to the ApiError of SPEC §8. */
function interpret<T>(status: number, ok: boolean, raw: unknown, prepared: Prepared): T | ApiError {
  const body = isEnvelope(raw) ? raw : null;
  const serverMsg = body?.msg?.trim() || null;
  if (body?.code === 401) {
    endSession('all', prepared.token);
    return Object.assign(failure('session', hooks.translate('loginExpired'), status, body), { notified: true });
  }
  if (status === 401 && prepared.token) {
    endSession('token', prepared.token);
    return Object.assign(failure('session', hooks.translate('loginExpired'), status, body), { notified: true });
  }
  if (status === 403) return failure('http', hooks.translate('forbidden'), status, body);
  if (!ok) return failure('http', serverMsg ?? hooks.translate('requestFailed'), status, body);
  if (!body) return failure('http', hooks.translate('requestFailed'), status, null);
  if (body.code !== 0) return failure('business', serverMsg ?? hooks.translate('requestFailed'), status, body);
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

function report(error: ApiError, options: RequestOptions): ApiError {
  const handled = error.code !== null && options.handledCodes?.includes(error.code);
  if (!error.notified && !options.silent && !handled && error.kind !== 'aborted') {
    notify.error(error.message);
    error.notified = true;
  }
  return error;
}

async function send(prepared: Prepared, options: RequestOptions): Promise<{ response: Response; raw: unknown }> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), options.timeoutMs ?? UI.API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    const response = await fetch(prepared.url, { ...prepared.init, signal: controller.signal });
    const raw = await readJson(response);
    return { response, raw };
  } finally {
    clearTimeout(timeout);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let prepared: Prepared;
  try {
    prepared = prepare(path, options);
  } catch {
    throw report(new ApiError('setup', hooks.translate('requestFailed')), options);
  }
  let sent: { response: Response; raw: unknown };
  try {
    sent = await send(prepared, options);
  } catch {
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    throw report(new ApiError('network', hooks.translate('networkError')), options);
  }
  const result = interpret<T>(sent.response.status, sent.response.ok, sent.raw, prepared);
  if (result instanceof ApiError) throw report(result, options);
  return result;
}

export const http = {
  get: <T>(path: string, params?: Params, options: Omit<RequestOptions, 'params' | 'method'> = {}) =>
    request<T>(path, { ...options, params, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...options, body: body ?? {}, method: 'POST' }),
};
