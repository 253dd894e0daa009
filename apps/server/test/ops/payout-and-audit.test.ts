import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, withdrawals } from '../../src/db/schema.ts';
import { call, createOperator, createSeller, fundShop, loginToken, opsLoginToken, requestDeposit, requestWithdrawal, useWalletTestApp } from '../helper.ts';

const ctx = useWalletTestApp();

async function sellerWithWithdrawal(amount = '150') {
  const seller = await createSeller(ctx.db);
  const token = await loginToken(ctx.app, seller.username, seller.password);
  await fundShop(ctx.app, token, ctx.operatorToken, '500');
  const id = (await requestWithdrawal(ctx.app, token, amount)).body.data.id as number;
  return { seller, token, id };
}

const decide = (id: number, action: string, body: unknown = {}, token = ctx.operatorToken) => call(ctx.app, 'POST', `/api/ops/withdrawals/${id}/${action}`, { token, body });

describe('a completed withdrawal keeps its payout transaction hash for the seller', () => {
  it('stores the hash given on completion, answers it to the operator and shows it on the seller’s record and notice', async () => {
    const { seller, token, id } = await sellerWithWithdrawal();
    expect((await decide(id, 'approve')).body.data.status).toBe('approved');
    const hash = '0x9f2c4e8a1b3d5f7091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708';
    const done = await decide(id, 'complete', { payoutTxHash: hash });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', payoutTxHash: hash });
    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token, query: { kind: 'withdrawal' } })).body.data.list;
    expect(record).toEqual([expect.objectContaining({ id, status: 'completed', payoutTxHash: hash })]);
    const [notice] = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId)).orderBy(notifications.id).then((rows) => rows.slice(-1));
    expect(notice.payload).toMatchObject({ withdrawalId: id, payoutTxHash: hash });
  });

  it('refuses a hash that is not one (blanks, symbols, too short) and changes nothing', async () => {
    const { id } = await sellerWithWithdrawal();
    await decide(id, 'approve');
    for (const bad of ['0x12 34 56 78', 'abc', '0x<script>alert(1)</script>', 'x'.repeat(129)]) {
      const refused = await decide(id, 'complete', { payoutTxHash: bad });
      expect({ bad, status: refused.status, error: refused.body.error }).toEqual({ bad, status: 400, error: 'VALIDATION_FAILED' });
    }
    const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'approved', payoutTxHash: null });
  });

  it('keeps no hash on the other actions (only a completion pays out)', async () => {
    const { id } = await sellerWithWithdrawal();
    const approved = await decide(id, 'approve', { payoutTxHash: '0xabcdef0123456789' });
    expect(approved.body.data).toMatchObject({ status: 'approved', payoutTxHash: null });
  });
});

describe('the audit trail of every operator action', () => {
  it('lists actions newest first, filtered by operator, action and day, with the operators and actions to choose from', async () => {
    const finance = await createOperator(ctx.db, undefined, 'operator123', 'finance');
    const financeToken = await opsLoginToken(ctx.app, finance.username, finance.password, '10.0.0.9');
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const approvedId = (await requestDeposit(ctx.app, token, '70')).body.data.id as number;
    const rejectedId = (await requestDeposit(ctx.app, token, '30')).body.data.id as number;
    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${approvedId}/approve`, { token: financeToken, body: {} })).status).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${rejectedId}/reject`, { token: financeToken, body: { reason: 'no such payment' } })).status).toBe(200);

    const byFinance = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: financeToken, query: { operatorId: finance.userId } });
    expect(byFinance.status).toBe(200);
    expect(byFinance.body.data.total).toBe(2);
    expect(byFinance.body.data.list.map((r: { action: string; targetId: number }) => [r.action, r.targetId])).toEqual([
      ['deposit.reject', rejectedId],
      ['deposit.approve', approvedId],
    ]);
    expect(byFinance.body.data.list[0]).toMatchObject({ operatorUserId: finance.userId, operatorName: finance.username, after: expect.objectContaining({ status: 'rejected', rejectReason: 'no such payment' }) });
    expect(byFinance.body.data.operators).toEqual(expect.arrayContaining([{ id: finance.userId, name: finance.username }]));
    expect(byFinance.body.data.actions).toEqual(expect.arrayContaining(['deposit.approve', 'deposit.reject']));

    const approvals = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: financeToken, query: { operatorId: finance.userId, action: 'deposit.approve' } });
    expect(approvals.body.data.list.map((r: { targetId: number }) => r.targetId)).toEqual([approvedId]);

    const today = new Date().toISOString().slice(0, 10);
    const inDays = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: financeToken, query: { operatorId: finance.userId, from: today, to: today } });
    expect(inDays.body.data.total).toBe(2);
    const before = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: financeToken, query: { operatorId: finance.userId, to: '2020-01-01' } });
    expect(before.body.data).toMatchObject({ total: 0, list: [] });

    const paged = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: financeToken, query: { operatorId: finance.userId, pageSize: 1, page: 2 } });
    expect(paged.body.data.list.map((r: { targetId: number }) => r.targetId)).toEqual([approvedId]);
  });

  it('refuses a bad filter with a clear message and no seller reads it', async () => {
    const refused = await call(ctx.app, 'GET', '/api/ops/auditLog', { token: ctx.operatorToken, query: { from: 'yesterday' }, lang: 'vi-VN' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('VALIDATION_FAILED');
    expect(refused.body.msg).not.toMatch(/^\s*$/);
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    expect((await call(ctx.app, 'GET', '/api/ops/auditLog', { token })).status).toBe(403);
  });
});
