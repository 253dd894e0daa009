import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_CONTENT } from '@shopdesk/shared/notifications/codes';
import { deposits, ledgerTransfers, notifications, users, withdrawals } from '../../src/db/schema.ts';
import { balanceOf, platformAccount } from '../../src/modules/ledger/ledger-service.ts';
import {
  call,
  createOperator,
  createSeller,
  createWalletTestApp,
  encodePassword,
  fundShop,
  loginToken,
  multipartBody,
  opsLoginToken,
  pngBytes,
  reconcileReport,
  requestDeposit,
  requestWithdrawal,
  storedScreenshots,
  walletOf,
  type WalletTestContext,
} from '../helper.ts';

let ctx: WalletTestContext;
let operator: { userId: number; token: string };
beforeAll(async () => {
  ctx = await createWalletTestApp();
  const op = await createOperator(ctx.db);
  operator = { userId: op.userId, token: await opsLoginToken(ctx.app, op.username, op.password) };
});
afterAll(() => ctx.close());

/** A seller whose available balance is `amount` (deposited and approved through the API). */
async function fundedSeller(amount = '1000') {
  const seller = await createSeller(ctx.db);
  const token = await loginToken(ctx.app, seller.username, seller.password);
  if (amount !== '0') await fundShop(ctx.app, token, operator.token, amount);
  return { ...seller, token };
}

const ops = (path: string, body: unknown = {}) => call(ctx.app, 'POST', `/api/ops/${path}`, { token: operator.token, body });
const withdrawalRowsOf = (shopId: number) => ctx.db.select().from(withdrawals).where(eq(withdrawals.shopId, shopId));
const transfersOf = (withdrawalId: number) =>
  ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.refType, 'withdrawal'), eq(ledgerTransfers.refId, withdrawalId)));
