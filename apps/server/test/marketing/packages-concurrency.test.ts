import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { available, fundShopDirect, newShop, operatorToken, reconciled } from '../orders/fixtures.ts';
import { buy, packageRows, packageTransfers } from './packages-fixtures.ts';

// Real row locks and parallel connections: the PostgreSQL server only (PGlite is one connection).
describe.skipIf(!process.env.DATABASE_URL)('package purchases on the PostgreSQL server', () => {
  const ctx = useTestApp();
  let opToken: string;
  beforeAll(async () => {
    opToken = await operatorToken(ctx);
  });

  it('50 parallel purchases (distinct keys) on a balance that covers 3 buy exactly 3', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 3 * 499_00 + 100_00);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => buy(ctx.app, shop, 'gold', { key: `race-${shop.shopId}-${i}` })));
    const okAnswers = answers.filter((a) => a.status === 200);
    expect(okAnswers).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 422 && a.body.error === 'PACKAGE_PURCHASE_FAILED')).toBe(true);
    expect(okAnswers.map((a) => a.body.data.mode).sort()).toEqual(['extend', 'extend', 'new']);
    expect(await available(ctx.db, shop.shopId)).toBe(100_00);
    expect(await packageTransfers(ctx.db, shop.shopId)).toHaveLength(3);
    const rows = await packageRows(ctx.db, shop.shopId);
    expect(rows.map((r) => r.replaced)).toEqual([true, true, false]);
    // The three stacked: the current one runs 90 days.
    const current = rows[2];
    const days = (Date.parse(current.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.01);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('parallel purchases of different tiers leave one current package and never overdraw', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 5_000_00);
    const types = ['silver', 'gold', 'diamond'] as const;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => buy(ctx.app, shop, types[i % 3], { key: `mix-${shop.shopId}-${i}` })));
    expect(answers.every((a) => [200, 409, 422].includes(a.status))).toBe(true);
    const rows = await packageRows(ctx.db, shop.shopId);
    expect(rows.filter((r) => !r.replaced)).toHaveLength(1);
    const transfers = await packageTransfers(ctx.db, shop.shopId);
    expect(transfers).toHaveLength(rows.length);
    expect(await available(ctx.db, shop.shopId)).toBe(5_000_00 - transfers.reduce((s, t) => s + t.amount, 0));
    expect(await available(ctx.db, shop.shopId)).toBeGreaterThanOrEqual(0);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });
});
