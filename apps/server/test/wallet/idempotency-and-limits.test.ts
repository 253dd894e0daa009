/**
 * Stored Idempotency-Key answers are pruned by a job after a day, and
 * money is bounded where it enters (MONEY.AMOUNT_MAX_CENTS) and where it adds up (every ledger
 * balance within ±MONEY.BALANCE_MAX_CENTS), so the API never answers a rounded cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MONEY } from '@shopdesk/shared/constants';
import { deposits, idempotencyKeys } from '../../src/db/schema.ts';
import { runJobOnce } from '../../src/jobs.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { createOperator, createSeller, createWalletTestApp, loginToken, opsLoginToken, requestDeposit, requestWithdrawal, call, walletOf, type WalletTestContext } from '../helper.ts';
import { fundShopDirect } from '../orders/fixtures.ts';

let ctx: WalletTestContext;
let operatorToken: string;
beforeAll(async () => {
  // A policy maximum above MONEY.AMOUNT_MAX_CENTS (WITHDRAW_MAX_CENTS): the global bound still holds.
  ctx = await createWalletTestApp({ withdrawPolicy: { minCents: 50_00, maxCents: Number.MAX_SAFE_INTEGER, feeBp: 200 } });
  const op = await createOperator(ctx.db);
  operatorToken = await opsLoginToken(ctx.app, op.username, op.password);
});
afterAll(() => ctx.close());

async function seller() {
  const s = await createSeller(ctx.db);
  return { ...s, token: await loginToken(ctx.app, s.username, s.password) };
}

describe('stored Idempotency-Key answers', () => {
  it('are forgotten by the idempotency-keys job after a day, and kept before', async () => {
    await ctx.db.insert(idempotencyKeys).values([
      { scope: 'test:old', requestHash: 'h', state: 'done', statusCode: 200, response: {}, createdAt: new Date(Date.now() - 25 * 3600_000) },
      { scope: 'test:fresh', requestHash: 'h', state: 'done', statusCode: 200, response: {}, createdAt: new Date(Date.now() - 23 * 3600_000) },
    ]);
    const run = await runJobOnce(ctx.app, 'idempotency-keys');
    expect(run).toEqual({ ran: true, result: 1 });
    const left = await ctx.db.select({ scope: idempotencyKeys.scope }).from(idempotencyKeys).where(sql`${idempotencyKeys.scope} like 'test:%'`);
    expect(left.map((k) => k.scope)).toEqual(['test:fresh']);
  });
});

describe('amount limits', () => {
  it('refuses a deposit above MONEY.AMOUNT_MAX_CENTS with a localized message, and stores nothing', async () => {
    const s = await seller();
    for (const amount of ['999999999999.99', String(MONEY.AMOUNT_MAX_CENTS / 100 + 0.01)]) {
      const refused = await requestDeposit(ctx.app, s.token, amount, { lang: 'vi-VN' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'AMOUNT_ABOVE_MAX', msg: 'Số tiền tối đa là 10,000,000 USDT' });
    }
    expect(await ctx.db.select().from(deposits).where(eq(deposits.shopId, s.shopId))).toHaveLength(0);
    // The maximum itself is accepted.
    expect((await requestDeposit(ctx.app, s.token, String(MONEY.AMOUNT_MAX_CENTS / 100))).status).toBe(200);
  });

  it('refuses a withdrawal above MONEY.AMOUNT_MAX_CENTS even when the configured policy would allow it', async () => {
    const s = await seller();
    const refused = await requestWithdrawal(ctx.app, s.token, '999999999999.99');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'AMOUNT_ABOVE_MAX', msg: 'The amount must be at most 10,000,000 USDT' });
  });

  it('keeps every balance within ±MONEY.BALANCE_MAX_CENTS: the approval that would pass it is refused and moves nothing', async () => {
    const s = await seller();
    await fundShopDirect(ctx.db, s.shopId, MONEY.BALANCE_MAX_CENTS - 500_00);
    const deposit = await requestDeposit(ctx.app, s.token, '1000');
    expect(deposit.status).toBe(200);
    const approved = await call(ctx.app, 'POST', `/api/ops/deposits/${deposit.body.data.id}/approve`, { token: operatorToken, body: {} });
    expect(approved.status).toBe(422);
    expect(approved.body.error).toBe('BALANCE_LIMIT');
    const [row] = await ctx.db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, deposit.body.data.id));
    expect(row.status).toBe('pending');
    // The figures the API answers are the database's, to the cent.
    const wallet = await walletOf(ctx.app, s.token);
    expect(wallet.availableCents).toBe(MONEY.BALANCE_MAX_CENTS - 500_00);
    expect(wallet.balanceCents).toBe(MONEY.BALANCE_MAX_CENTS - 500_00);
  });

  it('keeps the bound of the CHECK constraint and of the constant the same, far below 2^53', async () => {
    expect(MONEY.BALANCE_MAX_CENTS).toBe(1_125_899_906_842_624);
    expect(MONEY.BALANCE_MAX_CENTS * 8).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER + 1);
    expect(MONEY.AMOUNT_MAX_CENTS).toBeLessThan(MONEY.BALANCE_MAX_CENTS);
    const [constraint] = rowsOf<{ def: string }>(await ctx.db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'ledger_accounts_balance_bounded'`));
    expect(constraint.def).toContain(String(MONEY.BALANCE_MAX_CENTS));
  });
});
