import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import { seedDemoMarketplace } from '../../src/db/seed/seed-demo.ts';
import { MALL_DEMO_WALLET_CENTS, seedMallDemo } from '../../src/db/seed/seed-mall.ts';
import { seedMallShelves } from '../../src/db/seed/seed-mall-shelves.ts';
import { seedMallVariants } from '../../src/db/seed/seed-mall-variants.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, createTestApp, type TestContext } from '../helper.ts';
import { BUYER_PASSWORD, CARRIER_KEY, operatorToken, reconciled } from '../orders/fixtures.ts';
import { buyerApi, fillCart, type MallBuyer } from './fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ carrierKey: CARRIER_KEY });
  await seedDemoMarketplace(ctx.db);
  // Seeding the whole demo marketplace on PGlite takes a minute alone, more on a busy machine.
}, 300_000);
afterAll(() => ctx.close());

async function demoBuyer(username: string): Promise<MallBuyer> {
  const login = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username, password: encodePassword(BUYER_PASSWORD) } });
  return { buyerId: login.body.data.buyerId, token: login.body.data.buyerToken, username };
}

describe('the mall demo seed', () => {
  it('gives buyer1 … buyer5 demo money and a saved address, once', async () => {
    for (const username of ['buyer1', 'buyer5']) {
      const buyer = await demoBuyer(username);
      expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/me')).body.data.balanceCents).toBe(MALL_DEMO_WALLET_CENTS);
      const addresses = await buyerApi(ctx, buyer, 'GET', '/api/buyer/addresses');
      expect(addresses.body.data).toEqual([expect.objectContaining({ isDefault: true })]);
    }
    expect((await buyerApi(ctx, await demoBuyer('buyer6'), 'GET', '/api/buyer/me')).body.data.balanceCents).toBe(0);
    expect(await seedMallDemo(ctx.db)).toBe(false);
    expect(await seedDemoMarketplace(ctx.db)).toBe(false);
    const [topups] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ledger_transfers where type = 'buyer_topup'`));
    expect(topups.n).toBe(5);
  });

  it('lets a demo buyer find, claim a coupon and pay from the wallet; the ledger reconciles', async () => {
    const home = await call(ctx.app, 'GET', '/api/mall/home');
    expect(home.body.data.banners[0]).toMatchObject({ shopName: 'Sunrise Goods', packageType: 'gold' });
    expect(home.body.data.rankings.bestSelling).toHaveLength(10);
    const coupons = await call(ctx.app, 'GET', '/api/mall/coupons');
    expect(coupons.body.data.length).toBeGreaterThanOrEqual(4);
    const buyer = await demoBuyer('buyer2');
    const welcome = coupons.body.data.find((c: { minSpendCents: number }) => c.minSpendCents === 0);
    const claimed = await buyerApi(ctx, buyer, 'POST', '/api/buyer/coupons/claim', { couponId: welcome.id });
    const [addressId] = (await buyerApi(ctx, buyer, 'GET', '/api/buyer/addresses')).body.data.map((a: { id: number }) => a.id);
    const found = await call(ctx.app, 'GET', '/api/mall/products?sort=recommended&pageSize=2');
    const items = await fillCart(ctx, buyer, found.body.data.list.map((c: { productId: number }) => ({ productId: c.productId })));
    const paid = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { itemIds: items, addressId, claimId: claimed.body.data.claimId });
    expect(paid.status).toBe(200);
    expect(paid.body.data.discountCents).toBe(welcome.amountOffCents);
    expect(paid.body.data.balanceCents).toBe(MALL_DEMO_WALLET_CENTS - paid.body.data.paidCents);
    expect((await reconciled(ctx, await operatorToken(ctx))).ok).toBe(true);
    const shop = await call(ctx.app, 'GET', `/api/mall/shops/${paid.body.data.orders[0].shopId}`);
    expect(shop.body.data.description).not.toBe('');
  });

  it("fills every mall category, the mall's own books, food and sports too, once", async () => {
    for (const category of ['appliance', 'clothing', 'computer', 'phone', 'beauty', 'books', 'food', 'sports']) {
      const found = await call(ctx.app, 'GET', `/api/mall/products?category=${category}&pageSize=2`);
      expect(found.body.data.total, category).toBeGreaterThanOrEqual(['books', 'food', 'sports'].includes(category) ? 8 : 1);
    }
    const coffee = await call(ctx.app, 'GET', '/api/mall/products?category=food&keyword=Arabica');
    expect(coffee.body.data.list[0]).toMatchObject({ shopName: 'Sunrise Goods' });
    expect(await seedMallShelves(ctx.db, 'Sunrise Goods')).toBe(false);
  });

  it('sells a T-shirt by colour and size and a phone case by colour, with sold-out combinations, once', async () => {
    const found = await call(ctx.app, 'GET', '/api/mall/products?category=clothing&keyword=Crew-Neck');
    expect(found.body.data.list[0]).toMatchObject({ name: 'Everyday Crew-Neck T-Shirt', shopName: 'Sunrise Goods' });
    const page = (await call(ctx.app, 'GET', `/api/buyer/products/${found.body.data.list[0].productId}`)).body.data;
    expect(page.options).toEqual([
      { name: 'Colour', values: ['Blue', 'Black', 'White'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
    expect(page.variants).toHaveLength(9);
    const byName = new Map(page.variants.map((v: { name: string }) => [v.name, v]));
    expect(byName.get('White, S')).toMatchObject({ stock: 0, inStock: false });
    expect(byName.get('Blue, M')).toMatchObject({ inStock: true, image: expect.stringMatching(/^data:image\/svg\+xml,/) });
    // L costs more: the prices follow each variant's own supplier price.
    expect((byName.get('Blue, L') as { salePriceCents: number }).salePriceCents).toBeGreaterThan((byName.get('Blue, M') as { salePriceCents: number }).salePriceCents);
    const phoneCase = (await call(ctx.app, 'GET', '/api/mall/products?category=phone&keyword=Silicone')).body.data.list[0];
    const caseVariants = (await call(ctx.app, 'GET', `/api/buyer/products/${phoneCase.productId}`)).body.data.variants;
    expect(caseVariants.map((v: { name: string; inStock: boolean }) => [v.name, v.inStock])).toEqual([
      ['Black', true],
      ['Navy', true],
      ['Pink', false],
      ['Clear', true],
    ]);
    expect(await seedMallVariants(ctx.db, 'Sunrise Goods')).toBe(false);
  });
});
