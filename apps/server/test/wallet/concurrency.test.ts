import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deposits, ledgerTransfers, withdrawals } from '../../src/db/schema.ts';
import { call, createSeller, fundShop, loginToken, reconcileReport, requestDeposit, requestWithdrawal, walletOf, useWalletTestApp } from '../helper.ts';

/**
 * Concurrency on the PostgreSQL server. PGlite runs one query at a
 * time, so these only mean something against a real server: they run when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrency on the PostgreSQL server', () => {
  const ctx = useWalletTestApp({ postgres: true });

  async function fundedSeller(amount: string) {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    await fundShop(ctx.app, token, ctx.operatorToken, amount);
    return { ...seller, token };
  }

  const withdrawalRowsOf = (shopId: number) => ctx.db.select().from(withdrawals).where(eq(withdrawals.shopId, shopId));

  async function expectReconciled() {
    const report = await reconcileReport(ctx.app, ctx.operatorToken);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  }

  /** The shop's statement still chains line to line (each before = the previous after). */
  async function expectStatementChains(token: string) {
    const { body } = await call(ctx.app, 'GET', '/api/wallet/transactions', { token, query: { pageSize: 100 } });
    const lines = [...body.data.list].reverse() as { balanceBeforeCents: number; changeCents: number; balanceAfterCents: number }[];
    expect(lines).toHaveLength(body.data.total);
    let running = 0;
    for (const line of lines) {
      expect(line.balanceBeforeCents).toBe(running);
      expect(line.balanceAfterCents).toBe(line.balanceBeforeCents + line.changeCents);
      running = line.balanceAfterCents;
    }
    expect(running).toBe((await walletOf(ctx.app, token)).availableCents);
  }

  it('lets exactly 10 of 50 parallel withdrawals through when the balance covers exactly 10', async () => {
    const seller = await fundedSeller('1000');
    const answers = await Promise.all(Array.from({ length: 50 }, () => requestWithdrawal(ctx.app, seller.token, '100')));

    const succeeded = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const a of refused) expect({ status: a.status, error: a.body.error }).toEqual({ status: 422, error: 'INSUFFICIENT_BALANCE' });
    expect(new Set(succeeded.map((a) => a.body.data.id)).size).toBe(10);

    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 0, frozenCents: 100_000, balanceCents: 100_000 });
    const rows = await withdrawalRowsOf(seller.shopId);
    expect(rows).toHaveLength(10);
    expect(rows.every((w) => w.status === 'pending' && w.amountCents === 10_000)).toBe(true);
    const applies = await ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.shopId, seller.shopId), eq(ledgerTransfers.type, 'withdraw_apply')));
    expect(applies).toHaveLength(10);
    await expectStatementChains(seller.token);
    await expectReconciled();
  });

  it('makes exactly one withdrawal from 100 parallel retries with one Idempotency-Key, all answered alike', async () => {
    const seller = await fundedSeller('1000');
    const headers = { 'idempotency-key': `burst-${seller.shopId}` };
    const answers = await Promise.all(Array.from({ length: 100 }, () => requestWithdrawal(ctx.app, seller.token, '100', { headers })));

    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0].body);
    }
    expect(answers[0].body.data).toMatchObject({ status: 'pending', amountCents: 10_000, feeCents: 200, arrivalCents: 9800 });
    const rows = await withdrawalRowsOf(seller.shopId);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(answers[0].body.data.id);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 90_000, frozenCents: 10_000 });
    await expectStatementChains(seller.token);
    await expectReconciled();
  });

  it('decides a withdrawal once when operators race to complete, fail and reject it', async () => {
    const seller = await fundedSeller('1000');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await requestWithdrawal(ctx.app, seller.token, '100')).body.data.id);
    await Promise.all(ids.map((id) => call(ctx.app, 'POST', `/api/ops/withdrawals/${id}/approve`, { token: ctx.operatorToken, body: {} })));

    const races = await Promise.all(
      ids.map((id) =>
        Promise.all(
          ['complete', 'fail', 'complete', 'fail', 'reject'].map((action) => call(ctx.app, 'POST', `/api/ops/withdrawals/${id}/${action}`, { token: ctx.operatorToken, body: {} })),
        ),
      ),
    );
    let completed = 0;
    for (const answers of races) {
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'INVALID_STATE')).toBe(true);
      if (won[0].body.data.status === 'completed') completed += 1;
    }
    const wallet = await walletOf(ctx.app, seller.token);
    expect(wallet.frozenCents).toBe(0);
    expect(wallet.availableCents).toBe(100_000 - completed * 10_000);
    await expectStatementChains(seller.token);
    await expectReconciled();
  });

  it('credits a deposit once when approvals race, and once more never', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const ids = await Promise.all(['10', '20', '30'].map(async (amount) => (await requestDeposit(ctx.app, token, amount)).body.data.id as number));
    const answers = await Promise.all(
      ids.flatMap((id) => Array.from({ length: 6 }, (_, i) => call(ctx.app, 'POST', `/api/ops/deposits/${id}/${i % 3 === 2 ? 'reject' : 'approve'}`, { token: ctx.operatorToken, body: {} }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'ALREADY_DECIDED')).toBe(true);
    const decided = await ctx.db.select().from(deposits).where(eq(deposits.shopId, seller.shopId));
    const approvedCents = decided.filter((d) => d.status === 'approved').reduce((s, d) => s + d.amountCents, 0);
    expect(decided.every((d) => d.status !== 'pending')).toBe(true);
    expect(await walletOf(ctx.app, token)).toMatchObject({ availableCents: approvedCents, totalTopUpCents: approvedCents });
    await expectReconciled();
  });

  it('keeps every balance right with many shops withdrawing, depositing and being decided at once', async () => {
    const sellers = await Promise.all(Array.from({ length: 4 }, () => fundedSeller('500')));
    const pendingDeposits = await Promise.all(sellers.map(async (s) => (await requestDeposit(ctx.app, s.token, '200')).body.data.id as number));
    const answers = await Promise.all([
      ...sellers.flatMap((s) => Array.from({ length: 8 }, () => requestWithdrawal(ctx.app, s.token, '100'))),
      ...pendingDeposits.map((id) => call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: ctx.operatorToken, body: {} })),
    ]);
    expect(answers.every((a) => a.status === 200 || a.body.error === 'INSUFFICIENT_BALANCE')).toBe(true);
    for (const s of sellers) {
      const taken = (await withdrawalRowsOf(s.shopId)).length;
      // 500 plus the 200 deposit if it was approved before enough withdrawals: between 5 and 7 go through.
      expect(taken).toBeGreaterThanOrEqual(5);
      expect(taken).toBeLessThanOrEqual(7);
      expect(await walletOf(ctx.app, s.token)).toMatchObject({ availableCents: 70_000 - taken * 10_000, frozenCents: taken * 10_000 });
      await expectStatementChains(s.token);
    }
    await expectReconciled();
  });
});
