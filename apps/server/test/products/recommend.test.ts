import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { shopProducts } from '../../src/db/schema.ts';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { addShopProducts, givePackage, newShop, type ShopFixture } from '../orders/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const recommend = (shop: ShopFixture, id: number, recommended = true) => call(ctx.app, 'POST', '/api/product/recommend', { token: shop.token, body: { id, recommended } });
const markOld = (ids: number[]) => ctx.db.update(shopProducts).set({ isNew: false }).where(inArray(shopProducts.id, ids));

/** A shop with `count` products on sale (10.00 each). */
async function shopWith(count: number) {
  const shop = await newShop(ctx);
  const ids = await addShopProducts(ctx, shop, Array(count).fill(10_00), 20);
  return { shop, ids };
}

describe('recommending products', () => {
  it('is refused without an active promotion package (none, or expired)', async () => {
    const { shop, ids } = await shopWith(10);
    const none = await recommend(shop, ids[0]);
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ error: 'PROMOTION_NOT_ACTIVE', msg: 'Shop promotion is not open, so products cannot be recommended' });
    await givePackage(ctx.db, shop.shopId, 'gold', new Date(Date.now() - 31 * 24 * 3600_000)); // gold lasts 30 days
    expect((await recommend(shop, ids[0])).body.error).toBe('PROMOTION_NOT_ACTIVE');
    const status = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token: shop.token });
    expect(status.body.data).toMatchObject({ packageActive: false, package: null, onSale: 10, minOnSale: 10, newMax: 10 });
  });

  it('is refused with fewer than 10 products on sale (off-sale ones do not count)', async () => {
    const { shop, ids } = await shopWith(10);
    await givePackage(ctx.db, shop.shopId, 'gold');
    await call(ctx.app, 'POST', '/api/product/setStatus', { token: shop.token, body: { ids: [ids[9]], status: 'off_sale' } });
    const refused = await recommend(shop, ids[0]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'RECOMMEND_MIN_ON_SALE', msg: 'Your shop needs at least 10 products on sale to recommend products' });
    await call(ctx.app, 'POST', '/api/product/setStatus', { token: shop.token, body: { ids: [ids[9]], status: 'on_sale' } });
    const ok = await recommend(shop, ids[0]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.isRecommended).toBe(true);
    // An off-sale product cannot be recommended, and going off sale ends a recommendation.
    await call(ctx.app, 'POST', '/api/product/setStatus', { token: shop.token, body: { ids: [ids[0]], status: 'off_sale' } });
    expect((await call(ctx.app, 'GET', '/api/product/detail', { token: shop.token, query: { id: ids[0] } })).body.data.isRecommended).toBe(false);
    expect((await recommend(shop, ids[0])).body.error).toBe('PRODUCT_NOT_ON_SALE');
  });

  it('takes the minimum from the configuration (one text says 1)', async () => {
    const relaxed = await createTestApp({ recommendMinOnSale: 1 });
    try {
      const shop = await newShop(relaxed);
      const [id] = await addShopProducts(relaxed, shop, [10_00], 20);
      await givePackage(relaxed.db, shop.shopId, 'silver');
      expect((await call(relaxed.app, 'POST', '/api/product/recommend', { token: shop.token, body: { id, recommended: true } })).status).toBe(200);
    } finally {
      await relaxed.close();
    }
  });

  it('is refused for an 11th new product, while old products may still be recommended', async () => {
    const { shop, ids } = await shopWith(12);
    await givePackage(ctx.db, shop.shopId, 'diamond'); // 50 places
    await markOld([ids[11]]);
    for (const id of ids.slice(0, 10)) expect((await recommend(shop, id)).status).toBe(200);
    const eleventh = await recommend(shop, ids[10]);
    expect(eleventh.status).toBe(422);
    expect(eleventh.body).toMatchObject({ error: 'RECOMMEND_NEW_LIMIT', msg: 'At most 10 new products can be recommended' });
    expect((await recommend(shop, ids[11])).status).toBe(200);
    // Cancelling one frees a place.
    expect((await recommend(shop, ids[0], false)).body.data.isRecommended).toBe(false);
    expect((await recommend(shop, ids[10])).status).toBe(200);
    const status = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token: shop.token });
    expect(status.body.data).toMatchObject({ packageActive: true, package: { type: 'diamond', maxRecommended: 50 }, recommended: 11, recommendedNew: 10 });
  });

  it("is refused at the package's maximum, asking to cancel one or upgrade", async () => {
    const { shop, ids } = await shopWith(10);
    await markOld(ids);
    await givePackage(ctx.db, shop.shopId, 'silver'); // 5 places
    for (const id of ids.slice(0, 5)) expect((await recommend(shop, id)).status).toBe(200);
    const sixth = await recommend(shop, ids[5]);
    expect(sixth.status).toBe(422);
    expect(sixth.body).toMatchObject({ error: 'RECOMMEND_PLAN_LIMIT', msg: 'Your package allows at most 5 recommended products. Cancel one or upgrade your package' });
    // Recommending an already recommended product again changes nothing.
    expect((await recommend(shop, ids[0])).status).toBe(200);
    // Upgrading (a gold package bought while silver runs) raises the limit.
    await givePackage(ctx.db, shop.shopId, 'gold');
    expect((await recommend(shop, ids[5])).status).toBe(200);
    const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shopProducts).where(sql`${shopProducts.shopId} = ${shop.shopId} and ${shopProducts.isRecommended}`);
    expect(count.n).toBe(6);
  });

  it('never exceeds the maximum when requests race', async () => {
    const { shop, ids } = await shopWith(12);
    await markOld(ids);
    await givePackage(ctx.db, shop.shopId, 'silver');
    const answers = await Promise.all(ids.map((id) => recommend(shop, id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.error === 'RECOMMEND_PLAN_LIMIT')).toBe(true);
  });
});
