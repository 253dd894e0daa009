/**
 * Security headers on pages and API answers, a NUL byte (or a value no
 * column can hold) is a localized 400 and never a 500 whose log holds the query's parameters, and
 * uploaded files are served sandboxed (and as attachments where nothing shows them inline), with
 * polyglots refused at upload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.ts';
import { logSafeError } from '../../src/lib/log-safe-error.ts';
import { call, callMultipart, createTestApp, createWalletTestApp, pdfBytes, pngBytes, requestDeposit, type TestContext, type WalletTestContext } from '../helper.ts';
import { addShopProducts, buyerCall, CARRIER_KEY, deliver, fundShopDirect, newBuyer, newShop, placeOrder, purchase } from '../orders/fixtures.ts';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shopdesk-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title><script type="module" src="/assets/a.js"></script>');
const ctx = {} as WalletTestContext;

beforeAll(async () => {
  Object.assign(ctx, await createWalletTestApp({ carrierKey: CARRIER_KEY, webDistDir: webDir }));
}, 60_000);
afterAll(async () => {
  await ctx.close?.();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const directives = (csp: unknown) => new Map(String(csp).split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('security headers', () => {
  it('API answers are never stored by a cache, refusals of the session check and unknown paths included', async () => {
    for (const url of ['/api/health', '/api/sellAuth/me', '/api/nothing-here']) {
      const { statusCode, headers } = await ctx.app.inject({ method: 'GET', url });
      expect(headers['cache-control'], `${url} (${statusCode})`).toBe('no-store');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/sellAuth/me' })).statusCode).toBe(401);
  });

  it('API answers forbid everything, framing included, with nosniff and no Referer', async () => {
    for (const url of ['/api/health', '/api/sellAuth/me', '/api/nothing-here']) {
      const { headers } = await ctx.app.inject({ method: 'GET', url });
      expect(directives(headers['content-security-policy']).get('default-src'), url).toEqual(["'none'"]);
      expect(directives(headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('pages run under a CSP whose scripts are our own files only', async () => {
    for (const url of ['/', '/m/login', '/orders/list']) {
      const { statusCode, headers } = await ctx.app.inject({ method: 'GET', url });
      expect(statusCode).toBe(200);
      const csp = directives(headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the API reference page keeps its own CSP, never framed', async () => {
    const { headers } = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('sends HSTS only when HSTS_MAX_AGE is set', async () => {
    const withHsts: TestContext = await createTestApp({ hstsMaxAge: 31_536_000 });
    try {
      const { headers } = await withHsts.app.inject({ method: 'GET', url: '/api/health' });
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await withHsts.close();
    }
  });
});

describe('NUL bytes and values no column holds', () => {
  it('refuses a NUL in a body, a query or a path as a localized 400, and an id beyond the integer column too', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 100_000);
    const [productId] = await addShopProducts(ctx, shop, [1_000]);
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    expect((await purchase(ctx.app, shop, orderId)).status).toBe(200);
    await deliver(ctx.app, orderId);
    const review = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 4, content: 'fine', images: [] });
    expect(review.status).toBe(200);
    const reviewId = review.body.data.id;

    const reply = await call(ctx.app, 'POST', '/api/review/reply', { token: shop.token, body: { id: reviewId, reply: 'a\u0000b' }, lang: 'vi-VN' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'VALIDATION_FAILED', details: [{ path: 'reply' }] });
    expect(reply.body.msg).not.toBe('Invalid value');
    const detail = await ctx.app.inject({ method: 'GET', url: '/api/order/getOrderDetail?orderId=a%00b', headers: { authtoken: shop.token } });
    expect(detail.statusCode).toBe(400);
    const review2 = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 4, content: 'x\u0000', images: [] });
    expect(review2.status).toBe(400);
    const path = await ctx.app.inject({ method: 'GET', url: '/api/shop/logos/a%00b.png' });
    expect(path.statusCode).toBe(400);
    const key = await ctx.app.inject({ method: 'POST', url: '/api/review/list', headers: { authtoken: shop.token }, payload: { ['p\u0000']: 1 } });
    expect(key.statusCode).toBe(400);
    // Nothing changed: the review has no reply.
    const [row] = await ctx.db.select({ reply: reviews.reply }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row.reply).toBeNull();

    const huge = await ctx.app.inject({ method: 'GET', url: '/api/buyer/products/2147483648', headers: { buyertoken: buyer.token } });
    expect(huge.statusCode).toBe(400);
    expect(JSON.parse(huge.body).error).toBe('VALIDATION_FAILED');
  });

  it('logs a failed query without its parameters or the values a database error quotes', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "hunter2-secret"'), { code: '22P02', detail: 'Key (username)=(alice) already exists.' });
    const error = new DrizzleQueryError('select * from users where username = $1 and password_hash = $2', ['alice', 'scrypt$hash-secret'], cause);
    const logged = JSON.stringify(logSafeError(error));
    expect(logged).toContain('select * from users where username = $1');
    expect(logged).toContain('22P02');
    for (const secret of ['alice', 'hash-secret', 'hunter2-secret']) expect(logged).not.toContain(secret);
  });
});

describe('uploaded files', () => {
  const polyglotPng = Buffer.concat([pngBytes(), Buffer.from('<html><body><script>fetch("/api/wallet/summary")</script></body></html>')]);
  const scriptedPdf = Buffer.from(pdfBytes().toString('latin1').replace('/Type/Catalog', '/Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>'), 'latin1');

  it('keeps only the picture of a picture that is also a page, and refuses a PDF that carries a script', async () => {
    const shop = await newShop(ctx);
    const deposit = await requestDeposit(ctx.app, shop.token, '100', { file: polyglotPng, contentType: 'image/png', filename: 'a.png' });
    expect(deposit.status).toBe(200);
    const voucher = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${deposit.body.data.id}/screenshot`, headers: { authtoken: shop.token } });
    expect(voucher.rawPayload.toString('latin1')).not.toMatch(/<html|<script/i);
    const pdf = await requestDeposit(ctx.app, shop.token, '100', { file: scriptedPdf, contentType: 'application/pdf', filename: 'a.pdf' });
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toBe('PDF_NOT_PLAIN');
    const logo = await callMultipart(ctx.app, '/api/shop/logo?target=shop', [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: polyglotPng }], { token: shop.token });
    expect(logo.status).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: logo.body.data.logo });
    expect(served.rawPayload.toString('latin1')).not.toMatch(/<html|<script/i);
  });

  it('serves vouchers as sandboxed attachments and logos sandboxed inline', async () => {
    const shop = await newShop(ctx);
    const deposit = await requestDeposit(ctx.app, shop.token, '100');
    expect(deposit.status).toBe(200);
    const voucher = await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${deposit.body.data.id}/screenshot`, headers: { authtoken: shop.token } });
    expect(voucher.statusCode).toBe(200);
    expect(directives(voucher.headers['content-security-policy']).has('sandbox')).toBe(true);
    expect(voucher.headers['content-disposition']).toBe(`attachment; filename="voucher-${deposit.body.data.id}.png"`);
    expect(voucher.headers['x-content-type-options']).toBe('nosniff');

    const upload = await callMultipart(ctx.app, '/api/shop/logo?target=shop', [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: pngBytes() }], { token: shop.token });
    expect(upload.status).toBe(200);
    const logo = await ctx.app.inject({ method: 'GET', url: upload.body.data.logo });
    expect(logo.statusCode).toBe(200);
    expect(directives(logo.headers['content-security-policy']).has('sandbox')).toBe(true);
    expect(String(logo.headers['content-disposition'])).toMatch(/^inline; filename="[0-9a-f]{32}\.png"$/);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
  });
});
