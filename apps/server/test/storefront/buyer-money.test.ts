import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buyerDeposits, ledgerTransfers } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { balanceOf, buyerWallet } from '../../src/modules/ledger/ledger-service.ts';
import sharp from 'sharp';
import { call, createOperator, createWalletTestApp, opsLoginToken, reconcileReport, storedScreenshots, TRC20_ADDRESS, type WalletTestContext } from '../helper.ts';
import { buyerApi, FROM_ADDRESS, registerBuyer, requestBuyerDeposit, topUp, type MallBuyer } from './fixtures.ts';

const decide = (ctx: WalletTestContext, token: string, id: number, decision: 'approve' | 'reject', key?: string) =>
  call(ctx.app, 'POST', `/api/ops/buyerDeposits/${id}/${decision}`, { token, body: {}, headers: key ? { 'idempotency-key': key } : {} });

const walletCents = (ctx: WalletTestContext, buyer: MallBuyer) => balanceOf(ctx.db, buyerWallet(buyer.buyerId));

describe('outside demo mode (SEED_DEMO=false)', () => {
  let ctx: WalletTestContext;
  let opToken: string;
  beforeAll(async () => {
    ctx = await createWalletTestApp({ seedDemo: false });
    const op = await createOperator(ctx.db);
    opToken = await opsLoginToken(ctx.app, op.username, op.password);
  });
  afterAll(() => ctx.close());

  it('refuses the demo top-up with a localized error and moves nothing', async () => {
    const buyer = await registerBuyer(ctx);
    const refused = await topUp(ctx, buyer, 1_000_000, 'topup-off');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('DEMO_TOPUP_OFF');
    const vi = await call(ctx.app, 'POST', '/api/buyer/wallet/topup', { headers: { buyertoken: buyer.token }, body: { amountCents: 100 }, lang: 'vi-VN' });
    expect(vi.body.msg).toMatch(/demo/i);
    expect(vi.body.msg).not.toBe(refused.body.msg);
    expect(await walletCents(ctx, buyer)).toBe(0);
    const [topups] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ledger_transfers where type = 'buyer_topup'`));
    expect(topups.n).toBe(0);
    const me = await buyerApi(ctx, buyer, 'GET', '/api/buyer/me');
    expect(me.body.data).toMatchObject({ balanceCents: 0, demoTopUp: false });
  });

  it('funds the wallet only once the operator approves the deposit, through the ledger', async () => {
    const buyer = await registerBuyer(ctx);
    const requested = await requestBuyerDeposit(ctx, buyer, '125.50');
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({ status: 'pending', amountCents: 12_550, fromAddress: FROM_ADDRESS, network: 'TRC20' });
    const id = requested.body.data.id as number;
    expect(await walletCents(ctx, buyer)).toBe(0);
    expect((await buyerApi(ctx, buyer, 'GET', '/api/buyer/wallet/deposits')).body.data.map((d: { id: number }) => d.id)).toEqual([id]);

    const queue = await call(ctx.app, 'GET', '/api/ops/buyerDeposits', { token: opToken, query: { status: 'pending' } });
    expect(queue.body.data.map((d: { id: number }) => d.id)).toContain(id);
    const screenshot = await ctx.app.inject({ method: 'GET', url: `/api/ops/buyerDeposits/${id}/screenshot`, headers: { authtoken: opToken } });
    expect(screenshot.statusCode).toBe(200);
    expect(await sharp(screenshot.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const approved = await decide(ctx, opToken, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('approved');
    expect(await walletCents(ctx, buyer)).toBe(12_550);
    const statement = await buyerApi(ctx, buyer, 'GET', '/api/buyer/wallet/statement');
    expect(statement.body.data.list).toEqual([expect.objectContaining({ type: 'buyer_deposit', changeCents: 12_550, balanceAfterCents: 12_550, demo: false })]);
    const transfers = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, `buyer-deposit:${id}`));
    expect(transfers).toHaveLength(1);
    expect((await reconcileReport(ctx.app, opToken)).ok).toBe(true);
  });

  it('a rejected deposit moves nothing; a buyer cannot decide deposits', async () => {
    const buyer = await registerBuyer(ctx);
    const id = (await requestBuyerDeposit(ctx, buyer, '30')).body.data.id as number;
    expect((await call(ctx.app, 'POST', `/api/ops/buyerDeposits/${id}/approve`, { headers: { buyertoken: buyer.token }, body: {} })).status).toBe(401);
    const rejected = await decide(ctx, opToken, id, 'reject');
    expect(rejected.body.data.status).toBe('rejected');
    expect(await walletCents(ctx, buyer)).toBe(0);
    expect((await decide(ctx, opToken, id, 'approve')).body.error).toBe('ALREADY_DECIDED');
    expect(await walletCents(ctx, buyer)).toBe(0);
  });

  it('credits once whatever the retries: the same Idempotency-Key replays, parallel approvals move it once', async () => {
    const buyer = await registerBuyer(ctx);
    const first = await requestBuyerDeposit(ctx, buyer, '40', { key: 'dep-1' });
    const again = await requestBuyerDeposit(ctx, buyer, '40', { key: 'dep-1' });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await ctx.db.select().from(buyerDeposits).where(eq(buyerDeposits.buyerId, buyer.buyerId))).toHaveLength(1);
    expect((await requestBuyerDeposit(ctx, buyer, '41', { key: 'dep-1' })).body.error).toBe('IDEMPOTENCY_KEY_REUSED');

    const id = first.body.data.id as number;
    const a = await decide(ctx, opToken, id, 'approve', 'approve-1');
    const replay = await decide(ctx, opToken, id, 'approve', 'approve-1');
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(a.body.data);
    expect(await walletCents(ctx, buyer)).toBe(4_000);

    const second = (await requestBuyerDeposit(ctx, buyer, '10')).body.data.id as number;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => decide(ctx, opToken, second, 'approve', `race-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === 'ALREADY_DECIDED')).toBe(true);
    expect(await walletCents(ctx, buyer)).toBe(5_000);
    expect((await reconcileReport(ctx.app, opToken)).ok).toBe(true);
  });

  it('refuses bad amounts, a bad source address and a fourth pending request, storing nothing', async () => {
    const buyer = await registerBuyer(ctx);
    const filesBefore = storedScreenshots(ctx.uploadsDir).length;
    for (const amount of ['0', '-5', '1.001', 'abc', '', '1e3', '0.5', '99999999999']) {
      const refused = await requestBuyerDeposit(ctx, buyer, amount, { lang: 'en-US' });
      expect(refused.status, amount).toBe(400);
      expect(refused.body.code).not.toBe(0);
    }
    expect((await requestBuyerDeposit(ctx, buyer, '20', { fromAddress: 'short' })).status).toBe(400);
    expect((await requestBuyerDeposit(ctx, buyer, '20', { fromAddress: `${TRC20_ADDRESS} x` })).status).toBe(400);
    expect(storedScreenshots(ctx.uploadsDir).length).toBe(filesBefore);

    for (let i = 0; i < 3; i++) expect((await requestBuyerDeposit(ctx, buyer, '20')).status).toBe(200);
    const fourth = await requestBuyerDeposit(ctx, buyer, '20');
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe('DEPOSITS_PENDING_LIMIT');
    expect(storedScreenshots(ctx.uploadsDir).length).toBe(filesBefore + 3);
    expect(await ctx.db.select().from(buyerDeposits).where(eq(buyerDeposits.buyerId, buyer.buyerId))).toHaveLength(3);
    expect(await walletCents(ctx, buyer)).toBe(0);
  });

  it('keeps at most the cap pending under a parallel burst', async () => {
    const buyer = await registerBuyer(ctx);
    const results = await Promise.all(Array.from({ length: 8 }, () => requestBuyerDeposit(ctx, buyer, '15')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await ctx.db.select().from(buyerDeposits).where(eq(buyerDeposits.buyerId, buyer.buyerId))).toHaveLength(3);
  });
});

describe('in demo mode (SEED_DEMO=true)', () => {
  let ctx: WalletTestContext;
  beforeAll(async () => {
    ctx = await createWalletTestApp({ seedDemo: true });
  });
  afterAll(() => ctx.close());

  it('tops up with demo money, marked demo in the statement', async () => {
    const buyer = await registerBuyer(ctx);
    const answer = await topUp(ctx, buyer, 500_00, 'demo-1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ balanceCents: 500_00, demoTopUp: true });
    const statement = await buyerApi(ctx, buyer, 'GET', '/api/buyer/wallet/statement');
    expect(statement.body.data.list).toEqual([expect.objectContaining({ type: 'buyer_topup', changeCents: 500_00, demo: true })]);
    const [transfer] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.type, 'buyer_topup'));
    expect(transfer.remark).toBe('demo top-up');
  });
});
