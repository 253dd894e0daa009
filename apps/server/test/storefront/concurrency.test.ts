import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../helper.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { addShopProducts, newShop, operatorToken, reconciled } from '../orders/fixtures.ts';
import { addCoupon, claim, fillCart, mallCheckout, marketing, registerBuyer, setStock, stockOf, walletOf } from './fixtures.ts';

// Real row locks and parallel connections: the PostgreSQL server only (PGlite is one connection).
describe.skipIf(!process.env.DATABASE_URL)('mall checkouts in parallel on the PostgreSQL server', () => {
  const ctx = useTestApp({ seedDemo: true });

  it('50 buyers checking out the last 10 units buy exactly 10', async () => {
    const shop = await newShop(ctx);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => registerBuyer(ctx, 100_00)));
    const carts = await Promise.all(buyers.map((b) => fillCart(ctx, b, [{ productId: p }])));
    await setStock(ctx.db, p, 10);
    const answers = await Promise.all(buyers.map((b, i) => mallCheckout(ctx, b, { itemIds: carts[i] })));
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(10);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.error === 'OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(ctx.db, p)).toEqual({ stock: 0, totalSales: 10 });
    const [orders] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from orders where shop_product_id = ${p}::integer`));
    expect(orders.n).toBe(10);
    const wallets = await Promise.all(buyers.map((b) => walletOf(ctx.db, b.buyerId)));
    expect(wallets.filter((w) => w === 100_00 - 12_00)).toHaveLength(10);
    expect(wallets.filter((w) => w === 100_00)).toHaveLength(40);
    expect((await reconciled(ctx, await operatorToken(ctx))).ok).toBe(true);
  });

  it('one claim of a coupon limited to 1 per buyer, sent with 20 parallel checkouts, applies once', async () => {
    const shop = await newShop(ctx);
    const products = await addShopProducts(ctx, shop, Array.from({ length: 20 }, () => 10_00), 20);
    const buyer = await registerBuyer(ctx, 1_000_00);
    const coupon = await addCoupon(ctx.db, { amountOffCents: 5_00, perBuyerLimit: 1 });
    // Claims in parallel: the limit holds.
    const claims = await Promise.allSettled(Array.from({ length: 5 }, () => claim(ctx, buyer, coupon.id)));
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    const claimId = (claims.find((c) => c.status === 'fulfilled') as PromiseFulfilledResult<number>).value;
    const items = await fillCart(ctx, buyer, products.map((productId) => ({ productId })));
    const marketingBefore = await marketing(ctx.db);
    // Each checkout takes another cart line, so only the coupon claim is shared between them.
    const answers = await Promise.all(items.map((itemId) => mallCheckout(ctx, buyer, { itemIds: [itemId], claimId })));
    const applied = answers.filter((a) => a.status === 200);
    expect(applied).toHaveLength(1);
    expect(applied[0].body.data.discountCents).toBe(5_00);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.error === 'COUPON_USED')).toBe(true);
    expect(await marketing(ctx.db)).toBe(marketingBefore - 5_00);
    expect(await walletOf(ctx.db, buyer.buyerId)).toBe(1_000_00 - 12_00 + 5_00);
    expect((await reconciled(ctx, await operatorToken(ctx))).ok).toBe(true);
  });
});
