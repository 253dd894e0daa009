import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { ledgerTransfers, rewardClaims, shops } from '../../src/db/schema.ts';
import { call, reconcileReport, requestDeposit, walletOf, useWalletTestApp } from '../helper.ts';
import { activities, claim, notificationsOf, rewardSeller, stateOf, topUp } from './rewards-fixtures.ts';

/** Shop upgrade (VIP) levels and bonuses, on PGlite and the PostgreSQL server. */
const ctx = useWalletTestApp();

const level = async (token: string) => (await call(ctx.app, 'GET', '/api/systemSettings/getUserLevel', { token })).body;

describe('VIP level follows the cumulative top-up', () => {
  it('stays 0 below 5,000 USDT, reaches level 1 at 5,000, with the tier table of SPEC §9', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    await topUp(ctx.app, seller, ctx.operatorToken, 4_990);
    expect(await level(seller.token)).toMatchObject({ code: 0, data: { level: 0, topUpCents: 499_000, nextLevelTopUpCents: 500_000 } });
    let a = await activities(ctx.app, seller.token);
    expect(stateOf(a.vip.tiers)).toEqual(Array(7).fill('locked'));
    expect(a.vip.next).toEqual({ tier: 1, thresholdCents: 500_000, remainingCents: 1_000 });
    expect(a.vip.tiers.map((t: { thresholdCents: number; bonusCents: number; exposurePct: number }) => [t.thresholdCents / 100, t.bonusCents / 100, t.exposurePct])).toEqual([
      [5_000, 588, 8],
      [10_000, 1_888, 15],
      [30_000, 5_888, 30],
      [50_000, 8_888, 50],
      [100_000, 18_888, 60],
      [200_000, 38_888, 80],
      [300_000, 78_888, 100],
    ]);
    expect(a.claimableCount).toBe(0);

    await topUp(ctx.app, seller, ctx.operatorToken, 10);
    expect((await level(seller.token)).data).toEqual({ level: 1, topUpCents: 500_000, nextLevelTopUpCents: 1_000_000 });
    a = await activities(ctx.app, seller.token);
    expect(stateOf(a.vip.tiers)).toEqual(['claimable', 'locked', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(a.claimableCount).toBe(1);
    expect(a.claimableCents).toBe(58_800);
    // The session's shop (the header's VIP tag) reads the same column.
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, seller.shopId));
    expect(row.vipLevel).toBe(1);

    // Announced once, when the deposit that reached it was approved.
    const notices = await notificationsOf(ctx.db, seller.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE);
    expect(notices).toHaveLength(1);
    // Titled as a reward, not as the couple request (title 2) it used to share.
    expect(notices[0]).toMatchObject({ title: NOTIFICATION_TITLE.REWARD, payload: { activity: 'vip', tier: 1 } });
    await topUp(ctx.app, seller, ctx.operatorToken, 10);
    expect(await notificationsOf(ctx.db, seller.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE)).toHaveLength(1);
  });

  it('one large deposit reaches every tier at once: level 7, seven bonuses claimable and announced', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    await topUp(ctx.app, seller, ctx.operatorToken, 300_000);
    expect((await level(seller.token)).data).toEqual({ level: 7, topUpCents: 30_000_000, nextLevelTopUpCents: null });
    const a = await activities(ctx.app, seller.token);
    expect(stateOf(a.vip.tiers)).toEqual(Array(7).fill('claimable'));
    expect(a.vip.next).toBeNull();
    expect(a.claimableCount).toBe(7);
    expect(a.claimableCents).toBe((588 + 1_888 + 5_888 + 8_888 + 18_888 + 38_888 + 78_888) * 100);
    expect(await notificationsOf(ctx.db, seller.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE)).toHaveLength(7);
  });

  it('a rejected deposit counts for nothing', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    const d = await requestDeposit(ctx.app, seller.token, '6000');
    await call(ctx.app, 'POST', `/api/ops/deposits/${d.body.data.id}/reject`, { token: ctx.operatorToken, body: { reason: 'no' } });
    expect((await level(seller.token)).data.level).toBe(0);
  });
});

