// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import { requestPublicAnswers, requestStartAnswers, seedStartAnswers, type StartAnswer } from './answer-batch.ts';

/** The browser's fetch, answering like the server: POST /api/batch and single GETs. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => ({ code: 0, msg: 'ok', data });
const sent = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

const me: StartAnswer = { queryKey: ['auth', 'me'], path: '/sellAuth/me' };
const traffic: StartAnswer = { queryKey: ['dashboard', 'view', { window: 30 }], path: '/dashboard/view', query: { window: 30, tzOffset: 420 } };
const wallet: StartAnswer = { queryKey: ['wallet', 'summary'], path: '/wallet/summary' };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the start answers (one batch)', () => {
  it('asks once for all, seeds each answered query, and leaves a failed part to ask on its own', async () => {
    fetchMock.mockResolvedValueOnce(json(ok([{ status: 200, body: ok({ id: 1 }) }, { status: 200, body: ok({ views: 9 }) }, { status: 500, body: { code: 500, msg: 'boom', data: null } }])));
    const arrived = await requestStartAnswers([me, traffic, wallet]);
    expect(sent()).toEqual(['POST /api/batch']);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ requests: [{ path: '/sellAuth/me' }, { path: '/dashboard/view', query: { window: 30, tzOffset: 420 } }, { path: '/wallet/summary' }] });
    const client = new QueryClient();
    seedStartAnswers(client, arrived);
    expect(client.getQueryData(me.queryKey)).toEqual({ id: 1 });
    expect(client.getQueryData(traffic.queryKey)).toEqual({ views: 9 });
    expect(client.getQueryData(wallet.queryKey)).toBeUndefined();
    // The failed part: its query asks on its own. The seeded ones are no longer on offer: a refresh asks again.
    fetchMock.mockResolvedValueOnce(json(ok({ availableCents: 5 }))).mockResolvedValueOnce(json(ok({ views: 10 })));
    await expect(http.get('/wallet/summary')).resolves.toEqual({ availableCents: 5 });
    await expect(http.get('/dashboard/view', { tzOffset: 420, window: 30 })).resolves.toEqual({ views: 10 });
    expect(sent()).toEqual(['POST /api/batch', 'GET /api/wallet/summary', 'GET /api/dashboard/view?tzOffset=420&window=30']);
  });

  it('a query that starts before the batch answered waits for it instead of asking again (parameters in any order)', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const arrived = requestStartAnswers([me, traffic]);
    const early = http.get('/dashboard/view', { tzOffset: 420, window: 30 });
    answer(json(ok([{ status: 200, body: ok({ id: 1 }) }, { status: 200, body: ok({ views: 9 }) }])));
    await expect(early).resolves.toEqual({ views: 9 });
    expect((await arrived).size).toBe(2);
    expect(sent()).toEqual(['POST /api/batch']);
  });

  it('when the whole batch fails, each query asks on its own; an answer nobody took is withdrawn after a while', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(json({ code: 401, msg: 'no', data: null }, 401));
    const arrived = await requestStartAnswers([me, wallet]);
    expect(arrived.size).toBe(0);
    fetchMock.mockResolvedValueOnce(json(ok({ id: 2 })));
    await expect(http.get('/sellAuth/me')).resolves.toEqual({ id: 2 });

    fetchMock.mockResolvedValueOnce(json(ok([{ status: 200, body: ok({ availableCents: 1 }) }])));
    await requestStartAnswers([wallet]);
    await vi.advanceTimersByTimeAsync(10_000);
    fetchMock.mockResolvedValueOnce(json(ok({ availableCents: 2 })));
    await expect(http.get('/wallet/summary')).resolves.toEqual({ availableCents: 2 });
  });
});

describe("a signed-out start's answers (a GET each: the batch needs a session)", () => {
  const settings: StartAnswer = { queryKey: ['support', 'public-config'], path: '/systemSettings/getPublicConfig' };

  it('asks with a GET, seeds the query, and a query that starts meanwhile takes the same answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const arrived = requestPublicAnswers([settings]);
    const early = http.get('/systemSettings/getPublicConfig');
    answer(json(ok({ siteName: 'ShopDesk' })));
    await expect(early).resolves.toEqual({ siteName: 'ShopDesk' });
    const client = new QueryClient();
    seedStartAnswers(client, await arrived);
    expect(client.getQueryData(settings.queryKey)).toEqual({ siteName: 'ShopDesk' });
    expect(sent()).toEqual(['GET /api/systemSettings/getPublicConfig']);
  });

  it('a failed answer seeds nothing, and the query then asks on its own', async () => {
    fetchMock.mockResolvedValueOnce(json({ code: 500, msg: 'boom', data: null }, 500));
    const arrived = await requestPublicAnswers([settings]);
    expect(arrived.size).toBe(0);
    fetchMock.mockResolvedValueOnce(json(ok({ siteName: 'ShopDesk' })));
    await expect(http.get('/systemSettings/getPublicConfig')).resolves.toEqual({ siteName: 'ShopDesk' });
    expect(sent()).toEqual(['GET /api/systemSettings/getPublicConfig', 'GET /api/systemSettings/getPublicConfig']);
  });
});
