import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper.ts';
import { penalizeOverdueOrders } from '../../src/modules/orders/overtime-job.ts';
import {
  addShopProducts,
  available,
  buyerCall,
  creditOf,
  expireDeadline,
  fundShopDirect,
  newBuyer,
  newShop,
  operatorToken,
  orderRow,
  placeOrder,
  purchase,
  reconciled,
  transfersOf,
} from './fixtures.ts';

// Real row locks and parallel connections: the PostgreSQL server only (PGlite is one connection).
describe.skipIf(!process.env.DATABASE_URL)('concurrency on the PostgreSQL server', () => {
  const ctx = useTestApp();
  let opToken: string;
  beforeAll(async () => {
    opToken = await operatorToken(ctx);
  });

  it('20 parallel purchase requests for the same order move the money once', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const [p] = await addShopProducts(ctx, shop, [30_00], 20);
    const buyer = await newBuyer(ctx);
    const orderId = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(ctx.app, shop, [orderId])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'ALREADY_PURCHASED')).toBe(true);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await available(ctx.db, shop.shopId)).toBe(1_000_00 - 30_00);
    expect((await transfersOf(ctx.db, orderId)).filter((t) => t.type === 'purchase')).toHaveLength(1);

    // The same again with one Idempotency-Key: every retry gets the first answer.
    const second = await placeOrder(ctx, buyer.token, shop.shopId, p);
    const headers = { 'idempotency-key': `buy-${second}` };
    const retries = await Promise.all(Array.from({ length: 20 }, () => purchase(ctx.app, shop, [second], { headers })));
    expect(retries.every((a) => a.status === 200)).toBe(true);
    expect(await available(ctx.db, shop.shopId)).toBe(1_000_00 - 60_00);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('parallel purchases over many orders never overdraw the balance', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 75_00);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const orderIds: string[] = [];
    for (let i = 0; i < 24; i++) orderIds.push(await placeOrder(ctx, buyer.token, shop.shopId, p));
    // 16 single purchases and 2 batches of 4, all at once: only 7 orders' worth of money exists.
    const singles = orderIds.slice(0, 16).map((orderId) => purchase(ctx.app, shop, [orderId]));
    const batches = [orderIds.slice(16, 20), orderIds.slice(20, 24)].map((batch) => purchase(ctx.app, shop, batch));
    const answers = await Promise.all([...singles, ...batches]);
    const single = answers.slice(0, 16);
    expect(single.every((a) => a.status === 200 || a.body.error === 'INSUFFICIENT_BALANCE')).toBe(true);
    const rows = await Promise.all(orderIds.map((orderId) => orderRow(ctx.db, orderId)));
    const purchased = rows.filter((o) => o.purchaseStatus === 'purchased');
    expect(purchased).toHaveLength(7);
    expect(await available(ctx.db, shop.shopId)).toBe(5_00);
    for (const o of rows) {
      const moved = (await transfersOf(ctx.db, o.orderNo)).filter((t) => t.type === 'purchase');
      expect(moved).toHaveLength(o.purchaseStatus === 'purchased' ? 1 : 0);
    }
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('a buyer cancelling while the seller purchases: exactly one wins and the money agrees', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 500_00);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    for (let i = 0; i < 5; i++) {
      const orderId = await placeOrder(ctx, buyer.token, shop.shopId, p);
      const [bought, cancelled] = await Promise.all([purchase(ctx.app, shop, [orderId]), buyerCall(ctx.app, buyer.token, 'cancel', { orderId })]);
      expect([bought.status, cancelled.status].filter((s) => s === 200)).toHaveLength(1);
      const types = (await transfersOf(ctx.db, orderId)).map((t) => t.type);
      expect(types).toEqual(bought.status === 200 ? ['buyer_payment', 'purchase'] : ['buyer_payment', 'buyer_cancel_refund']);
    }
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('the overtime job run twice at the same time takes exactly 5 points per late order', async () => {
    const shop = await newShop(ctx, { creditScore: 100 });
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx);
    const late: string[] = [];
    for (let i = 0; i < 6; i++) late.push(await placeOrder(ctx, buyer.token, shop.shopId, p));
    for (const orderId of late) await expireDeadline(ctx.db, orderId);
    const runs = await Promise.all([penalizeOverdueOrders(ctx.db), penalizeOverdueOrders(ctx.db), penalizeOverdueOrders(ctx.db)]);
    expect(runs.reduce((sum, r) => sum + r.penalized, 0)).toBe(6);
    await penalizeOverdueOrders(ctx.db);
    expect(await creditOf(ctx.db, shop.shopId)).toBe(100 - 6 * 5);
  });
});
