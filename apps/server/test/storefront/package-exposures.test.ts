/**
 * A guaranteed package's exposures count one per viewer and window: a signed-in buyer by account,
 * anyone else by network address (an IPv4 address, an IPv6 /64), whatever the number of lists,
 * products or made-up visitor ids; the same viewer counts again once EXPOSURE_WINDOW_MINUTES passed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runJobOnce } from '../../src/jobs.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { useTestApp } from '../helper.ts';
import { addShopProducts, givePackage, newShop, type ShopFixture } from '../orders/fixtures.ts';
import { registerBuyer } from './fixtures.ts';

const WINDOW_MINUTES = 20;
const ctx = useTestApp({ exposureWindowMinutes: WINDOW_MINUTES });

/** A shop with a silver package (200 guaranteed) and one product named `name`. */
async function promotedShop(name: string): Promise<ShopFixture> {
  const shop = await newShop(ctx);
  const [product] = await addShopProducts(ctx, shop, [10_00], 20);
  await ctx.db.execute(sql`update shop_products set name = ${name} where id = ${product}::integer`);
  await givePackage(ctx.db, shop.shopId, 'silver');
  return shop;
}

async function delivered(shop: ShopFixture): Promise<number> {
  const [row] = rowsOf<{ exposures: number }>(await ctx.db.execute(sql`select exposures from promotion_packages where shop_id = ${shop.shopId}::integer and replaced_at is null`));
  return Number(row.exposures);
}

function list(url: string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({ method: 'GET', url, remoteAddress: options.ip ?? '203.0.113.7', headers: options.headers });
}

/** Moves every counted viewer of the shop's package `minutes` into the past. */
async function age(shop: ShopFixture, minutes: number) {
  await ctx.db.execute(sql`update package_exposure_views set counted_at = counted_at - make_interval(mins => ${minutes}::integer)
    where package_id in (select id from promotion_packages where shop_id = ${shop.shopId}::integer)`);
}

describe('package exposures', () => {
  it('counts 100 anonymous requests of one client as 1, also at once and with a new visitor id each time', async () => {
    const shop = await promotedShop('Quokka lamp');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        list(i % 3 === 0 ? `/api/mall/shops/${shop.shopId}/products` : '/api/mall/products?keyword=quokka', { headers: { 'x-visitor-id': `visitor-${i}-abcdefgh`, cookie: `v=${i}` } }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(JSON.parse(answers[1].body).data.list.map((c: { shopId: number }) => c.shopId)).toContain(shop.shopId);
    expect(await delivered(shop)).toBe(1);
  });

  it('counts each address once, an IPv6 /64 as one address, and a signed-in buyer by account wherever it is', async () => {
    const shop = await promotedShop('Bilby lamp');
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.2', '::ffff:198.51.100.1']) await list('/api/mall/products?keyword=bilby', { ip });
    expect(await delivered(shop)).toBe(2);
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff::9', '2001:0db8:0001:0002:0:0:0:5']) await list('/api/mall/products?keyword=bilby', { ip });
    expect(await delivered(shop)).toBe(3);
    await list('/api/mall/products?keyword=bilby', { ip: '2001:db8:1:3::1' });
    expect(await delivered(shop)).toBe(4);

    const buyer = await registerBuyer(ctx);
    for (const ip of ['198.51.100.1', '192.0.2.50', '192.0.2.51']) await list('/api/mall/products?keyword=bilby', { ip, headers: { buyertoken: buyer.token } });
    expect(await delivered(shop)).toBe(5);
  });

  it('counts the same viewer again once the window has passed, not before', async () => {
    const shop = await promotedShop('Dunnart lamp');
    await list('/api/mall/products?keyword=dunnart');
    await age(shop, WINDOW_MINUTES - 1);
    await list('/api/mall/products?keyword=dunnart');
    expect(await delivered(shop)).toBe(1);
    await age(shop, 2);
    await list('/api/mall/products?keyword=dunnart');
    await list('/api/mall/products?keyword=dunnart');
    expect(await delivered(shop)).toBe(2);
  });

  it('forgets viewers whose window has passed, and only those', async () => {
    const shop = await promotedShop('Potoroo lamp');
    await list('/api/mall/products?keyword=potoroo', { ip: '192.0.2.10' });
    await age(shop, WINDOW_MINUTES + 1);
    await list('/api/mall/products?keyword=potoroo', { ip: '192.0.2.11' });
    const viewers = async () =>
      Number(
        rowsOf<{ n: number }>(
          await ctx.db.execute(sql`select count(*)::int as n from package_exposure_views v join promotion_packages p on p.id = v.package_id where p.shop_id = ${shop.shopId}::integer`),
        )[0].n,
      );
    expect(await viewers()).toBe(2);
    const run = await runJobOnce(ctx.app, 'exposure-views');
    expect(run.ran).toBe(true);
    expect(await viewers()).toBe(1);
    expect(await delivered(shop)).toBe(2);
  });
});
