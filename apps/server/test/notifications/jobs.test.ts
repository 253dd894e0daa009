import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP } from '@shopdesk/shared/constants';
import { runJobOnce } from '../../src/jobs.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { addShopProducts, creditOf, expireDeadline, newBuyer, newShop, placeOrder } from '../orders/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('background jobs under the advisory lock', () => {
  it('runs each job once per call on a single instance (PGlite or PostgreSQL)', async () => {
    const shop = await newShop(ctx, { creditScore: 100 });
    const [productId] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, productId);
    await expireDeadline(ctx.db, orderId);

    const first = await runJobOnce(ctx.app, 'overtime');
    expect(first).toEqual({ ran: true, result: { penalized: 1, shops: 1 } });
    expect(await runJobOnce(ctx.app, 'overtime')).toEqual({ ran: true, result: { penalized: 0, shops: 0 } });
    expect(await creditOf(ctx.db, shop.shopId)).toBe(100 - SHOP.OVERTIME_PURCHASE_PENALTY);

    expect((await runJobOnce(ctx.app, 'demo-carrier')).ran).toBe(true);
    expect((await runJobOnce(ctx.app, 'stream-tickets')).ran).toBe(true);
  });

  it('two runs at once on one instance still take the points once', async () => {
    const shop = await newShop(ctx, { creditScore: 100 });
    const [productId] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    for (let i = 0; i < 2; i++) await expireDeadline(ctx.db, await placeOrder(ctx, buyer.token, shop.shopId, productId));
    await Promise.all([runJobOnce(ctx.app, 'overtime'), runJobOnce(ctx.app, 'overtime')]);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(100 - 2 * SHOP.OVERTIME_PURCHASE_PENALTY);
  });
});
