import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buyers } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { createBuyerSession } from '../../src/modules/storefront/buyer-auth.ts';
import { uniqueName, useTestApp } from '../helper.ts';
import { addShopProducts, fundBuyerDirect, newShop, operatorToken, reconciled } from '../orders/fixtures.ts';
import { buyerApi, fillCart, mallCheckout, setStock, walletOf, type MallBuyer } from '../storefront/fixtures.ts';
import { dealRow, runningDeal } from './deal-fixtures.ts';
import { runningVoucher, voucherRow } from './voucher-fixtures.ts';

/** A buyer with a wallet and a session, written directly (200 logins would only test the password hash). */
async function quickBuyer(ctx: ReturnType<typeof useTestApp>, walletCents: number): Promise<MallBuyer> {
  const username = uniqueName('rb').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 20);
  const [row] = await ctx.db.insert(buyers).values({ username, passwordHash: 'x', nickname: username }).returning({ id: buyers.id });
  await fundBuyerDirect(ctx.db, row.id, walletCents);
  const { token } = await createBuyerSession(ctx.db, row.id, 3600_000);
  return { buyerId: row.id, token, username };
}

// On PostgreSQL the checkouts truly run side by side (row locks, parallel connections); on PGlite
// they queue on its one connection. Both must end with exactly the voucher's quantity used and the
// deal's cap sold (a checkout refused for its voucher gives back the deal units it took).
describe('a seller voucher and a flash deal under concurrent checkouts', () => {
  const ctx = useTestApp({ seedDemo: true });

  it('200 checkouts against a voucher of quantity 50 and a deal of cap 30 use exactly 50 and 30; reconcile stays clean', async () => {
    const shop = await newShop(ctx);
    const [p] = await addShopProducts(ctx, shop, [10_00], 20);
    await setStock(ctx.db, p, 1_000);
    const voucher = await runningVoucher(ctx, shop, { amountOffCents: 1_00, totalQuantity: 50, perBuyerLimit: 1 });
    // The product's 12.00 at 11.00 for 30 units.
    const deal = await runningDeal(ctx, shop, p, { dealPriceCents: 11_00, stockCap: 30 });
    // The set-up one buyer after another (only the checkouts race): its ledger transfers share one account.
    const racers: MallBuyer[] = [];
    const carts: number[][] = [];
    for (let i = 0; i < 200; i++) {
      const b = await quickBuyer(ctx, 100_00);
      expect((await buyerApi(ctx, b, 'POST', '/api/buyer/vouchers/claim', { voucherId: voucher })).status).toBe(200);
      carts.push(await fillCart(ctx, b, [{ productId: p }]));
      racers.push(b);
    }

    // 200 transactions queue on one product and one voucher row: on the server, requests that wait
    // longer than the pool's connect timeout are answered 503 with Retry-After, and a client retries
    // them with the same Idempotency-Key (DESIGN §4), as each racer does here.
    const checkoutWithRetry = async (b: MallBuyer, itemIds: number[]) => {
      const key = randomUUID();
      for (let attempt = 0; ; attempt++) {
        const answer = await mallCheckout(ctx, b, { itemIds, voucherIds: [voucher] }, key);
        if (answer.status !== 503 || attempt >= 20) return answer;
        await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800));
      }
    };
    const answers = await Promise.all(racers.map((b, i) => checkoutWithRetry(b, carts[i])));
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(50);
    const refusals = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.error}`);
    expect(refusals).toEqual(Array(150).fill('409 VOUCHER_USED_UP'));
    expect(bought.every((a) => a.body.data.sellerDiscountCents === 1_00)).toBe(true);
    const atDeal = bought.filter((a) => a.body.data.orders[0].flashDealId === deal);
    expect(atDeal).toHaveLength(30);
    expect(atDeal.every((a) => a.body.data.paidCents === 10_00 && a.body.data.dealSavingCents === 1_00)).toBe(true);
    expect(bought.filter((a) => a.body.data.orders[0].flashDealId === null && a.body.data.paidCents === 11_00)).toHaveLength(20);
    expect((await dealRow(ctx.db, deal)).sold_count).toBe(30);

    expect((await voucherRow(ctx.db, voucher)).used_count).toBe(50);
    const [uses] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from voucher_uses where voucher_id = ${voucher}::integer and returned_at is null`));
    expect(uses.n).toBe(50);
    const [orders] = rowsOf<{ n: number; discount: number }>(
      await ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(seller_discount_cents), 0)::int as discount from orders where voucher_id = ${voucher}::integer`),
    );
    expect(orders).toEqual({ n: 50, discount: 50_00 });
    const wallets = await Promise.all(racers.map((b) => walletOf(ctx.db, b.buyerId)));
    expect(wallets.filter((w) => w === 100_00 - 10_00)).toHaveLength(30);
    expect(wallets.filter((w) => w === 100_00 - 11_00)).toHaveLength(20);
    expect(wallets.filter((w) => w === 100_00)).toHaveLength(150);
    expect((await reconciled(ctx, await operatorToken(ctx))).breaks).toEqual([]);
  }, 180_000);
});
