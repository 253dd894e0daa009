import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH } from '@shopdesk/shared/constants';
import { call, createSeller, createTestApp, loginToken, type TestContext } from '../helper.ts';

/** POST /api/batch: several GET answers in one request, each exactly as on its own. */
let ctx: TestContext;
let token: string;
let shopId: number;
let otherShopId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const seller = await createSeller(ctx.db);
  otherShopId = (await createSeller(ctx.db)).shopId;
  shopId = seller.shopId;
  token = await loginToken(ctx.app, seller.username, seller.password);
});
afterAll(() => ctx.close());

const batch = (requests: unknown, options: { token?: string; lang?: string } = { token: undefined }) => call(ctx.app, 'POST', '/api/batch', { ...options, body: { requests } });

describe('POST /api/batch', () => {
  it('answers each GET in the order asked, byte for byte what the route answers on its own', async () => {
    const gets: { path: string; query?: Record<string, number> }[] = [
      { path: '/sellAuth/me' },
      { path: '/dashboard/view', query: { window: 30, tzOffset: 420 } },
      { path: '/systemSettings/getUserLevel', query: { shopId } },
      { path: '/wallet/summary' },
      { path: '/shopHealth/history', query: { page: 1, pageSize: 3 } },
      { path: '/chat/unread' },
    ];
    const { status, body } = await batch(gets, { token, lang: 'vi-VN' });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(gets.length);
    for (const [i, get] of gets.entries()) {
      const alone = await call(ctx.app, 'GET', `/api${get.path}`, { token, lang: 'vi-VN', query: get.query });
      expect(body.data[i], get.path).toEqual({ status: alone.status, body: alone.body });
      expect(body.data[i].status, get.path).toBe(200);
    }
  });

  it("keeps each part's own refusal: another shop's level is 404 beside the answers that succeed", async () => {
    const { status, body } = await batch(
      [
        { path: '/order/getPurchaseOrderCount', query: { shopId } },
        { path: '/order/getPurchaseOrderCount', query: { shopId: otherShopId } },
        { path: '/dashboard/view', query: { window: 8 } },
      ],
      { token },
    );
    expect(status).toBe(200);
    expect(body.data.map((part: { status: number }) => part.status)).toEqual([200, 404, 400]);
    expect(body.data[0].body).toMatchObject({ code: 0, data: 0 });
    expect(body.data[1].body.code).not.toBe(0);
    expect(body.data[2].body.code).not.toBe(0);
  });

  it('needs a session, and refuses other routes, too many parts and odd queries without answering any part', async () => {
    expect((await batch([{ path: '/wallet/summary' }])).status).toBe(401);
    const refused = [
      [{ path: '/notifications/stream' }],
      [{ path: '/wallet/summary/../../ops/x' }],
      [{ path: '/batch' }],
      [],
      Array.from({ length: BATCH.MAX_REQUESTS + 1 }, () => ({ path: '/wallet/summary' })),
      [{ path: '/dashboard/view', query: { 'window[]': 7 } }],
      [{ path: '/dashboard/view', query: { window: { $gt: 1 } } }],
      'not a list',
    ];
    for (const requests of refused) {
      const { status, body } = await batch(requests, { token, lang: 'en-US' });
      expect(status, JSON.stringify(requests).slice(0, 80)).toBe(400);
      expect(body.code).not.toBe(0);
      expect(typeof body.msg).toBe('string');
      // In the caller's language.
      const vietnamese = await batch(requests, { token, lang: 'vi-VN' });
      expect(vietnamese.status).toBe(400);
      expect(vietnamese.body.msg).not.toBe(body.msg);
    }
  });

  it('counts each part against the rate limit, as if sent on its own', async () => {
    const limited = await createTestApp({ rateLimitPerAddress: 0, rateLimitPerSession: 5 });
    try {
      const seller = await createSeller(limited.db);
      const sellerToken = await loginToken(limited.app, seller.username, seller.password);
      const first = await call(limited.app, 'POST', '/api/batch', { token: sellerToken, body: { requests: [{ path: '/wallet/summary' }, { path: '/sellAuth/me' }, { path: '/wallet/summary' }] } });
      // The batch itself and its three parts: four of the five allowed.
      expect(first.body.data.map((part: { status: number }) => part.status)).toEqual([200, 200, 200]);
      const second = await call(limited.app, 'POST', '/api/batch', { token: sellerToken, body: { requests: [{ path: '/wallet/summary' }] } });
      // The fifth request is the batch; its part is the sixth.
      expect(second.status).toBe(200);
      expect(second.body.data[0].status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