const balances = async (token: string) => {
  const w = await walletOf(ctx.app, token);
  return { availableCents: w.availableCents, frozenCents: w.frozenCents };
};
async function expectReconciled() {
  const report = await reconcileReport(ctx.app, operator.token);
  expect(report.breaks).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('withdrawal: apply, then the operator decides', () => {
  it('moves the amount from available to frozen and shows the 2% fee and the arrival amount', async () => {
    const seller = await fundedSeller('1000');
    const summary = await walletOf(ctx.app, seller.token);
    expect(summary).toMatchObject({ withdrawPolicy: { minCents: 5000, maxCents: 1_000_000, feeBp: 200 }, canWithdraw: true });

    const { status, body } = await requestWithdrawal(ctx.app, seller.token, '123.45');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    // 2% of 123.45 is 2.469, rounded half-up to 2.47.
    expect(body.data).toMatchObject({ status: 'pending', amountCents: 12_345, feeCents: 247, arrivalCents: 12_098 });
    expect(await balances(seller.token)).toEqual({ availableCents: 100_000 - 12_345, frozenCents: 12_345 });
    expect((await walletOf(ctx.app, seller.token)).balanceCents).toBe(100_000);

    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'withdrawal' } })).body.data.list;
    expect(record).toEqual([
      expect.objectContaining({ kind: 'withdrawal', id: body.data.id, status: 'pending', amountCents: 12_345, feeCents: 247, arrivalCents: 12_098, completedAt: null }),
    ]);
    const line = (await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { type: 'withdraw_apply' } })).body.data.list[0];
    expect(line).toMatchObject({ type: 'withdraw_apply', balanceBeforeCents: 100_000, changeCents: -12_345, balanceAfterCents: 87_655, status: 'pending' });
    const pending = await call(ctx.app, 'GET', '/api/ops/withdrawals', { token: operator.token, query: { status: 'pending' } });
    expect(pending.body.data.map((w: { id: number }) => w.id)).toContain(body.data.id);
    await expectReconciled();
  });

  it('on completion pays out amount − fee and books the fee; frozen goes back to 0', async () => {
    const seller = await fundedSeller('1000');
    const payoutsBefore = await balanceOf(ctx.db, platformAccount('payouts'));
    const feesBefore = await balanceOf(ctx.db, platformAccount('fee_revenue'));
    const id = (await requestWithdrawal(ctx.app, seller.token, '200')).body.data.id;

    expect((await ops(`withdrawals/${id}/approve`)).body.data.status).toBe('approved');
    expect((await ops(`withdrawals/${id}/process`)).body.data.status).toBe('processing');
    expect(await balances(seller.token)).toEqual({ availableCents: 80_000, frozenCents: 20_000 });
    const done = await ops(`withdrawals/${id}/complete`, { reason: 'tx 0xabc' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', remark: 'tx 0xabc' });
    expect(done.body.data.completedAt).not.toBeNull();

    expect(await balances(seller.token)).toEqual({ availableCents: 80_000, frozenCents: 0 });
    // Payouts and fee revenue are credited (the platform side of the money that left the shop).
    expect((await balanceOf(ctx.db, platformAccount('payouts'))) - payoutsBefore).toBe(19_600);
    expect((await balanceOf(ctx.db, platformAccount('fee_revenue'))) - feesBefore).toBe(400);
    const moved = await transfersOf(id);
    expect(moved.map((t) => [t.type, t.amountCents]).sort()).toEqual([
      ['withdraw_apply', 20_000],
      ['withdraw_fee', 400],
      ['withdraw_payout', 19_600],
    ]);
    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'withdrawal' } })).body.data.list[0];
    expect(record).toMatchObject({ status: 'completed', arrivalCents: 19_600, feeCents: 400 });
    expect(record.completedAt).not.toBeNull();
    const line = (await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token, query: { type: 'withdraw_apply' } })).body.data.list[0];
    expect(line.status).toBe('completed');

    // Each decision is audited and told to the seller.
    const audit = await call(ctx.app, 'GET', '/api/ops/audit', { token: operator.token, query: { targetType: 'withdrawal', targetId: id } });
    expect(audit.body.data.map((a: { action: string }) => a.action)).toEqual(['withdrawal.complete', 'withdrawal.process', 'withdrawal.approve']);
    expect(audit.body.data[0]).toMatchObject({ operatorUserId: operator.userId, before: expect.objectContaining({ status: 'processing' }), after: expect.objectContaining({ status: 'completed' }) });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    expect(notes.filter((n) => n.payload?.withdrawalId === id).map((n) => n.content)).toEqual([
      NOTIFICATION_CONTENT.WITHDRAWAL_APPROVED,
      NOTIFICATION_CONTENT.WITHDRAWAL_PROCESSING,
      NOTIFICATION_CONTENT.WITHDRAWAL_COMPLETED,
    ]);
    await expectReconciled();
  });

  it('can complete straight from approved', async () => {
    const seller = await fundedSeller('100');
    const id = (await requestWithdrawal(ctx.app, seller.token, '50')).body.data.id;
    await ops(`withdrawals/${id}/approve`);
    expect((await ops(`withdrawals/${id}/complete`)).status).toBe(200);
    expect(await balances(seller.token)).toEqual({ availableCents: 5000, frozenCents: 0 });
  });

  it('returns the whole amount to available when it fails', async () => {
    const seller = await fundedSeller('500');
    const id = (await requestWithdrawal(ctx.app, seller.token, '300')).body.data.id;
    await ops(`withdrawals/${id}/approve`);
    await ops(`withdrawals/${id}/process`);
    const failed = await ops(`withdrawals/${id}/fail`, { reason: 'address rejected by the chain' });
    expect(failed.body.data.status).toBe('failed');
    expect(await balances(seller.token)).toEqual({ availableCents: 50_000, frozenCents: 0 });
    expect((await transfersOf(id)).map((t) => t.type).sort()).toEqual(['withdraw_apply', 'withdraw_return']);
    const record = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: seller.token, query: { kind: 'withdrawal' } })).body.data.list[0];
    expect(record).toMatchObject({ status: 'failed', remark: 'address rejected by the chain' });
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.shopId, seller.shopId));
    expect(notes.at(-1)!.content).toBe(NOTIFICATION_CONTENT.WITHDRAWAL_FAILED);
    await expectReconciled();
  });

  it('returns the whole amount to available when rejected', async () => {
    const seller = await fundedSeller('500');
    const id = (await requestWithdrawal(ctx.app, seller.token, '250.50')).body.data.id;
    const rejected = await ops(`withdrawals/${id}/reject`, { reason: 'suspicious' });
    expect(rejected.body.data.status).toBe('rejected');
    expect(await balances(seller.token)).toEqual({ availableCents: 50_000, frozenCents: 0 });
    const statement = (await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token })).body.data.list;
    expect(statement.slice(0, 2).map((l: { type: string; changeCents: number }) => [l.type, l.changeCents])).toEqual([
      ['withdraw_return', 25_050],
      ['withdraw_apply', -25_050],
    ]);
    await expectReconciled();
  });

  const invalid: { label: string; path: string[]; action: string }[] = [
    { label: 'complete a pending one', path: [], action: 'complete' },
    { label: 'process a pending one', path: [], action: 'process' },
    { label: 'fail a pending one', path: [], action: 'fail' },
    { label: 'approve twice', path: ['approve'], action: 'approve' },
    { label: 'reject an approved one', path: ['approve'], action: 'reject' },
    { label: 'reject one in processing', path: ['approve', 'process'], action: 'reject' },
    { label: 'process twice', path: ['approve', 'process'], action: 'process' },
    { label: 'complete twice', path: ['approve', 'complete'], action: 'complete' },
    { label: 'fail a completed one', path: ['approve', 'complete'], action: 'fail' },
    { label: 'reject a completed one', path: ['approve', 'complete'], action: 'reject' },
    { label: 'complete a failed one', path: ['approve', 'fail'], action: 'complete' },
    { label: 'fail twice', path: ['approve', 'fail'], action: 'fail' },
    { label: 'reject twice', path: ['reject'], action: 'reject' },
    { label: 'approve a rejected one', path: ['reject'], action: 'approve' },
    { label: 'complete a rejected one', path: ['reject'], action: 'complete' },
  ];
  it.each(invalid)('refuses to $label with 409 INVALID_STATE and moves nothing', async ({ path, action }) => {
    const seller = await fundedSeller('200');
    const id = (await requestWithdrawal(ctx.app, seller.token, '100')).body.data.id;
    for (const step of path) expect((await ops(`withdrawals/${id}/${step}`)).status).toBe(200);
    const before = { wallet: await balances(seller.token), transfers: (await transfersOf(id)).length, status: (await withdrawalRowsOf(seller.shopId))[0].status };
    const refused = await ops(`withdrawals/${id}/${action}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('INVALID_STATE');
    expect(await balances(seller.token)).toEqual(before.wallet);
    expect(await transfersOf(id)).toHaveLength(before.transfers);
    expect((await withdrawalRowsOf(seller.shopId))[0].status).toBe(before.status);
  });

  it('answers 404 for a withdrawal that does not exist', async () => {
    const missing = await ops('withdrawals/999999/approve');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('NOT_FOUND');
  });
});

describe('withdrawal: refusals move nothing', () => {
  const cases: { label: string; amount: string | number; body?: Record<string, unknown>; status: number; error: string }[] = [
    { label: 'an amount below 50', amount: '49.99', status: 400, error: 'AMOUNT_BELOW_MIN' },
    { label: 'an amount above 10,000', amount: '10000.01', status: 400, error: 'AMOUNT_ABOVE_MAX' },
    { label: 'an amount that is not a number', amount: 'fifty', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a negative amount', amount: '-100', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a negative JSON number', amount: -100, status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an amount with 3 decimals', amount: '100.001', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a JSON number with 3 decimals', amount: 100.001, status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an amount in exponent notation', amount: '1e4', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'a zero amount', amount: '0', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'an amount with a comma', amount: '1,000', status: 400, error: 'INVALID_AMOUNT' },
    { label: 'the bank method', amount: '100', body: { method: 'bank', bankName: 'Bank', accountName: 'A', accountNumber: '123456789' }, status: 422, error: 'WITHDRAW_METHOD_UNSUPPORTED' },
    { label: 'an unknown network', amount: '100', body: { network: 'OMNI' }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'an empty address', amount: '100', body: { address: '' }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'an address with a blank inside', amount: '100', body: { address: 'TXYZabcdefghij klmnopqrst' }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'a missing fund password', amount: '100', body: { fundPassword: undefined }, status: 400, error: 'VALIDATION_FAILED' },
    { label: 'another currency', amount: '100', body: { currency: 'BTC' }, status: 400, error: 'VALIDATION_FAILED' },
  ];

  it.each(cases)('refuses $label with a localized $status $error', async ({ amount, body, status, error }) => {
    const seller = await fundedSeller('20000');
    const en = await requestWithdrawal(ctx.app, seller.token, amount, { body, lang: 'en-US' });
    const zh = await requestWithdrawal(ctx.app, seller.token, amount, { body, lang: 'zh-CN' });
    expect(en.status).toBe(status);
    expect(en.body.error).toBe(error);
    expect(zh.body.error).toBe(error);
    expect(en.body.msg).not.toMatch(/^error\./);
    expect(zh.body.msg).not.toBe(en.body.msg);
    expect(await balances(seller.token)).toEqual({ availableCents: 2_000_000, frozenCents: 0 });
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);
  });

  it('accepts exactly 50 and exactly 10,000', async () => {
    const seller = await fundedSeller('20000');
    expect((await requestWithdrawal(ctx.app, seller.token, '50')).body.data).toMatchObject({ amountCents: 5000, feeCents: 100, arrivalCents: 4900 });
    expect((await requestWithdrawal(ctx.app, seller.token, 10000)).body.data).toMatchObject({ amountCents: 1_000_000, feeCents: 20_000, arrivalCents: 980_000 });
    expect(await balances(seller.token)).toEqual({ availableCents: 2_000_000 - 1_005_000, frozenCents: 1_005_000 });
  });

  it('refuses an amount over the available balance; frozen money does not count', async () => {
    const seller = await fundedSeller('100');
    const over = await requestWithdrawal(ctx.app, seller.token, '100.01');
    expect(over.status).toBe(422);
    expect(over.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);
    expect((await requestWithdrawal(ctx.app, seller.token, '60')).status).toBe(200);
    const again = await requestWithdrawal(ctx.app, seller.token, '60');
    expect(again.body.error).toBe('INSUFFICIENT_BALANCE');
    expect(await balances(seller.token)).toEqual({ availableCents: 4000, frozenCents: 6000 });
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(1);
    await expectReconciled();
  });

  it('counts wrong fund passwords, locks after 5, and then refuses even the right one', async () => {
    const seller = await fundedSeller('1000');
    for (let remaining = 4; remaining >= 1; remaining--) {
      const wrong = await requestWithdrawal(ctx.app, seller.token, '100', { fundPassword: '654321' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.error).toBe('FUND_PASSWORD_WRONG');
      expect(wrong.body.msg).toContain(String(remaining));
    }
    const locking = await requestWithdrawal(ctx.app, seller.token, '100', { fundPassword: '654321' });
    expect(locking.status).toBe(429);
    expect(locking.body.error).toBe('FUND_PASSWORD_LOCKED');
    const right = await requestWithdrawal(ctx.app, seller.token, '100');
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('FUND_PASSWORD_LOCKED');
    expect(await balances(seller.token)).toEqual({ availableCents: 100_000, frozenCents: 0 });
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);

    // Once the lock has passed, the right password works again.
    await ctx.db.update(users).set({ fundLockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, seller.userId));
    expect((await requestWithdrawal(ctx.app, seller.token, '100')).status).toBe(200);
  });

  it('resets the wrong-password count after a right one', async () => {
    const seller = await fundedSeller('1000');
    for (let i = 0; i < 4; i++) await requestWithdrawal(ctx.app, seller.token, '100', { fundPassword: '000000' });
    expect((await requestWithdrawal(ctx.app, seller.token, '100')).status).toBe(200);
    const wrong = await requestWithdrawal(ctx.app, seller.token, '100', { fundPassword: '000000' });
    expect(wrong.body.error).toBe('FUND_PASSWORD_WRONG');
    expect(wrong.body.msg).toContain('4');
  });

  it('refuses a seller without a fund password', async () => {
    const seller = await createSeller(ctx.db, { fundPassword: null });
    const token = await loginToken(ctx.app, seller.username, seller.password);
    await fundShop(ctx.app, token, operator.token, '100');
    const refused = await requestWithdrawal(ctx.app, token, '50');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('FUND_PASSWORD_NOT_SET');
    expect(await balances(token)).toEqual({ availableCents: 10_000, frozenCents: 0 });
  });

  it('refuses a frozen shop with the reason shown on the wallet, until it is unfrozen', async () => {
    const seller = await fundedSeller('1000');
    const frozen = await ops(`shops/${seller.shopId}/freeze`, { reason: 'risk review' });
    expect(frozen.status).toBe(200);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ shopFrozen: true, frozenReason: 'risk review', canWithdraw: false });
    const refused = await requestWithdrawal(ctx.app, seller.token, '100');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SHOP_FROZEN');
    expect(refused.body.msg).toMatch(/customer service/i);
    expect(await balances(seller.token)).toEqual({ availableCents: 100_000, frozenCents: 0 });
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);

    expect((await ops(`shops/${seller.shopId}/unfreeze`)).status).toBe(200);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ shopFrozen: false, canWithdraw: true });
    expect((await requestWithdrawal(ctx.app, seller.token, '100')).status).toBe(200);
    const audit = await call(ctx.app, 'GET', '/api/ops/audit', { token: operator.token, query: { targetType: 'shop', targetId: seller.shopId } });
    expect(audit.body.data.map((a: { action: string }) => a.action)).toEqual(['shop.unfreeze', 'shop.freeze']);
    expect(audit.body.data[1]).toMatchObject({ before: { frozen: false }, after: { frozen: true, frozenReason: 'risk review' } });
  });

  it('refuses credit 59 and accepts 60; warns from 80 down', async () => {
    const seller = await fundedSeller('1000');
    expect((await ops(`shops/${seller.shopId}/credit`, { creditScore: 81 })).status).toBe(200);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ creditScore: 81, creditWarning: false, canWithdraw: true });
    await ops(`shops/${seller.shopId}/credit`, { creditScore: 80 });
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ creditWarning: true, canWithdraw: true });

    await ops(`shops/${seller.shopId}/credit`, { creditScore: 59 });
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ creditScore: 59, canWithdraw: false });
    const refused = await requestWithdrawal(ctx.app, seller.token, '100');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('CREDIT_TOO_LOW');
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);
    expect(await balances(seller.token)).toEqual({ availableCents: 100_000, frozenCents: 0 });

    await ops(`shops/${seller.shopId}/credit`, { creditScore: 60 });
    expect((await requestWithdrawal(ctx.app, seller.token, '100')).status).toBe(200);
    expect(await balances(seller.token)).toEqual({ availableCents: 90_000, frozenCents: 10_000 });
  });

  it('refuses an out-of-range credit score', async () => {
    const seller = await fundedSeller('0');
    for (const creditScore of [-1, 101, 59.5]) {
      expect((await ops(`shops/${seller.shopId}/credit`, { creditScore })).status).toBe(400);
    }
  });
});

describe('withdrawal: Idempotency-Key', () => {
  it('answers a retry with the first answer and moves the money once', async () => {
    const seller = await fundedSeller('1000');
    const headers = { 'idempotency-key': 'wd-retry-1' };
    const first = await requestWithdrawal(ctx.app, seller.token, '100', { headers });
    const retries = await Promise.all([1, 2, 3].map(() => requestWithdrawal(ctx.app, seller.token, '100', { headers })));
    expect(first.status).toBe(200);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
    }
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(1);
    expect(await balances(seller.token)).toEqual({ availableCents: 90_000, frozenCents: 10_000 });

    // A new key is a new withdrawal.
    expect((await requestWithdrawal(ctx.app, seller.token, '100', { headers: { 'idempotency-key': 'wd-retry-2' } })).body.data.id).not.toBe(first.body.data.id);
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(2);
  });

  it('refuses the same key with a different body (409 IDEMPOTENCY_KEY_REUSED) and moves nothing', async () => {
    const seller = await fundedSeller('1000');
    const headers = { 'idempotency-key': 'wd-reuse-1' };
    expect((await requestWithdrawal(ctx.app, seller.token, '100', { headers })).status).toBe(200);
    for (const body of [{ amount: '101' }, { address: 'TAnotherAddress000000000000000001' }, { network: 'ERC20' }]) {
      const reused = await requestWithdrawal(ctx.app, seller.token, '100', { headers, body });
      expect(reused.status).toBe(409);
      expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(1);
    expect(await balances(seller.token)).toEqual({ availableCents: 90_000, frozenCents: 10_000 });
  });

  it('checks the fund password until the key has its answer: a wrong one is not the key\'s answer; after the success, retries replay it unchecked', async () => {
    const seller = await fundedSeller('100');
    const headers = { 'idempotency-key': 'wd-refused-1' };
    const first = await requestWithdrawal(ctx.app, seller.token, '100', { headers, fundPassword: '999999' });
    const retry = await requestWithdrawal(ctx.app, seller.token, '100', { headers, fundPassword: '999998' });
    expect(first.body.error).toBe('FUND_PASSWORD_WRONG');
    // Counted again: the second wrong answer was checked, not a replay of the first.
    expect(retry.body.error).toBe('FUND_PASSWORD_WRONG');
    expect(retry.body.msg).not.toBe(first.body.msg);
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);
    // The same key with the right password withdraws, once.
    const right = await requestWithdrawal(ctx.app, seller.token, '100', { headers });
    expect(right.status).toBe(200);
    // Once answered, a retry replays the answer without reaching the fund-password throttle (docs/decisions.md,
    // "Replays skip the fund-password check"): whatever PIN it carries, it moves nothing and counts nothing.
    const wrongAfter = await requestWithdrawal(ctx.app, seller.token, '100', { headers, fundPassword: '999997' });
    expect(wrongAfter.body).toEqual(right.body);
    const replay = await requestWithdrawal(ctx.app, seller.token, '100', { headers });
    expect(replay.body).toEqual(right.body);
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(1);
    expect(await balances(seller.token)).toEqual({ availableCents: 0, frozenCents: 10_000 });
  });

  it('refuses an over-long key without moving anything', async () => {
    const seller = await fundedSeller('100');
    const refused = await requestWithdrawal(ctx.app, seller.token, '50', { headers: { 'idempotency-key': 'k'.repeat(201) } });
    expect(refused.status).toBe(400);
    expect(await withdrawalRowsOf(seller.shopId)).toHaveLength(0);
    expect(await balances(seller.token)).toEqual({ availableCents: 10_000, frozenCents: 0 });
  });

  it('keeps keys apart per seller', async () => {
    const a = await fundedSeller('100');
    const b = await fundedSeller('100');
    const headers = { 'idempotency-key': 'same-key-two-sellers' };
    const first = await requestWithdrawal(ctx.app, a.token, '50', { headers });
    const second = await requestWithdrawal(ctx.app, b.token, '50', { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(await balances(b.token)).toEqual({ availableCents: 5000, frozenCents: 5000 });
  });
});

describe('tenant isolation', () => {
  it("never shows another shop's records or statement lines", async () => {
    const a = await fundedSeller('1000');
    const b = await fundedSeller('2000');
    const aw = (await requestWithdrawal(ctx.app, a.token, '100')).body.data.id;
    const bw = (await requestWithdrawal(ctx.app, b.token, '200')).body.data.id;
    await requestDeposit(ctx.app, b.token, '30');

    const aRecords = (await call(ctx.app, 'GET', '/api/wallet/paymentHistory', { token: a.token, query: { pageSize: 100 } })).body.data;
    const bWithdrawals = await withdrawalRowsOf(b.shopId);
    expect(aRecords.total).toBe(2); // a's deposit and a's withdrawal
    expect(aRecords.list.filter((r: { kind: string }) => r.kind === 'withdrawal').map((r: { id: number }) => r.id)).toEqual([aw]);
    expect(aRecords.list.map((r: { id: number; kind: string }) => `${r.kind}:${r.id}`)).not.toContain(`withdrawal:${bw}`);
    expect(bWithdrawals.map((w) => w.id)).toEqual([bw]);

    const aLines = (await call(ctx.app, 'GET', '/api/wallet/transactions', { token: a.token, query: { pageSize: 100 } })).body.data;
    expect(aLines.total).toBe(2);
    expect(aLines.list.map((l: { changeCents: number }) => l.changeCents).sort()).toEqual([-10_000, 100_000]);
    const aCsv = await ctx.app.inject({ method: 'GET', url: '/api/wallet/transactions/export', headers: { authtoken: a.token } });
    expect(aCsv.body).not.toContain('-200.00');
    expect(aCsv.body).not.toContain('2000.00');
    const aRecordsCsv = await ctx.app.inject({ method: 'GET', url: '/api/wallet/paymentHistory/export', headers: { authtoken: a.token } });
    expect(aRecordsCsv.body.trim().split('\r\n')).toHaveLength(1 + 2);
    expect(aRecordsCsv.body).not.toContain('200.00');

    expect((await call(ctx.app, 'GET', `/api/wallet/withdrawals/${aw}`, { token: a.token })).body.data).toMatchObject({ kind: 'withdrawal', id: aw, amountCents: 10_000 });
    const foreign = await call(ctx.app, 'GET', `/api/wallet/withdrawals/${bw}`, { token: a.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('NOT_FOUND');
  });

  it("cannot move another shop's money through an operator endpoint", async () => {
    const a = await fundedSeller('100');
    const b = await fundedSeller('100');
    const bw = (await requestWithdrawal(ctx.app, b.token, '50')).body.data.id;
    const attempt = await call(ctx.app, 'POST', `/api/ops/withdrawals/${bw}/reject`, { token: a.token, body: {} });
    expect(attempt.status).toBe(403);
    expect((await withdrawalRowsOf(b.shopId))[0].status).toBe('pending');
  });
});

describe('roles', () => {
  const operatorEndpoints: [string, string, unknown?][] = [
    ['GET', '/api/ops/whoami'],
    ['GET', '/api/ops/deposits?status=pending'],
    ['GET', '/api/ops/deposits/1/screenshot'],
    ['POST', '/api/ops/deposits/1/approve', {}],
    ['POST', '/api/ops/deposits/1/reject', { reason: 'x' }],
    ['GET', '/api/ops/withdrawals?status=pending'],
    ['POST', '/api/ops/withdrawals/1/approve', {}],
    ['POST', '/api/ops/withdrawals/1/process', {}],
    ['POST', '/api/ops/withdrawals/1/complete', {}],
    ['POST', '/api/ops/withdrawals/1/fail', {}],
    ['POST', '/api/ops/withdrawals/1/reject', {}],
    ['POST', '/api/ops/shops/1/freeze', { reason: 'x' }],
    ['POST', '/api/ops/shops/1/unfreeze', {}],
    ['POST', '/api/ops/shops/1/credit', { creditScore: 100 }],
    ['GET', '/api/ops/audit?targetType=shop&targetId=1'],
    ['GET', '/api/ops/reconcile'],
  ];

  it.each(operatorEndpoints)('answers 403 to a seller on %s %s, and 401 without a session', async (method, url, body) => {
    const seller = await fundedSeller('0');
    const asSeller = await ctx.app.inject({ method: method as 'GET', url, headers: { authtoken: seller.token }, payload: body as object });
    expect(asSeller.statusCode).toBe(403);
    expect(JSON.parse(asSeller.body).error).toBe('FORBIDDEN');
    const anonymous = await ctx.app.inject({ method: method as 'GET', url, payload: body as object });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 403 to a seller even when the request body or parameters are invalid (no schema leaks before the role check)', async () => {
    const seller = await fundedSeller('0');
    for (const [method, url, body] of [
      ['POST', '/api/ops/shops/1/credit', {}],
      ['POST', '/api/ops/shops/abc/freeze', { reason: 'x' }],
      ['POST', '/api/ops/withdrawals/-1/approve', { reason: 5 }],
      ['GET', '/api/ops/audit', undefined],
      ['GET', '/api/ops/deposits?status=nonsense', undefined],
    ] as const) {
      const asSeller = await ctx.app.inject({ method, url, headers: { authtoken: seller.token }, payload: body });
      expect(asSeller.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await ctx.app.inject({ method, url, payload: body });
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
    }
  });

  it('a seller calling every operator endpoint changes nothing', async () => {
    const seller = await fundedSeller('100');
    const id = (await requestWithdrawal(ctx.app, seller.token, '50')).body.data.id;
    const dep = (await requestDeposit(ctx.app, seller.token, '10')).body.data.id;
    for (const path of [`withdrawals/${id}/reject`, `withdrawals/${id}/approve`, `deposits/${dep}/approve`, `shops/${seller.shopId}/freeze`]) {
      expect((await call(ctx.app, 'POST', `/api/ops/${path}`, { token: seller.token, body: {} })).status).toBe(403);
    }
    expect((await call(ctx.app, 'POST', `/api/ops/shops/${seller.shopId}/credit`, { token: seller.token, body: { creditScore: 100 } })).status).toBe(403);
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 5000, frozenCents: 5000, shopFrozen: false });
    expect((await withdrawalRowsOf(seller.shopId))[0].status).toBe('pending');
  });

  const sellerEndpoints: [string, string, unknown?][] = [
    ['GET', '/api/wallet/summary'],
    ['GET', '/api/order/getAccountBalance'],
    ['GET', '/api/wallet/depositAddresses'],
    ['GET', '/api/wallet/deposits/1/screenshot'],
    ['POST', '/api/wallet/withdraw', { method: 'crypto', network: 'TRC20', address: 'TXYZabcdefghijklmnop', amount: '100', fundPassword: encodePassword('123456') }],
    ['GET', '/api/wallet/transactions'],
    ['GET', '/api/wallet/transactions/export'],
    ['GET', '/api/wallet/paymentHistory'],
    ['GET', '/api/wallet/paymentHistory/export'],
    ['GET', '/api/finance/report?days=7'],
  ];

  it.each(sellerEndpoints)('answers 403 to an operator on %s %s', async (method, url, body) => {
    const asOperator = await ctx.app.inject({ method: method as 'GET', url, headers: { authtoken: operator.token }, payload: body as object });
    expect(asOperator.statusCode).toBe(403);
    expect(JSON.parse(asOperator.body).error).toBe('FORBIDDEN');
  });

  it('answers 403 to an operator posting a deposit, and stores nothing', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'network', value: 'TRC20' },
      { name: 'amount', value: '20' },
      { name: 'screenshot', filename: 'a.png', contentType: 'image/png', data: pngBytes() },
    ]);
    const filesBefore = storedScreenshots(ctx.uploadsDir).length;
    const depositsBefore = (await ctx.db.select().from(deposits)).length;
    const response = await ctx.app.inject({ method: 'POST', url: '/api/wallet/deposit', headers: { authtoken: operator.token, 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(403);
    expect(storedScreenshots(ctx.uploadsDir)).toHaveLength(filesBefore);
    expect(await ctx.db.select().from(deposits)).toHaveLength(depositsBefore);
  });
});