describe('claiming a VIP bonus', () => {
  it('pays a reached bonus once into available, with a statement line "reward"; retries replay, repeats and unreached tiers are refused', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    await topUp(ctx.app, seller, ctx.operatorToken, 5_000);
    const first = await claim(ctx.app, seller.token, 'vip', 1, 'claim-vip-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 0, data: { activity: 'vip', tier: 1, amountCents: 58_800, state: 'received', availableCents: 558_800 } });
    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 558_800, totalTopUpCents: 500_000 });

    const statement = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: seller.token });
    expect(statement.body.data.list[0]).toMatchObject({ type: 'reward', balanceBeforeCents: 500_000, changeCents: 58_800, balanceAfterCents: 558_800, remark: 'vip tier 1' });
    // The export reads the stored code in the reader's words.
    const csv = await ctx.app.inject({ method: 'GET', url: '/api/wallet/transactions/export', headers: { authtoken: seller.token, 'accept-language': 'th-TH' }, query: { type: 'reward' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(',โบนัส VIP 1,');
    expect(csv.body).not.toContain('vip tier');

    // The same request again (a retry): the first answer, nothing moved.
    const retry = await claim(ctx.app, seller.token, 'vip', 1, 'claim-vip-1');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);

    // A new claim of the same bonus: refused with the "receive failed" family, nothing moved.
    const again = await claim(ctx.app, seller.token, 'vip', 1, 'claim-vip-1-again');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 1071, error: 'REWARD_ALREADY_RECEIVED', msg: expect.stringMatching(/^Receive failed/) });
    const noKey = await claim(ctx.app, seller.token, 'vip', 1);
    expect(noKey.body.error).toBe('REWARD_ALREADY_RECEIVED');

    const unreached = await claim(ctx.app, seller.token, 'vip', 2, 'claim-vip-2');
    expect(unreached.status).toBe(422);
    expect(unreached.body).toMatchObject({ code: 1070, error: 'REWARD_NOT_REACHED' });
    const vi = await call(ctx.app, 'POST', '/api/systemSettings/getReward', { token: seller.token, body: { activity: 'vip', tier: 2 }, lang: 'vi-VN' });
    expect(vi.body.msg).toMatch(/^Nhận thất bại/);

    const couple = await claim(ctx.app, seller.token, 'couple', 1);
    expect(couple.body).toMatchObject({ code: 1072, error: 'REWARD_NOT_LINKED' });

    expect(await walletOf(ctx.app, seller.token)).toMatchObject({ availableCents: 558_800 });
    expect(await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.type, 'reward'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ shopId: seller.shopId, amountCents: 58_800, idempotencyKey: `reward:${seller.shopId}:vip:1` })]),
    );
    expect(await ctx.db.select().from(rewardClaims).where(eq(rewardClaims.shopId, seller.shopId))).toHaveLength(1);

    const a = await activities(ctx.app, seller.token);
    expect(a.vip.tiers[0]).toMatchObject({ state: 'received', receivedAt: expect.any(String) });
    expect(a.claimableCount).toBe(0);

    const report = await reconcileReport(ctx.app, ctx.operatorToken);
    expect(report.breaks).toEqual([]);
  });

  it('refuses tiers outside the table, unknown activities and callers without a session', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    const bad = await claim(ctx.app, seller.token, 'vip', 8);
    expect(bad.status).toBe(400);
    const badActivity = await call(ctx.app, 'POST', '/api/systemSettings/getReward', { token: seller.token, body: { activity: 'lottery', tier: 1 } });
    expect(badActivity.status).toBe(400);
    const anonymous = await call(ctx.app, 'POST', '/api/systemSettings/getReward', { body: { activity: 'vip', tier: 1 } });
    expect(anonymous.status).toBe(401);
  });

  it('the same Idempotency-Key with another body is refused', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    await topUp(ctx.app, seller, ctx.operatorToken, 10_000);
    expect((await claim(ctx.app, seller.token, 'vip', 1, 'k-1')).status).toBe(200);
    const reused = await claim(ctx.app, seller.token, 'vip', 2, 'k-1');
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await claim(ctx.app, seller.token, 'vip', 2, 'k-2')).body.data.amountCents).toBe(188_800);
    expect((await walletOf(ctx.app, seller.token)).availableCents).toBe(1_000_000 + 58_800 + 188_800);
  });

  it('the operator sees the bonuses paid', async () => {
    const rewards = await call(ctx.app, 'GET', '/api/ops/rewards', { token: ctx.operatorToken });
    expect(rewards.status).toBe(200);
    expect(rewards.body.data.count).toBeGreaterThanOrEqual(3);
    expect(rewards.body.data.list[0]).toMatchObject({ activity: 'vip', amountCents: expect.any(Number), transferId: expect.any(Number) });
    expect(rewards.body.data.totalCents).toBe(rewards.body.data.list.reduce((s: number, r: { amountCents: number }) => s + r.amountCents, 0));
  });
});
