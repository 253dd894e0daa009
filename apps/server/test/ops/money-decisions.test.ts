import { describe, expect, it } from 'vitest';
import { call, createSeller, loginToken, requestDeposit, useWalletTestApp } from '../helper.ts';

const ctx = useWalletTestApp();

async function availableCents(token: string): Promise<number> {
  const { body } = await call(ctx.app, 'GET', '/api/wallet/summary', { token });
  return body.data.availableCents as number;
}

describe("operators' money decisions", () => {
  it('a deposit approval retried with the same Idempotency-Key replays its answer and credits once; the audit names the operator', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const deposit = await requestDeposit(ctx.app, token, '120');
    expect(deposit.status).toBe(200);
    const id = deposit.body.data.id as number;
    const before = await availableCents(token);
    const headers = { 'idempotency-key': `approve-${id}` };
    const first = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: ctx.operatorToken, body: {}, headers });
    const retry = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: ctx.operatorToken, body: {}, headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    expect(await availableCents(token)).toBe(before + 12_000);
    // Without the key, a second approval is refused: the deposit is decided.
    expect((await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: ctx.operatorToken, body: {} })).body.error).toBe('ALREADY_DECIDED');
    const audit = await call(ctx.app, 'GET', '/api/ops/audit', { token: ctx.operatorToken, query: { targetType: 'deposit', targetId: id } });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0]).toMatchObject({ action: 'deposit.approve', operatorName: expect.stringMatching(/^op/) });
  });

  it('the same key with another decision is refused, and nothing changes', async () => {
    const seller = await createSeller(ctx.db);
    const token = await loginToken(ctx.app, seller.username, seller.password);
    const id = (await requestDeposit(ctx.app, token, '80')).body.data.id as number;
    const headers = { 'idempotency-key': `decide-${id}` };
    const rejected = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/reject`, { token: ctx.operatorToken, body: { reason: 'no such payment' }, headers });
    expect(rejected.body.data.status).toBe('rejected');
    const other = await call(ctx.app, 'POST', `/api/ops/deposits/${id}/approve`, { token: ctx.operatorToken, body: {}, headers });
    expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await availableCents(token)).toBe(0);
  });
});
