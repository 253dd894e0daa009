import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerTransfers, orders, shopProducts } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { balanceOf, buyerWallet, platformAccount } from '../../src/modules/ledger/ledger-service.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import {
  addShopProducts,
  available,
  CARRIER_KEY,
  checkout,
  deliver,
  escrow,
  fundShopDirect,
  newBuyer,
  newShop,
  operatorToken,
  purchase,
  reconciled,
  type ShopFixture,
} from './fixtures.ts';

const orderCount = async (ctx: TestContext, buyerId: number) => (await ctx.db.select().from(orders).where(eq(orders.buyerId, buyerId))).length;
const stockOf = async (ctx: TestContext, id: number) => (await ctx.db.select({ stock: shopProducts.stock }).from(shopProducts).where(eq(shopProducts.id, id)))[0]!.stock;
const settlementsOf = async (ctx: TestContext, shopId: number) =>
  (await ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.shopId, shopId), eq(ledgerTransfers.type, 'settlement')))).length;

describe('outside demo mode: an order is paid only with its payment settled', () => {
  let ctx: TestContext;
  let shop: ShopFixture;
  let productId: number;
  let opToken: string;
  beforeAll(async () => {
    ctx = await createTestApp({ seedDemo: false, carrierKey: CARRIER_KEY });
    shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 10_000_00);
    // Purchase 10.00 at a 500% profit ratio: sells at 60.00.
    [productId] = await addShopProducts(ctx, shop, [10_00], 500);
    opToken = await operatorToken(ctx);
  });
  afterAll(() => ctx.close());

  it('refuses a card or direct USDT checkout (no payment provider): no order, no stock taken, nothing in escrow, no settlement', async () => {
    const buyer = await newBuyer(ctx, 0);
    const escrowBefore = await escrow(ctx.db);
    const stockBefore = await stockOf(ctx, productId);
    for (const paymentMethod of ['card', 'usdt']) {
      const refused = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod }, { 'accept-language': 'zh-CN' });
      expect(refused.status, paymentMethod).toBe(422);
      expect(refused.body.error).toBe('PAYMENT_METHOD_UNAVAILABLE');
      expect(refused.body.msg).toBe('该支付方式暂不可用，请使用钱包余额支付');
    }
    expect(await orderCount(ctx, buyer.buyerId)).toBe(0);
    expect(await stockOf(ctx, productId)).toBe(stockBefore);
    expect(await escrow(ctx.db)).toBe(escrowBefore);
    expect(await balanceOf(ctx.db, platformAccount('buyer_payments'))).toBe(0);
    expect(await settlementsOf(ctx, shop.shopId)).toBe(0);
  });

  it('a wallet checkout needs the money in the wallet; paid from it, escrow pays the seller only on signing', async () => {
    const broke = await newBuyer(ctx, 0);
    const refused = await checkout(ctx.app, broke.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'balance' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await orderCount(ctx, broke.buyerId)).toBe(0);

    const buyer = await newBuyer(ctx, 100_00);
    const availableBefore = await available(ctx.db, shop.shopId);
    const placed = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'balance' });
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ paymentMethod: 'balance', paymentStatus: 'paid', amountCents: 60_00 });
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(40_00);
    const orderId = placed.body.data.orderId as string;
    expect((await purchase(ctx.app, shop, orderId)).status).toBe(200);
    await deliver(ctx.app, orderId);
    // The seller gets the sale amount (after paying the 10.00 purchase), from the buyer's own money.
    expect(await available(ctx.db, shop.shopId)).toBe(availableBefore - 10_00 + 60_00);
    expect(await balanceOf(ctx.db, platformAccount('buyer_payments'))).toBe(0);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('pays once per Idempotency-Key, and parallel checkouts never spend more than the wallet holds', async () => {
    const buyer = await newBuyer(ctx, 150_00);
    const body = { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'balance' };
    const first = await checkout(ctx.app, buyer.token, body, { 'idempotency-key': 'pay-1' });
    const retry = await checkout(ctx.app, buyer.token, body, { 'idempotency-key': 'pay-1' });
    expect(retry.body.data.orderId).toBe(first.body.data.orderId);
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(90_00);
    // 90.00 left: one more 60.00 order fits, not two.
    const race = await Promise.all(Array.from({ length: 5 }, (_, i) => checkout(ctx.app, buyer.token, body, { 'idempotency-key': `race-${i}` })));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status !== 200).every((r) => r.body.error === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(30_00);
    expect(await orderCount(ctx, buyer.buyerId)).toBe(2);
    const [negative] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ledger_accounts where not allow_negative and balance_cents < 0`));
    expect(negative.n).toBe(0);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('refuses bad quantities with nothing changed', async () => {
    const buyer = await newBuyer(ctx, 100_00);
    for (const quantity of [0, -1, 1.5, 'x', 1_000_000]) {
      const refused = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'balance', quantity });
      expect(refused.status, String(quantity)).toBe(400);
    }
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(100_00);
    expect(await orderCount(ctx, buyer.buyerId)).toBe(0);
  });
});

describe('in demo mode', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ seedDemo: true });
  });
  afterAll(() => ctx.close());

  it("a card checkout is paid by the demo's own source", async () => {
    const shop = await newShop(ctx);
    const [productId] = await addShopProducts(ctx, shop, [10_00], 20);
    const buyer = await newBuyer(ctx, 0);
    const placed = await checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'card' });
    expect(placed.status).toBe(200);
    expect(await balanceOf(ctx.db, platformAccount('buyer_payments'))).toBe(-12_00);
  });
});
