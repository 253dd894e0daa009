import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SHOP } from '@shopdesk/shared/constants';
import { activityLog, shops } from '../../src/db/schema.ts';
import { call, callMultipart, createSeller, createWalletTestApp, gifBytes, jpegBytes, loginToken, pngBytes, webpBytes, type SellerFixture, type WalletTestContext } from '../helper.ts';
import { afterAll } from 'vitest';

let ctx: WalletTestContext;
let seller: SellerFixture;
let token: string;

beforeAll(async () => {
  ctx = await createWalletTestApp();
  seller = await createSeller(ctx.db);
  token = await loginToken(ctx.app, seller.username, seller.password);
});
afterAll(() => ctx.close());

const info = async () => (await call(ctx.app, 'GET', '/api/shop/info', { token })).body.data;
const update = (body: Record<string, unknown>, lang?: string) => call(ctx.app, 'POST', '/api/shop/update', { token, body, lang });
const storedLogos = () => {
  const dir = path.join(ctx.uploadsDir, 'logos');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const uploadLogo = (data: Buffer, filename: string, contentType: string, target = 'shop') =>
  callMultipart(ctx.app, `/api/shop/logo?target=${target}`, [{ name: 'logo', filename, contentType, data }], { token });

describe('shop settings', () => {
  it('answers the shop info', async () => {
    expect(await info()).toEqual({ shopId: seller.shopId, shopName: `${seller.username} shop`, shopLogo: '', whatsapp: '', zalo: '', facebook: '', siteName: '', siteLogo: '' });
  });

  it('saves name and contacts, seen by "who am I" (the header) at once, and logs the change', async () => {
    const saved = await update({ shopName: '  Lotus Store  ', whatsapp: '84901234567', zalo: '0901234567', facebook: 'Lotus Store Official' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ shopName: 'Lotus Store', whatsapp: '84901234567', zalo: '0901234567', facebook: 'Lotus Store Official' });
    const me = await call(ctx.app, 'GET', '/api/sellAuth/me', { token });
    expect(me.body.data.shop.shopName).toBe('Lotus Store');
    const [entry] = await ctx.db.select().from(activityLog).where(eq(activityLog.shopId, seller.shopId));
    expect(entry).toMatchObject({ action: 'settings_changed', subject: 'shop', userId: seller.userId });
    expect(String(entry.detail.fields).split(',').sort()).toEqual(['facebook', 'name', 'whatsapp', 'zalo']);
    // Clearing the contacts is allowed; the name is not optional.
    expect((await update({ shopName: 'Lotus Store', whatsapp: '', zalo: '', facebook: '' })).status).toBe(200);
  });

  it.each([
    ['a missing name', { whatsapp: '1' }, 'shopName', 'validation.required'],
    ['an empty name', { shopName: '   ' }, 'shopName', 'validation.required'],
    ['a 1-character name', { shopName: 'A' }, 'shopName', 'validation.shopName'],
    ['a 51-character name', { shopName: 'N'.repeat(SHOP.NAME_MAX + 1) }, 'shopName', 'validation.shopName'],
    // One flag is one character however many code units it takes.
    ['a name of one flag', { shopName: '🇵🇭' }, 'shopName', 'validation.shopName'],
    ['a name of 51 flags', { shopName: '🇵🇭'.repeat(SHOP.NAME_MAX + 1) }, 'shopName', 'validation.shopName'],
    ['WhatsApp with a plus sign', { shopName: 'Valid', whatsapp: '+84901234567' }, 'whatsapp', 'validation.socialDigits'],
    ['WhatsApp with letters', { shopName: 'Valid', whatsapp: '0901abc' }, 'whatsapp', 'validation.socialDigits'],
    ['WhatsApp of 21 digits', { shopName: 'Valid', whatsapp: '1'.repeat(SHOP.PHONE_SOCIAL_MAX + 1) }, 'whatsapp', 'validation.socialDigits'],
    ['Zalo with spaces', { shopName: 'Valid', zalo: '090 123 4567' }, 'zalo', 'validation.socialDigits'],
    ['Zalo of 21 digits', { shopName: 'Valid', zalo: '9'.repeat(SHOP.PHONE_SOCIAL_MAX + 1) }, 'zalo', 'validation.socialDigits'],
    ['a Facebook name over the limit', { shopName: 'Valid', facebook: 'f'.repeat(SHOP.SOCIAL_MAX + 1) }, 'facebook', 'validation.facebook'],
  ])('refuses %s with its message and changes nothing', async (_what, body, field, key) => {
    const before = await info();
    const answer = await update(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('VALIDATION_FAILED');
    expect(answer.body.details[0].path).toBe(field);
    const { enUS } = await import('../../src/i18n/messages/en-US.ts');
    expect(answer.body.details[0].message).toBe(enUS[key as keyof typeof enUS]);
    expect(await info()).toEqual(before);
  });

  it('counts user-perceived characters: an emoji name is kept whole, 50 flags fit', async () => {
    const emoji = await update({ shopName: '🇵🇭✨', facebook: '👍🏽'.repeat(SHOP.SOCIAL_MAX) });
    expect(emoji.status).toBe(200);
    expect(emoji.body.data).toMatchObject({ shopName: '🇵🇭✨', facebook: '👍🏽'.repeat(SHOP.SOCIAL_MAX) });
    expect((await info()).shopName).toBe('🇵🇭✨');
    const flags = '🇵🇭'.repeat(SHOP.NAME_MAX);
    expect((await update({ shopName: flags })).status).toBe(200);
    expect((await info()).shopName).toBe(flags);
  });

  it('accepts the limits themselves: 2 and 50 characters, 20 digits, 100 characters', async () => {
    expect((await update({ shopName: 'AB' })).status).toBe(200);
    const edge = await update({ shopName: 'N'.repeat(50), whatsapp: '1'.repeat(20), zalo: '2'.repeat(20), facebook: 'f'.repeat(100) });
    expect(edge.status).toBe(200);
    await update({ shopName: 'Lotus Store' });
  });

  it('localizes the messages', async () => {
    const answer = await update({ shopName: 'A' }, 'vi-VN');
    expect(answer.body.details[0].message).toContain('Tên cửa hàng');
  });

  it('keeps the site name per shop (general settings)', async () => {
    const saved = await call(ctx.app, 'POST', '/api/shop/preferences', { token, body: { siteName: 'Lotus Back Office' } });
    expect(saved.body.data.siteName).toBe('Lotus Back Office');
    const tooLong = await call(ctx.app, 'POST', '/api/shop/preferences', { token, body: { siteName: 'S'.repeat(51) } });
    expect(tooLong.status).toBe(400);
    expect((await info()).siteName).toBe('Lotus Back Office');
  });
});

describe('logo upload', () => {
  it('accepts a real PNG, stores it, serves it from its URL and shows it in the header', async () => {
    const png = pngBytes();
    const answer = await uploadLogo(png, 'logo.png', 'image/png');
    expect(answer.status).toBe(200);
    const url: string = answer.body.data.logo;
    expect(url).toMatch(/^\/api\/shop\/logos\/[0-9a-f]{32}\.png$/);
    expect((await info()).shopLogo).toBe(url);
    expect((await call(ctx.app, 'GET', '/api/sellAuth/me', { token })).body.data.shop.shopLogo).toBe(url);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // What is served is the picture drawn again from its pixels (nothing else of the file is kept).
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(storedLogos()).toHaveLength(1);
  });

  it('replaces the logo (a JPEG named .png is still a JPEG) and removes the old file', async () => {
    const answer = await uploadLogo(jpegBytes(), 'photo.png', 'image/png');
    expect(answer.status).toBe(200);
    expect(answer.body.data.logo).toMatch(/\.jpg$/);
    expect(storedLogos()).toEqual([answer.body.data.logo.split('/').pop()]);
    expect((await uploadLogo(webpBytes(), 'a.webp', 'image/webp', 'site')).status).toBe(200);
    expect((await uploadLogo(gifBytes(), 'a.gif', 'image/gif', 'site')).status).toBe(200);
    expect((await info()).siteLogo).toMatch(/\.gif$/);
  });

  it.each([
    ['text named .png', Buffer.from('this is not an image at all'), 'fake.png', 'image/png', 400, 'LOGO_INVALID_TYPE'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml', 400, 'LOGO_INVALID_TYPE'],
    ['a 3 MB PNG', pngBytes(3 * 1024 * 1024), 'big.png', 'image/png', 413, 'LOGO_TOO_LARGE'],
    ['a PNG one byte over 2 MB', pngBytes(SHOP.LOGO_MAX_BYTES + 1), 'big.png', 'image/png', 413, 'LOGO_TOO_LARGE'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png', 400, 'LOGO_REQUIRED'],
  ])('refuses %s with "upload failed, logo upload failed" and changes nothing', async (_what, data, filename, type, status, key) => {
    const before = await info();
    const files = storedLogos();
    const answer = await uploadLogo(data, filename, type);
    expect(answer.status).toBe(status);
    expect(answer.body.error).toBe(key);
    expect(answer.body.msg).toMatch(/^Upload failed, logo upload failed/);
    expect(await info()).toEqual(before);
    expect(storedLogos()).toEqual(files);
  });

  it('accepts exactly 2 MB, refuses a body without the file, and goes back to the default logo', async () => {
    expect((await uploadLogo(pngBytes(SHOP.LOGO_MAX_BYTES), 'edge.png', 'image/png')).status).toBe(200);
    const none = await callMultipart(ctx.app, '/api/shop/logo', [{ name: 'other', value: 'x' }], { token });
    expect(none.body.error).toBe('LOGO_REQUIRED');
    const json = await call(ctx.app, 'POST', '/api/shop/logo', { token, body: {} });
    expect(json.status).toBe(400);
    const removed = await call(ctx.app, 'POST', '/api/shop/logo/remove', { token, body: { target: 'shop' } });
    expect(removed.body.data.logo).toBe('');
    const [shop] = await ctx.db.select({ logo: shops.logo }).from(shops).where(eq(shops.id, seller.shopId));
    expect(shop.logo).toBe('');
  });

  it('serves nothing for a made-up or traversing name', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/logos/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/shop/logos/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});
