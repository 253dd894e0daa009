import { UI } from '@shopdesk/shared/constants';
import type { Envelope } from '@shopdesk/shared/errors';
import i18next from 'i18next';
import { API_BASE, ApiError, http } from '../../../lib/http.ts';
import { getToken } from '../../../lib/storage.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/**
 * What the JSON client (lib/http.ts) does not do: multipart uploads, and files (CSV exports,
 * payment screenshots) that need the authToken header, so they cannot be plain links.
 * Failures become the same ApiError as in the JSON client; none is shown globally, the caller
 * shows it where it belongs. A 401 lets the JSON client end the session the usual way.
 */

/** Uploads can take longer than the 10 s of ordinary calls on a slow phone connection. */
export const UPLOAD_TIMEOUT_MS = UI.API_TIMEOUT_MS * 6;

type Params = Record<string, string | number | undefined | null>;

export function apiUrl(path: string, params?: Params): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const qs = query.toString();
  const full = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  return `${full}${qs ? `?${qs}` : ''}`;
}

function text(key: 'requestFailed' | 'networkError' | 'forbidden'): string {
  return i18next.t(`common:http.${key}`);
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  try {
    const body = (await response.json()) as unknown;
    return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number' ? (body as Envelope<unknown>) : null;
  } catch {
    return null;
  }
}

function endSessionThroughClient(): void {
  // The JSON client owns the session: one authenticated call makes it clear storage and go to login.
  void http.get('/sellAuth/me', undefined, { silent: true }).catch(() => undefined);
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const headers = new Headers(init.headers);
  const token = getToken();
  if (token) headers.set('authToken', token);
  headers.set('Accept-Language', currentLanguage());
  try {
    return await fetch(url, { ...init, headers, signal: controller.signal });
  } catch {
    throw Object.assign(new ApiError('network', text('networkError')), { notified: true });
  } finally {
    clearTimeout(timer);
  }
}

function failure(status: number, body: Envelope<unknown> | null): ApiError {
  const session = status === 401 || body?.code === 401;
  if (session) endSessionThroughClient();
  const kind = session ? 'session' : status >= 200 && status < 300 ? 'business' : 'http';
  const message = status === 403 ? text('forbidden') : body?.msg?.trim() || text('requestFailed');
  return Object.assign(new ApiError(kind, message, { status, code: body?.code ?? null, errorKey: body?.error ?? null, details: body?.details ?? [] }), {
    notified: true,
  });
}

/** POSTs a multipart form and answers the envelope's data, or throws an ApiError. */
export async function postMultipart<T>(path: string, form: FormData, headers: Record<string, string> = {}): Promise<T> {
  const response = await send(apiUrl(path), { method: 'POST', body: form, headers: { Accept: 'application/json', ...headers } }, UPLOAD_TIMEOUT_MS);
  const body = await readEnvelope(response);
  if (!response.ok || !body || body.code !== 0) throw failure(response.status, body);
  return body.data as T;
}

/** GETs a file (a screenshot, a CSV export) with the session header. */
export async function fetchBlob(path: string, params?: Params): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(apiUrl(path, params), { method: 'GET' }, UPLOAD_TIMEOUT_MS);
  if (!response.ok) throw failure(response.status, await readEnvelope(response));
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName: fileName ? decodeURIComponent(fileName) : null };
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads an authenticated export (CSV of the filtered rows). */
export async function downloadExport(path: string, params: Params, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchBlob(path, params);
  saveBlob(blob, fileName ?? fallbackName);
}
