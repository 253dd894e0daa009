/**
 * Malformed input is the client's fault and answers 4xx, never 500: strings that are not valid
 * Unicode (a lone surrogate) wherever they would reach the database, and multipart bodies that do
 * not parse, on every upload route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, createWalletTestApp, loginToken, pngBytes, storedScreenshots, type WalletTestContext } from '../helper.ts';

let ctx: WalletTestContext;
let token: string;
beforeAll(async () => {
  ctx = await createWalletTestApp();
  const seller = await createSeller(ctx.db);
  token = await loginToken(ctx.app, seller.username, seller.password);
});
afterAll(() => ctx.close());

/** A JSON text with `\ud800` left as an escape, so the parsed string holds a lone surrogate. */
const withLoneSurrogate = (body: Record<string, unknown>, field: string) => JSON.stringify({ ...body, [field]: 'MARK' }).replace('MARK', 'ab\\ud800cd');

async function post(url: string, payload: string, options: { token?: string; lang?: string } = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(options.token ? { authtoken: options.token } : {}), 'accept-language': options.lang ?? 'en-US' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as { error?: string; msg?: string } };
}

describe('a lone surrogate in a string field', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const cases: { label: string; url: string; body: Record<string, unknown>; field: string; auth?: boolean }[] = [
    { label: 'the seller login username', url: '/api/sellAuth/login', body: { password: b64('secret123'), rememberMe: false }, field: 'username' },
    { label: 'the operator login username', url: '/api/ops/login', body: { password: b64('secret123'), rememberMe: false }, field: 'username' },
    { label: 'the buyer login username', url: '/api/buyer/login', body: { password: b64('secret123') }, field: 'username' },
    { label: 'the buyer registration nickname', url: '/api/buyer/register', body: { username: 'surrogate_buyer', password: b64('secret123') }, field: 'nickname' },
    { label: 'a password reset request', url: '/api/sellAuth/resetRequest', body: { contact: 'me' }, field: 'username' },
    { label: 'the shop name', url: '/api/shop/update', body: {}, field: 'shopName', auth: true },
  ];

  it.each(cases)('answers 400 VALIDATION_FAILED for $label, localized', async ({ url, body, field, auth }) => {
    const en = await post(url, withLoneSurrogate(body, field), { token: auth ? token : undefined });
    const vi = await post(url, withLoneSurrogate(body, field), { token: auth ? token : undefined, lang: 'vi-VN' });
    expect(en.status, JSON.stringify(en.body)).toBe(400);
    expect(en.body.error).toBe('VALIDATION_FAILED');
    expect(vi.body.msg).not.toBe(en.body.msg);
  });

  it('answers 400 in a query string too', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/order/getOrderList?keyword=ab%ED%A0%80cd', headers: { authtoken: token } });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('malformed multipart bodies on the upload routes', () => {
  const routes = ['/api/wallet/deposit', '/api/shop/logo'];
  const boundary = '----shopdeskbroken';
  const png = pngBytes();
  const bodies: { label: string; contentType: string; payload: Buffer }[] = [
    { label: 'no boundary', contentType: 'multipart/form-data', payload: Buffer.from('--x\r\n\r\n') },
    {
      label: 'a body cut before its end',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), png.subarray(0, 20)]),
    },
    { label: 'garbage instead of parts', contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from('this is not a multipart body at all') },
    {
      label: 'a part without headers',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.from(`--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`),
    },
    {
      label: 'two files where one is allowed',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="screenshot"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    },
    {
      label: 'a field name with a lone surrogate',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n`), Buffer.from([0x31, 0x30, 0xed, 0xa0, 0x80]), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    },
  ];

  for (const url of routes) {
    it.each(bodies)(`${url}: answers 4xx for $label and stores nothing`, async ({ contentType, payload }) => {
      const before = storedScreenshots(ctx.uploadsDir).length;
      const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authtoken: token, 'accept-language': 'en-US' } });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      const body = JSON.parse(response.body) as { error?: string; msg?: string };
      expect(body.error).toBeTruthy();
      expect(body.msg).not.toMatch(/^error\./);
      expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(before);
    });
  }
});
