import { describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../src/db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../src/db/schema.ts';
import { accountCode, balanceOf, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import {
  buyerCancelled,
  buyerPaid,
  type Flow,
  moveAll,
  type Movement,
  orderSettled,
  refundAfterSettlement,
  refundApproved,
  stockPurchased,
} from '../../src/modules/ledger/money-flows.ts';
import { createSeller, fundShop, loginToken, reconcileReport, useWalletTestApp } from '../helper.ts';

/**
 * moveAll / ledger-service.transferAll (the demo seed's replay of its history, a thousand transfers
 * per round trip): the same transfers and statement lines as the flows called one by one, each
 * transfer seeing the balances the ones before it left, and the ledger's refusals (bad amounts,
 * insufficient balance, reused keys) with nothing moved once the transaction ends.
 */
const ctx = useWalletTestApp();

let orderCounter = 0;
const nextOrderNo = () => `MA${process.pid}${Date.now() % 100000}${++orderCounter}`;

async function fundedSeller(amount: string) {
  const seller = await createSeller(ctx.db);
  const token = await loginToken(ctx.app, seller.username, seller.password);
  await fundShop(ctx.app, token, ctx.operatorToken, amount);
  return seller;
}

/** A month of one shop's orders as flows in time order: paid, bought, settled; some cancelled or refunded before or after settlement. */
function history(shopId: number, orders: number): { run: (tx: Tx) => Promise<unknown>; movement: Movement }[] {
  const steps: { run: (tx: Tx) => Promise<unknown>; movement: Movement }[] = [];
  const step = <T,>(flow: Flow<T>, x: T) => steps.push({ run: (tx) => flow(tx, x), movement: flow.plan(x) });
  for (let i = 0; i < orders; i++) {
    const o = { orderNo: nextOrderNo(), shopId, amountCents: 1_000 + ((i * 137) % 5_000), purchaseAmountCents: 800 + ((i * 91) % 700) };
    step(buyerPaid, o);
    if (i % 11 === 3) {
      step(buyerCancelled, o);
      continue;
    }
    step(stockPurchased, o);
    if (i % 7 === 5) {
      step(refundApproved, o);
      continue;
    }
    step(orderSettled, o);
    if (i % 13 === 6) step(refundAfterSettlement, o);
  }
  return steps;
}

/** The shop's statement: its available account's entries in order, as the seller sees them. */
async function statementOf(shopId: number) {
  const [account] = await ctx.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, accountCode(shopAccount(shopId))));
  const rows = await ctx.db
    .select({ type: ledgerTransfers.type, change: ledgerEntries.changeCents, before: ledgerEntries.balanceBeforeCents, after: ledgerEntries.balanceAfterCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(eq(ledgerEntries.accountId, account.id))
    .orderBy(asc(ledgerEntries.id));
  return rows;
}

const transfersWithKeys = (keys: string[]) => ctx.db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, keys));
const keysOf = (movements: Movement[]) => movements.flatMap((m) => m.transfers.map((t) => t.key));

