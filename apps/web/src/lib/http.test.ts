// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI } from '@shopdesk/shared/constants';
import { ApiError, configureHttp, createHttpClient, endSession, http, TRANSFER_TIMEOUT_MS, type HttpMessageKey } from './http.ts';
import { downloadFile } from './file-download.ts';
import { setNotifier } from './notifier.ts';
import { getSessionItem, saveSession } from './storage.ts';

const shown: string[] = [];
const onSessionEnd = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let tokenSeq = 0;
function login(remember = true) {
  saveSession({ token: `tok${++tokenSeq}`, shopId: 7, shopName: 'Shop', shopLogo: '', userId: 3 }, remember);
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  shown.length = 0;
  onSessionEnd.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ error: (t) => shown.push(`error:${t}`), success: (t) => shown.push(`ok:${t}`), info: (t) => shown.push(`info:${t}`), warning: (t) => shown.push(`warning:${t}`) });
  configureHttp({ translate: (key: HttpMessageKey) => `t(${key})`, getLanguage: () => 'vi-VN', onSessionEnd });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends JSON with the token, language and base path, and returns data on code 0', async () => {
    login();
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: 'ok', data: { n: 5 } }));
    const data = await http.post<{ n: number }>('/order/x', { a: 1 }, { params: { shopId: 7, skip: undefined } });
    expect(data).toEqual({ n: 5 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/order/x?shopId=7');
    const headers = init?.headers as Record<string, string>;
    expect(headers.authToken).toBe(`tok${tokenSeq}`);
    expect(headers['Accept-Language']).toBe('vi-VN');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(shown).toEqual([]);
  });

  it('sends no authToken header without a stored token', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: 'ok', data: 1 }));
    await http.get('/systemSettings/getPublicConfig');
    const headers = fetchMock.mock.calls[0][1]?.headers as Record<string, string>;
    expect(headers.authToken).toBeUndefined();
  });

  it('body code 401 clears all storage, says so once and goes to login', async () => {
    login();
    fetchMock.mockResolvedValue(answer(200, { code: 401, msg: 'unauthorized', data: null }));
    const error = await failureOf(http.get('/sellAuth/me'));
    expect(error.kind).toBe('session');
    expect(getSessionItem('token')).toBeNull();
    expect(getSessionItem('shopId')).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['error:t(loginExpired)']);
  });

  it('parallel failures of one session end it once', async () => {
    login();
    fetchMock.mockImplementation(async () => answer(401, { code: 401, msg: 'unauthorized', data: null }));
    await Promise.all([failureOf(http.get('/a')), failureOf(http.get('/b')), failureOf(http.get('/c'))]);
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['error:t(loginExpired)']);
  });

  it('HTTP 401 on a request with a token removes the token and goes to login', async () => {
    login(false);
    fetchMock.mockResolvedValue(answer(401, { code: 1002, msg: 'expired', data: null }));
    const error = await failureOf(http.get('/order/getPurchaseOrderCount'));
    expect(error.kind).toBe('session');
    expect(getSessionItem('token')).toBeNull();
    expect(getSessionItem('shopName')).toBe('Shop');
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['error:t(loginExpired)']);
  });

  it('HTTP 401 without a token (the login call) shows the server message only', async () => {
    fetchMock.mockResolvedValue(answer(401, { code: 1002, msg: 'Sai tên đăng nhập hoặc mật khẩu', error: 'INVALID_CREDENTIALS', data: null }));
    const error = await failureOf(http.post('/sellAuth/login', { username: 'demo' }));
    expect(error.kind).toBe('http');
    expect(error.errorKey).toBe('INVALID_CREDENTIALS');
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(shown).toEqual(['error:Sai tên đăng nhập hoặc mật khẩu']);
  });

  it('HTTP 403 shows the no-permission message', async () => {
    login();
    fetchMock.mockResolvedValue(answer(403, { code: 403, msg: 'server text', data: null }));
    const error = await failureOf(http.get('/x'));
    expect(error.status).toBe(403);
    expect(shown).toEqual(['error:t(forbidden)']);
    expect(getSessionItem('token')).toBe(`tok${tokenSeq}`);
  });

  it("HTTP 403 of a shop requiring the second factor shows the server's reason (where to turn it on)", async () => {
    login();
    fetchMock.mockResolvedValue(answer(403, { code: 1156, msg: 'Kedai anda mewajibkan pengesahan dua langkah', error: 'TWO_FACTOR_REQUIRED', data: null }));
    const error = await failureOf(http.get('/x'));
    expect(error.errorKey).toBe('TWO_FACTOR_REQUIRED');
    expect(shown).toEqual(['error:Kedai anda mewajibkan pengesahan dua langkah']);
    expect(onSessionEnd).not.toHaveBeenCalled();
  });

  it('HTTP 403 without a token (a login refused for the shop waiting for approval) shows the server message', async () => {
    fetchMock.mockResolvedValue(answer(403, { code: 1140, msg: 'Your shop is waiting for approval', error: 'SHOP_PENDING_APPROVAL', data: null }));
    const error = await failureOf(http.post('/sellAuth/login', { username: 'newshop' }));
    expect(error.errorKey).toBe('SHOP_PENDING_APPROVAL');
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(shown).toEqual(['error:Your shop is waiting for approval']);
  });

  it('other HTTP errors show the server message, or the generic one', async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { code: 1013, msg: 'Locked for 30 minutes', error: 'FUND_PASSWORD_LOCKED', data: null }));
    const locked = await failureOf(http.post('/order/setPayPassword', {}));
    expect(locked.errorKey).toBe('FUND_PASSWORD_LOCKED');
    fetchMock.mockResolvedValueOnce(answer(502, '<html>Bad gateway</html>'));
    await failureOf(http.get('/x'));
    expect(shown).toEqual(['error:Locked for 30 minutes', 'error:t(requestFailed)']);
  });

  it('a non-zero code with HTTP 200 is a failure with the server message', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 1020, msg: 'Insufficient balance', data: null }));
    const error = await failureOf(http.post('/x', {}));
    expect(error.kind).toBe('business');
    expect(error.code).toBe(1020);
    expect(shown).toEqual(['error:Insufficient balance']);
  });

  it('codes the caller handles are not shown globally', async () => {
    login();
    fetchMock.mockResolvedValue(answer(422, { code: -1, msg: 'Wrong old password', error: 'WRONG_OLD_PASSWORD', data: null }));
    const error = await failureOf(http.post('/sellAuth/updatePassword', {}, { handledCodes: [-1] }));
    expect(error.code).toBe(-1);
    expect(error.notified).toBe(false);
    expect(shown).toEqual([]);
  });

  it('no response is a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(http.get('/x'));
    expect(error.kind).toBe('network');
    expect(shown).toEqual(['error:t(networkError)']);
  });

  it('times out after UI.API_TIMEOUT_MS as a network error that says so', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = failureOf(http.get('/slow'));
    await vi.advanceTimersByTimeAsync(UI.API_TIMEOUT_MS - 1);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('network');
    expect(error.timedOut).toBe(true);
    expect(error.message).toBe('t(timeout)');
    expect(shown).toEqual(['error:t(timeout)']);
  });

  it('a request that cannot be built is a request-failed error and is never sent', async () => {
    const error = await failureOf(http.post('/x', { big: 1n }));
    expect(error.kind).toBe('setup');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown).toEqual(['error:t(requestFailed)']);
  });

  it('a request cancelled by its caller is not reported', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = failureOf(http.get('/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(shown).toEqual([]);
  });
});

