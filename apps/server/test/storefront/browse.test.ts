import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { exposureScore } from '@shopdesk/shared/mall/exposure';
import { vipExposurePct } from '@shopdesk/shared/mall/exposure';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { call, useTestApp } from '../helper.ts';
import { addShopProducts, givePackage, newShop, type ShopFixture } from '../orders/fixtures.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { exposureScores } from '../../src/modules/storefront/mall-queries.ts';
import { buyerApi, registerBuyer } from './fixtures.ts';

const ctx = useTestApp();

async function rename(productId: number, name: string) {
  await ctx.db.execute(sql`update shop_products set name = ${name} where id = ${productId}::integer`);
}

const search = (query: string) => call(ctx.app, 'GET', `/api/mall/products?${query}`);
const ids = (answer: { body: { data: { list: { productId: number }[] } } }) => answer.body.data.list.map((c) => c.productId);

describe('search', () => {
  let shop: ShopFixture;
  let cheap: number;
  let mid: number;
  let dear: number;
  let book: number;
  beforeAll(async () => {
    shop = await newShop(ctx);
    // Purchase 10, 20, 30 at 20%: list 12.00, 24.00, 36.00.
    [cheap, mid, dear] = await addShopProducts(ctx, shop, [10_00, 20_00, 30_00], 20);
    [book] = await addShopProducts(ctx, shop, [5_00], 20, 'books');
    for (const [id, name] of [
      [cheap, 'Zeta lamp small'],
      [mid, 'Zeta lamp medium'],
      [dear, 'Zeta lamp large'],
      [book, 'Zeta reading guide'],
    ] as const)
      await rename(id, name);
    await ctx.db.execute(sql`update shop_products set total_sales = 50, views = 5, rating_x10 = 45 where id = ${mid}::integer`);
    await ctx.db.execute(sql`update shop_products set total_sales = 5, views = 80, rating_x10 = 30 where id = ${dear}::integer`);
    // The dear lamp is 50% off now (36.00 → 18.00).
    await ctx.db.execute(sql`update shop_products set discount_ratio_bp = 5000, discount_start = now() - interval '1 day', discount_end = now() + interval '1 day' where id = ${dear}::integer`);
  });

  it('finds by keyword and category, with the price range on the price paid now and a minimum rating', async () => {
    expect(ids(await search('keyword=zeta%20lamp&sort=price_asc'))).toEqual([cheap, dear, mid]);
    expect(ids(await search('keyword=zeta&category=books'))).toEqual([book]);
    expect(ids(await search('keyword=zeta%20lamp&minPriceCents=1500&maxPriceCents=2000'))).toEqual([dear]);
    expect(ids(await search('keyword=zeta%20lamp&minRating=4&sort=rating'))).toEqual([cheap, mid]);
    const card = (await search('keyword=zeta%20lamp%20large')).body.data.list[0];
    expect(card).toMatchObject({ priceCents: 36_00, salePriceCents: 18_00, discountPct: 50, shopId: shop.shopId, promoted: false });
  });

  it('sorts by sales, views, newest and price', async () => {
    expect(ids(await search('keyword=zeta%20lamp&sort=sales'))[0]).toBe(mid);
    expect(ids(await search('keyword=zeta%20lamp&sort=views'))[0]).toBe(dear);
    expect(ids(await search('keyword=zeta%20lamp&sort=price_desc'))).toEqual([mid, dear, cheap]);
    const page = await search('keyword=zeta&pageSize=2&page=2&sort=newest');
    expect(page.body.data).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(page.body.data.list).toHaveLength(2);
  });

  it('refuses a minimum price above the maximum, and a page size over 50', async () => {
    const refused = await call(ctx.app, 'GET', '/api/mall/products?minPriceCents=500&maxPriceCents=100', { headers: { 'accept-language': 'en-US' } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'maxPriceCents', message: 'The lowest price must not be above the highest price' }]);
    expect((await search('pageSize=51')).status).toBe(400);
    expect((await search('sort=cheapest')).status).toBe(400);
  });

  it('never shows off-sale, unpublished or frozen-shop products', async () => {
    const other = await newShop(ctx);
    const [hidden, off] = await addShopProducts(ctx, other, [10_00, 10_00], 20);
    await rename(hidden, 'Quokka hidden');
    await rename(off, 'Quokka off');
    expect(ids(await search('keyword=quokka')).sort()).toEqual([hidden, off].sort());
    await ctx.db.execute(sql`update shop_products set status = 'off_sale' where id = ${off}::integer`);
    expect(ids(await search('keyword=quokka'))).toEqual([hidden]);
    expect((await call(ctx.app, 'GET', `/api/buyer/products/${off}`)).status).toBe(404);
    await ctx.db.execute(sql`update shops set frozen = true where id = ${other.shopId}::integer`);
    expect(ids(await search('keyword=quokka'))).toEqual([]);
    expect((await call(ctx.app, 'GET', `/api/mall/shops/${other.shopId}`)).status).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/buyer/products/${hidden}`)).status).toBe(404);
  });
});

describe('exposure', () => {
  it("ranks a gold or diamond shop's product above an otherwise equal one, as the shared score says", async () => {
    const plain = await newShop(ctx);
    const gold = await newShop(ctx);
    const diamond = await newShop(ctx);
    const [p] = await addShopProducts(ctx, plain, [10_00], 20);
    const [g] = await addShopProducts(ctx, gold, [10_00], 20);
    const [d] = await addShopProducts(ctx, diamond, [10_00], 20);
    for (const [id, name] of [
      [p, 'Wombat mug'],
      [g, 'Wombat mug'],
      [d, 'Wombat mug'],
    ] as const)
      await rename(id, name);
    await givePackage(ctx.db, gold.shopId, 'gold');
    await givePackage(ctx.db, diamond.shopId, 'diamond');
    // Let the gold package have delivered its guarantee, so only the weights differ.
    await ctx.db.execute(sql`update promotion_packages set exposures = 500 where shop_id = ${gold.shopId}::integer`);
    await ctx.db.execute(sql`update promotion_packages set exposures = 1500 where shop_id = ${diamond.shopId}::integer`);
    const ranked = await search('keyword=wombat');
    expect(ids(ranked)).toEqual([d, g, p]);
    expect(ranked.body.data.list.map((c: { promoted: boolean }) => c.promoted)).toEqual([true, true, false]);
  });

  it('computes in SQL exactly the score of packages/shared/src/mall/exposure.ts', async () => {
    const shops = [await newShop(ctx), await newShop(ctx), await newShop(ctx)];
    const packages: (PackageType | null)[] = [null, 'silver', 'gold'];
    const products: number[] = [];
    for (const [i, shop] of shops.entries()) {
      products.push(...(await addShopProducts(ctx, shop, [10_00, 15_00], 20)));
      await ctx.db.execute(sql`update shops set vip_level = ${i * 3}::integer where id = ${shop.shopId}::integer`);
      if (packages[i]) await givePackage(ctx.db, shop.shopId, packages[i]!);
    }
    await ctx.db.execute(sql`update promotion_packages set exposures = 120 where shop_id = ${shops[2].shopId}::integer`);
    for (const [i, id] of products.entries()) {
      await ctx.db.execute(sql`update shop_products set total_sales = ${i * 7}::integer, views = ${i * 13}::integer, rating_x10 = ${30 + i * 3}::integer,
        is_recommended = ${i % 2 === 1}, created_at = now() - make_interval(days => ${i * 4}::integer) where id = ${id}::integer`);
    }
    const inSql = await exposureScores(ctx.db, products);
    const rows = rowsOf<{ id: number; total_sales: number; views: number; rating_x10: number; is_recommended: boolean; created_at: string; vip_level: number; shop_id: number }>(
      await ctx.db.execute(sql`select sp.id, sp.total_sales, sp.views, sp.rating_x10, sp.is_recommended, sp.created_at, s.vip_level, s.id as shop_id
        from shop_products sp join shops s on s.id = sp.shop_id where sp.id in (${sql.join(products.map((id) => sql`${id}::integer`), sql`, `)})`),
    );
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      const i = shops.findIndex((s) => s.shopId === r.shop_id);
      const expected = exposureScore({
        totalSales: r.total_sales,
        views: r.views,
        ratingX10: r.rating_x10,
        createdAt: new Date(r.created_at),
        isRecommended: r.is_recommended,
        vipExposurePct: vipExposurePct(r.vip_level),
        packageType: packages[i],
        exposuresDelivered: i === 2 ? 120 : 0,
      });
      expect(inSql.get(r.id)).toBeCloseTo(expected, 6);
    }
  });

  it("counts a list showing a shop's products as one exposure of its package per viewer and window, shown to the seller", async () => {
    const gold = await newShop(ctx);
    const [x, y] = await addShopProducts(ctx, gold, [10_00, 12_00], 20);
    await rename(x, 'Numbat cap');
    await rename(y, 'Numbat hat');
    await givePackage(ctx.db, gold.shopId, 'gold');
    const before = await call(ctx.app, 'GET', '/api/marketing/packages', { token: gold.token });
    expect(before.body.data.active).toMatchObject({ type: 'gold', guaranteedExposure: 500, exposuresDelivered: 0 });
    await search('keyword=numbat');
    await search('keyword=numbat%20cap');
    await call(ctx.app, 'GET', `/api/mall/shops/${gold.shopId}/products`);
    const after = await call(ctx.app, 'GET', '/api/marketing/packages', { token: gold.token });
    expect(after.body.data.active.exposuresDelivered).toBe(1);
    // The home page counts its rankings and banners too, for a viewer not counted yet.
    const buyer = await registerBuyer(ctx);
    const home = await buyerApi(ctx, buyer, 'GET', '/api/mall/home');
    const shownThere = [...Object.values(home.body.data.rankings as Record<string, { shopId: number }[]>).flat(), ...home.body.data.banners].some((c: { shopId: number }) => c.shopId === gold.shopId);
    const later = await call(ctx.app, 'GET', '/api/marketing/packages', { token: gold.token });
    expect(later.body.data.active.exposuresDelivered).toBe(shownThere ? 2 : 1);
  });
});

describe('pages', () => {
  it('answers the home page with the 8 categories in order, banners and rankings of at most 10', async () => {
    const { status, body } = await call(ctx.app, 'GET', '/api/mall/home');
    expect(status).toBe(200);
    expect(body.data.categories.map((c: { key: string }) => c.key)).toEqual(['appliance', 'clothing', 'computer', 'phone', 'beauty', 'books', 'food', 'sports']);
    expect(body.data.categories.find((c: { key: string }) => c.key === 'books').productCount).toBeGreaterThan(0);
    for (const list of Object.values(body.data.rankings) as unknown[][]) expect(list.length).toBeLessThanOrEqual(10);
    expect(body.data.rankings.bestSelling.length).toBe(10);
    const sales = body.data.rankings.bestSelling.map((c: { totalSales: number }) => c.totalSales);
    expect(sales).toEqual([...sales].sort((a: number, b: number) => b - a));
    expect(body.data.banners.length).toBeGreaterThan(0);
    expect(body.data.banners[0].packageType).toBe('diamond');
  });

  it('shows a product page with its prices, shop and reviews count, counting one view per viewer', async () => {
    const shop = await newShop(ctx);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const first = await call(ctx.app, 'GET', `/api/buyer/products/${p}`, { headers: { 'x-visitor-id': 'visitor-abcdef-1' } });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ productId: p, priceCents: 12_00, salePriceCents: 12_00, discountPct: null, discountStart: null, reviewsCount: 0, views: 1, counted: true });
    expect(first.body.data.images).toEqual([first.body.data.cover]);
    expect(first.body.data.shopName).toBeTruthy();
    const again = await call(ctx.app, 'GET', `/api/buyer/products/${p}`, { headers: { 'x-visitor-id': 'visitor-abcdef-1' } });
    expect(again.body.data).toMatchObject({ views: 1, counted: false });
    const buyer = await registerBuyer(ctx);
    const asBuyer = await buyerApi(ctx, buyer, 'GET', `/api/buyer/products/${p}`);
    expect(asBuyer.body.data).toMatchObject({ views: 2, counted: true });
  });

  it('shows a shop page and its products', async () => {
    const shop = await newShop(ctx);
    await ctx.db.execute(sql`update shops set description = 'Lamps and more', vip_level = 2 where id = ${shop.shopId}::integer`);
    const [p1, p2] = await addShopProducts(ctx, shop, [10_00, 20_00], 20);
    await givePackage(ctx.db, shop.shopId, 'silver');
    const page = await call(ctx.app, 'GET', `/api/mall/shops/${shop.shopId}`);
    expect(page.body.data).toMatchObject({ shopId: shop.shopId, description: 'Lamps and more', vipLevel: 2, productCount: 2, packageType: 'silver', ratingX10: 50 });
    const products = await call(ctx.app, 'GET', `/api/mall/shops/${shop.shopId}/products?sort=price_desc`);
    expect(ids(products)).toEqual([p2, p1]);
    expect((await call(ctx.app, 'GET', '/api/mall/shops/999999')).status).toBe(404);
  });
});