describe('moveAll: many flows in a few round trips', () => {
  it('makes the same transfers and statement lines as the flows called one by one, across statement boundaries', async () => {
    const oneByOne = await fundedSeller('1000');
    const together = await fundedSeller('1000');
    const orders = 480; // about 1,300 transfers: more than one statement of transferAll
    const a = history(oneByOne.shopId, orders);
    const b = history(together.shopId, orders);
    expect(keysOf(b.map((s) => s.movement)).length).toBeGreaterThan(1_000);

    await ctx.db.transaction(async (tx) => {
      for (const s of a) await s.run(tx);
    });
    const results = await ctx.db.transaction((tx) => moveAll(tx, b.map((s) => s.movement)));

    expect(results).toHaveLength(keysOf(b.map((s) => s.movement)).length);
    expect(results.every((r) => !r.replayed && Number.isSafeInteger(r.transferId) && r.transferId > 0)).toBe(true);
    const statement = await statementOf(together.shopId);
    expect(statement).toEqual(await statementOf(oneByOne.shopId));
    expect(statement.length).toBeGreaterThan(orders);
    expect(await balanceOf(ctx.db, shopAccount(together.shopId))).toBe(await balanceOf(ctx.db, shopAccount(oneByOne.shopId)));
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).breaks).toEqual([]);
  });

  it('runs the transfers in their order: each sees the balances the ones before it left', async () => {
    const seller = await createSeller(ctx.db); // nothing available
    const o = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 5_000, purchaseAmountCents: 3_000 };
    const paid = buyerPaid.plan(o);
    // Bought before the sale settled: the shop cannot pay the supplier.
    await expect(ctx.db.transaction((tx) => moveAll(tx, [paid, stockPurchased.plan(o), orderSettled.plan(o)]))).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await transfersWithKeys(keysOf([paid]))).toHaveLength(0);
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(0);
    // Settled first, the same purchase goes through and leaves the margin.
    await ctx.db.transaction((tx) => moveAll(tx, [paid, orderSettled.plan(o), stockPurchased.plan(o)]));
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(2_000);
    expect((await statementOf(seller.shopId)).map((l) => [l.type, l.before, l.after])).toEqual([
      ['settlement', 0, 5_000],
      ['purchase', 5_000, 2_000],
    ]);
  });

  it('throws a refusal in the middle of a statement: nothing of the call stays once the transaction rolls back', async () => {
    const seller = await fundedSeller('10');
    const before = await balanceOf(ctx.db, shopAccount(seller.shopId));
    const first = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 900, purchaseAmountCents: 600 };
    const tooDear = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 9_000, purchaseAmountCents: 5_000 };
    const last = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 900, purchaseAmountCents: 100 };
    const movements = [buyerPaid.plan(first), stockPurchased.plan(first), stockPurchased.plan(tooDear), buyerPaid.plan(last), stockPurchased.plan(last)];
    await expect(ctx.db.transaction((tx) => moveAll(tx, movements))).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await transfersWithKeys(keysOf(movements))).toHaveLength(0);
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(before);
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).breaks).toEqual([]);
  });

  it('refuses a bad amount before anything moves', async () => {
    const seller = await fundedSeller('10');
    for (const amountCents of [0, -100, 12.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      const good = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 500, purchaseAmountCents: 100 };
      const bad = { ...good, orderNo: nextOrderNo(), purchaseAmountCents: amountCents };
      const movements = [buyerPaid.plan(good), stockPurchased.plan(good), stockPurchased.plan(bad)];
      // Refused in JavaScript, before the statement: even inside the still-open transaction nothing has moved.
      await ctx.db.transaction(async (tx) => {
        await expect(moveAll(tx, movements)).rejects.toMatchObject({ key: 'INVALID_AMOUNT' });
        expect(await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, keysOf(movements)))).toHaveLength(0);
      });
    }
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(1_000);
  });

  it('moves a replayed call once, and refuses a known key with another amount', async () => {
    const seller = await fundedSeller('50');
    const o = { orderNo: nextOrderNo(), shopId: seller.shopId, amountCents: 2_000, purchaseAmountCents: 1_500 };
    const movements = [buyerPaid.plan(o), stockPurchased.plan(o), orderSettled.plan(o)];
    const first = await ctx.db.transaction((tx) => moveAll(tx, movements));
    const again = await ctx.db.transaction((tx) => moveAll(tx, movements));
    expect(first.map((r) => r.replayed)).toEqual([false, false, false]);
    expect(again).toEqual(first.map((r) => ({ ...r, replayed: true })));
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(5_000 - 1_500 + 2_000);

    const otherAmount = stockPurchased.plan({ ...o, purchaseAmountCents: 1_400 });
    await expect(ctx.db.transaction((tx) => moveAll(tx, [otherAmount]))).rejects.toMatchObject({ key: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(5_500);
    expect(await ctx.db.transaction((tx) => moveAll(tx, []))).toEqual([]);
  });
});

/** What a shop's available balance changes by when these movements are made. */
function changeOf(shopId: number, movements: Movement[]): number {
  const mine = (ref: Movement['transfers'][number]['from']) => 'shopId' in ref && ref.shopId === shopId && ref.kind === 'available';
  return movements.flatMap((m) => m.transfers).reduce((sum, t) => sum + (mine(t.to) ? t.amountCents : 0) - (mine(t.from) ? t.amountCents : 0), 0);
}

describe.skipIf(!process.env.DATABASE_URL)('moveAll beside other money on the PostgreSQL server', () => {
  it('runs beside flows on the same accounts without a deadlock and without losing a cent', async () => {
    const seller = await fundedSeller('1000');
    const order = (amountCents: number, purchaseAmountCents: number) => ({ orderNo: nextOrderNo(), shopId: seller.shopId, amountCents, purchaseAmountCents });
    // Bought and waiting: each is refunded during the race (refundApproved locks supplier payable, the shop and escrow, in id order).
    const waiting = Array.from({ length: 20 }, (_, i) => order(2_000 + i, 1_000 + i));
    const before = waiting.flatMap((o) => [buyerPaid.plan(o), stockPurchased.plan(o)]);
    await ctx.db.transaction((tx) => moveAll(tx, before));
    // Each batch takes the shop's account first (a purchase), escrow later (another order paid and settled):
    // without every account locked up front, a batch and a refund would each hold what the other waits for.
    const batches = Array.from({ length: 10 }, (_, i) => {
      const bought = order(3_000, 900 + i);
      const sold = order(4_000 + i, 1_200);
      return [stockPurchased.plan(bought), buyerPaid.plan(sold), orderSettled.plan(sold), stockPurchased.plan(sold)];
    });
    await Promise.all([
      ...batches.map((movements) => ctx.db.transaction((tx) => moveAll(tx, movements))),
      ...waiting.map((o) => ctx.db.transaction((tx) => refundApproved(tx, o))),
    ]);
    const all = [...before, ...batches.flat(), ...waiting.map((o) => refundApproved.plan(o))];
    expect(await balanceOf(ctx.db, shopAccount(seller.shopId))).toBe(100_000 + changeOf(seller.shopId, all));
    expect(await transfersWithKeys(keysOf(all))).toHaveLength(keysOf(all).length);
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).breaks).toEqual([]);
  });
});