describe('http client: files, money actions and the end of a session', () => {
  it('sends a multipart form as is (the browser sets its boundary), with the Idempotency-Key', async () => {
    login();
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: 'ok', data: { id: 9 } }));
    const form = new FormData();
    form.append('amount', '10');
    const data = await http.upload<{ id: number }>('/wallet/deposit', form, { idempotencyKey: 'key-1', silent: true });
    expect(data).toEqual({ id: 9 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/wallet/deposit');
    expect(init?.body).toBe(form);
    const headers = init?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers.authToken).toBe(`tok${tokenSeq}`);
  });

  it('gives an upload the longer transfer timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const pending = failureOf(http.upload('/wallet/deposit', new FormData(), { silent: true }));
    await vi.advanceTimersByTimeAsync(UI.API_TIMEOUT_MS);
    expect(fetchMock.mock.calls[0][1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(TRANSFER_TIMEOUT_MS - UI.API_TIMEOUT_MS);
    expect((await pending).kind).toBe('network');
    expect(shown).toEqual([]);
  });

  it('downloads a file with the session header and the server’s file name', async () => {
    login();
    fetchMock.mockResolvedValue(
      new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': "attachment; filename*=UTF-8''orders%202026.csv" } }),
    );
    const file = await downloadFile('/order/exportOrders', { status: 'paid', skip: undefined });
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    expect(file.fileName).toBe('orders 2026.csv');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/order/exportOrders?status=paid');
    expect((init?.headers as Record<string, string>).authToken).toBe(`tok${tokenSeq}`);
  });

  it('a refused download is an ApiError with the server message, shown by the caller when silent', async () => {
    login();
    fetchMock.mockResolvedValue(answer(404, { code: 404, msg: 'voucher not found', data: null }));
    const error = await failureOf(downloadFile('/wallet/vouchers/1', undefined, { silent: true }));
    expect(error.kind).toBe('http');
    expect(error.message).toBe('voucher not found');
    expect(shown).toEqual([]);
  });

  it('a download whose session expired ends the session through the hook, without another request', async () => {
    login();
    fetchMock.mockResolvedValue(answer(401, { code: 401, msg: 'unauthorized', data: null }));
    const error = await failureOf(downloadFile('/wallet/paymentHistory/export', undefined, { silent: true }));
    expect(error.kind).toBe('session');
    expect(getSessionItem('token')).toBeNull();
    expect(getSessionItem('shopId')).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(shown).toEqual(['error:t(loginExpired)']);
  });

  it('endSession (logout, relogin) clears storage and calls the hook, with no request and no message', () => {
    login();
    endSession();
    expect(getSessionItem('token')).toBeNull();
    expect(getSessionItem('shopId')).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});

describe('a client with another session (the mall’s buyer)', () => {
  let buyerToken: string | null = null;
  const buyerEnded = vi.fn();
  const buyer = createHttpClient({
    session: {
      token: () => buyerToken,
      headers: (token): Record<string, string> => ({ 'x-visitor-id': 'v1', ...(token ? { buyerToken: token } : {}) }),
      forget: () => void (buyerToken = null),
    },
    hooks: { translate: (key) => `mall(${key})`, onSessionEnd: buyerEnded },
    notifies: false,
  });

  beforeEach(() => {
    buyerToken = 'buyer-1';
    buyerEnded.mockReset();
  });

  it('sends its own token and headers, never the seller’s, with the app’s language', async () => {
    login();
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: 'ok', data: [1] }));
    expect(await buyer.put<number[]>('/buyer/cart/3', { quantity: 2 })).toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/buyer/cart/3');
    expect(init?.method).toBe('PUT');
    const headers = init?.headers as Record<string, string>;
    expect(headers).toMatchObject({ buyerToken: 'buyer-1', 'x-visitor-id': 'v1', 'Accept-Language': 'vi-VN' });
    expect(headers.authToken).toBeUndefined();
  });

  it('an ended buyer session forgets the buyer only: the seller stays logged in, nothing is shown globally', async () => {
    login();
    fetchMock.mockImplementation(async () => answer(401, { code: 401, msg: 'unauthorized', data: null }));
    const errors = await Promise.all([failureOf(buyer.get('/buyer/me')), failureOf(buyer.delete('/buyer/cart/1'))]);
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ['session', 'mall(loginExpired)'],
      ['session', 'mall(loginExpired)'],
    ]);
    expect(buyerToken).toBeNull();
    expect(buyerEnded).toHaveBeenCalledTimes(1);
    expect(getSessionItem('token')).toBe(`tok${tokenSeq}`);
    expect(onSessionEnd).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('a refusal is the same ApiError as the seller’s, shown only by the caller; a network failure reads in its own words', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { code: 1201, msg: 'Số dư không đủ', error: 'INSUFFICIENT_BALANCE', data: null }));
    const refused = await failureOf(buyer.post('/buyer/cart/checkout', { itemIds: [1] }, { idempotencyKey: 'k1' }));
    expect([refused.kind, refused.errorKey, refused.message]).toEqual(['http', 'INSUFFICIENT_BALANCE', 'Số dư không đủ']);
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await failureOf(buyer.get('/mall/home'));
    expect([offline.kind, offline.message]).toEqual(['network', 'mall(networkError)']);
    expect(shown).toEqual([]);
    expect(buyerEnded).not.toHaveBeenCalled();
  });
});
