/**
 * A review's pictures come only from us (inline pictures, our covers and logos) or from hosts the
 * platform allows (REVIEW_IMAGE_HOSTS); pictures stored before that rule, from other hosts, are
 * left out of what readers get.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { reviews } from '../../src/db/schema.ts';
import { call, useTestApp } from '../helper.ts';
import { addShopProducts, buyerCall, CARRIER_KEY, deliver, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

const ctx = useTestApp({ carrierKey: CARRIER_KEY, reviewImageHosts: ['img.shopdesk-cdn.example'] });
let shop: ShopFixture;
let productId: number;
let buyer: { token: string };
beforeAll(async () => {
  shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 10_000_00);
  [productId] = await addShopProducts(ctx, shop, [10_00], 20);
  buyer = await newBuyer(ctx);
});

async function signedOrder(): Promise<string> {
  const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
  await purchase(ctx.app, shop, [orderId]);
  await deliver(ctx.app, orderId);
  return orderId;
}

/** A 1×1 PNG as the server keeps an inline picture (drawn again from its pixels, it stays the same). */
const INLINE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAsSAAALEgHS3X78AAAADElEQVQImWNgYGAAAAAEAAGjChXjAAAAAElFTkSuQmCC';

describe('review pictures', () => {
  const refused = [
    'https://evil.example/tracker.png',
    'http://img.shopdesk-cdn.example/a.png',
    'https://img.shopdesk-cdn.example.evil.example/a.png',
    'https://user@img.shopdesk-cdn.example/a.png',
    '//evil.example/a.png',
    '/api/sellAuth/logout',
    '/../evil',
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    // Only the first bytes of a PNG: no picture to draw.
    'data:image/png;base64,iVBORw0KGgo=',
  ];

  it.each(refused)('refuses %s with a localized 400 and stores no review', async (src) => {
    const orderId = await signedOrder();
    const en = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, content: 'ok', images: [INLINE, src] });
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('VALIDATION_FAILED');
    expect(en.body.details[0].path).toBe('images.1');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/buyer/orders/${orderId}`, headers: { buyertoken: buyer.token } })).json().data.review).toBeNull();
  });

  it('takes inline pictures, our covers and logos, and https pictures of an allowed host', async () => {
    const orderId = await signedOrder();
    const images = [INLINE, '/api/catalog/covers/12.svg', '/api/shop/logos/0123456789abcdef0123456789abcdef.png', 'https://img.shopdesk-cdn.example/r/1.jpg', 'https://IMG.shopdesk-cdn.example/r/2.jpg'];
    const answer = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 4, content: 'nice', images });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = await call(ctx.app, 'GET', `/api/mall/products/${productId}/reviews`);
    const shown = page.body.data.list.find((r: { id: number }) => r.id === answer.body.data.id);
    expect(shown.images).toEqual(images);
  });

  it('keeps an inline photo as its pixels only: no EXIF with the place it was taken', async () => {
    const orderId = await signedOrder();
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Tran Thi B', ImageDescription: 'at home 10.7769 N 106.7009 E' } })
      .toBuffer();
    const answer = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 5, content: 'photo', images: [`data:image/jpeg;base64,${photo.toString('base64')}`] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [stored] = await ctx.db.select({ images: reviews.images }).from(reviews).where(eq(reviews.id, answer.body.data.id));
    const kept = Buffer.from(stored.images[0].replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect(kept.toString('latin1')).not.toMatch(/Tran Thi|106\.7009/);
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
    expect(meta.exif).toBeUndefined();
  });

  it('leaves pictures of other hosts stored before the rule out of the product page and the seller lists', async () => {
    const orderId = await signedOrder();
    const answer = await buyerCall(ctx.app, buyer.token, 'review', { orderId, rating: 3, content: 'older', images: [INLINE] });
    expect(answer.status).toBe(200);
    await ctx.db.update(reviews).set({ images: ['https://evil.example/old.png', INLINE, 'https://img.shopdesk-cdn.example/ok.png'] }).where(eq(reviews.id, answer.body.data.id));

    const page = await call(ctx.app, 'GET', `/api/mall/products/${productId}/reviews`);
    expect(page.body.data.list.find((r: { id: number }) => r.id === answer.body.data.id).images).toEqual([INLINE, 'https://img.shopdesk-cdn.example/ok.png']);
    const seller = await call(ctx.app, 'POST', '/api/review/list', { token: shop.token, body: { rating: 'all', page: 1, pageSize: 50 } });
    expect(seller.status, JSON.stringify(seller.body)).toBe(200);
    expect(seller.body.data.list.find((r: { id: number }) => r.id === answer.body.data.id).images).toEqual([INLINE, 'https://img.shopdesk-cdn.example/ok.png']);
    const detail = await call(ctx.app, 'GET', '/api/order/getOrderDetail', { token: shop.token, query: { orderId } });
    expect(detail.body.data.review.images).toEqual([INLINE, 'https://img.shopdesk-cdn.example/ok.png']);
  });
});
