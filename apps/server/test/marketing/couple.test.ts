import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { coupleLinks } from '../../src/db/schema.ts';
import { call, createOperator, createWalletTestApp, opsLoginToken, reconcileReport, walletOf, type WalletTestContext, useWalletTestApp } from '../helper.ts';
import { activities, apply, claim, notificationsOf, respond, rewardSeller, stateOf, topUp, type RewardSeller } from './rewards-fixtures.ts';

/** Couple linking and its bonuses (SPEC §4, §9), on PGlite and the PostgreSQL server. */
const ctx = useWalletTestApp();

const seller = () => rewardSeller(ctx.app, ctx.db);

describe('couple linking', () => {
  let a: RewardSeller;
  let b: RewardSeller;
  let c: RewardSeller;
  let requestId: number;
  beforeAll(async () => {
    [a, b, c] = [await seller(), await seller(), await seller()];
  });

  it('A asks B: A sees "applied, awaiting agreement", B sees the request and gets the notification (title 2, content 2)', async () => {
    const applied = await apply(ctx.app, a.token, b.shopId);
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ request: { from: { shopId: a.shopId }, to: { shopId: b.shopId }, status: 'pending' }, link: null });
    requestId = applied.body.data.request.requestId;

    const mine = (await activities(ctx.app, a.token)).couple;
    expect(mine).toMatchObject({ link: null, outgoing: { requestId, status: 'pending' }, incoming: [] });
    const theirs = (await activities(ctx.app, b.token)).couple;
    expect(theirs).toMatchObject({ link: null, outgoing: null, incoming: [{ requestId, from: { shopId: a.shopId, shopName: expect.any(String) } }] });

    const notices = await notificationsOf(ctx.db, b.shopId, NOTIFICATION_CONTENT.COUPLE_REQUEST);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY, payload: { requestId, shopId: a.shopId } });
    // It reaches B's bell (the stream sends the same rows).
    const unread = await call(ctx.app, 'GET', '/api/notifications/unread', { token: b.token });
    expect(unread.body.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ title: 2, content: NOTIFICATION_CONTENT.COUPLE_REQUEST })]));
  });

  it('refuses the own shop, an unknown shop, and either side with a request pending, each with its own "link failed" message', async () => {
    const own = await apply(ctx.app, c.token, c.shopId);
    expect(own.body).toMatchObject({ code: 1075, error: 'COUPLE_OWN_SHOP', msg: expect.stringMatching(/^Link failed/) });
    const unknown = await apply(ctx.app, c.token, 999_999);
    expect(unknown.body).toMatchObject({ code: 1076, error: 'COUPLE_SHOP_UNKNOWN' });
    const aAgain = await apply(ctx.app, a.token, c.shopId);
    expect(aAgain.body).toMatchObject({ code: 1079, error: 'COUPLE_REQUEST_PENDING' });
    const toB = await apply(ctx.app, c.token, b.shopId);
    expect(toB.body).toMatchObject({ code: 1080, error: 'COUPLE_PARTNER_PENDING' });
    const toA = await apply(ctx.app, c.token, a.shopId);
    expect(toA.body.error).toBe('COUPLE_PARTNER_PENDING');
    const bOut = await apply(ctx.app, b.token, c.shopId);
    expect(bOut.body.error).toBe('COUPLE_REQUEST_PENDING');
    const zh = await call(ctx.app, 'POST', '/api/marketing/couple/apply', { token: c.token, body: { shopId: c.shopId }, lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/^关联失败/);
    const invalid = await call(ctx.app, 'POST', '/api/marketing/couple/apply', { token: c.token, body: { shopId: 'x' } });
    expect(invalid.status).toBe(400);
    expect(await ctx.db.select().from(coupleLinks).where(eq(coupleLinks.fromShopId, c.shopId))).toEqual([]);
  });

  it('only B can answer: another shop and A itself are answered "not found"', async () => {
    expect((await respond(ctx.app, c.token, requestId, true)).status).toBe(404);
    expect((await respond(ctx.app, a.token, requestId, true)).status).toBe(404);
    expect((await respond(ctx.app, b.token, 987_654, true)).status).toBe(404);
  });

  it('B declines: A is told, both are free again, and A may ask again', async () => {
    const declined = await respond(ctx.app, b.token, requestId, false);
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ request: { status: 'declined' }, link: null });
    const told = await notificationsOf(ctx.db, a.shopId, NOTIFICATION_CONTENT.COUPLE_DECLINED);
    expect(told).toHaveLength(1);
    expect(told[0].payload).toMatchObject({ requestId, shopId: b.shopId });
    expect((await activities(ctx.app, a.token)).couple).toMatchObject({ link: null, outgoing: null });
    expect((await respond(ctx.app, b.token, requestId, true)).body).toMatchObject({ code: 1081, error: 'COUPLE_REQUEST_CLOSED' });

    const again = await apply(ctx.app, a.token, b.shopId);
    expect(again.status).toBe(200);
    requestId = again.body.data.request.requestId;
  });

  it('B agrees: the link is made, A is told, both see it, and neither can link again', async () => {
    const agreed = await respond(ctx.app, b.token, requestId, true);
    expect(agreed.status).toBe(200);
    expect(agreed.body.data).toMatchObject({ request: { status: 'linked' }, link: { partner: { shopId: a.shopId }, basis: 'own' } });
    expect(await notificationsOf(ctx.db, a.shopId, NOTIFICATION_CONTENT.COUPLE_ACCEPTED)).toHaveLength(1);

    const aView = (await activities(ctx.app, a.token)).couple;
    expect(aView).toMatchObject({ link: { partner: { shopId: b.shopId }, linkedAt: expect.any(String) }, outgoing: null, incoming: [], progressCents: 0 });
    const bView = (await activities(ctx.app, b.token)).couple;
    expect(bView).toMatchObject({ link: { partner: { shopId: a.shopId } }, incoming: [] });

    expect((await respond(ctx.app, b.token, requestId, true)).body.error).toBe('COUPLE_REQUEST_CLOSED');
    expect((await apply(ctx.app, a.token, c.shopId)).body).toMatchObject({ code: 1077, error: 'COUPLE_ALREADY_LINKED' });
    expect((await apply(ctx.app, c.token, b.shopId)).body).toMatchObject({ code: 1078, error: 'COUPLE_PARTNER_LINKED' });
    expect((await apply(ctx.app, b.token, a.shopId)).body.error).toBe('COUPLE_ALREADY_LINKED');

    const ops = await call(ctx.app, 'GET', '/api/ops/couples', { token: ctx.operatorToken, query: { status: 'linked' } });
    expect(ops.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: requestId, fromShopId: a.shopId, toShopId: b.shopId, status: 'linked', basis: 'own' })]));
  });

  it("couple bonuses count each partner's own top-up since the link (default basis)", async () => {
    // Before the link, D had topped up 20,000: that does not count.
    const d = await seller();
    const e = await seller();
    await topUp(ctx.app, d, ctx.operatorToken, 20_000);
    const req = await apply(ctx.app, d.token, e.shopId);
    await respond(ctx.app, e.token, req.body.data.request.requestId, true);
    let dView = await activities(ctx.app, d.token);
    expect(stateOf(dView.couple.tiers)).toEqual(Array(7).fill('locked'));
    // The couple tier table of SPEC §9 (top-up → bonus, whole USDT).
    expect(dView.couple.tiers.map((t: { thresholdCents: number; bonusCents: number }) => [t.thresholdCents / 100, t.bonusCents / 100])).toEqual([
      [11_360, 2_272],
      [23_510, 4_937],
      [42_920, 9_442],
      [60_900, 13_398],
      [81_176, 18_670],
      [101_920, 23_441],
      [129_430, 32_357],
    ]);
    expect(dView.couple.next).toEqual({ tier: 1, thresholdCents: 1_136_000, remainingCents: 1_136_000 });
    expect((await claim(ctx.app, d.token, 'couple', 1)).body.error).toBe('REWARD_NOT_REACHED');

    await topUp(ctx.app, d, ctx.operatorToken, 11_360);
    dView = await activities(ctx.app, d.token);
    expect(dView.couple.progressCents).toBe(1_136_000);
    expect(stateOf(dView.couple.tiers)).toEqual(['claimable', ...Array(6).fill('locked')]);
    expect(stateOf((await activities(ctx.app, e.token)).couple.tiers)).toEqual(Array(7).fill('locked'));
    const notices = await notificationsOf(ctx.db, d.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE);
    expect(notices.map((n) => n.payload)).toEqual(expect.arrayContaining([{ activity: 'couple', tier: 1 }]));
    expect(await notificationsOf(ctx.db, e.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE)).toEqual([]);

    const before = (await walletOf(ctx.app, d.token)).availableCents;
    const paid = await claim(ctx.app, d.token, 'couple', 1, 'couple-1');
    expect(paid.body.data).toMatchObject({ activity: 'couple', tier: 1, amountCents: 227_200 });
    expect((await walletOf(ctx.app, d.token)).availableCents).toBe(before + 227_200);
    expect((await claim(ctx.app, d.token, 'couple', 1, 'couple-1-again')).body.error).toBe('REWARD_ALREADY_RECEIVED');
    expect((await claim(ctx.app, e.token, 'couple', 1)).body.error).toBe('REWARD_NOT_REACHED');
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).breaks).toEqual([]);
  });

  it('asking back a shop that asked first links at once', async () => {
    const f = await seller();
    const g = await seller();
    const first = await apply(ctx.app, f.token, g.shopId);
    const back = await apply(ctx.app, g.token, f.shopId);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ request: { requestId: first.body.data.request.requestId, status: 'linked' }, link: { partner: { shopId: f.shopId } } });
    expect((await activities(ctx.app, f.token)).couple.link.partner.shopId).toBe(g.shopId);
  });

  it('a request unanswered for 7 days lapses and frees both shops', async () => {
    const h = await seller();
    const i = await seller();
    const j = await seller();
    const req = await apply(ctx.app, h.token, i.shopId);
    const id = req.body.data.request.requestId;
    expect(new Date(req.body.data.request.expiresAt).getTime() - new Date(req.body.data.request.requestedAt).getTime()).toBeCloseTo(7 * 86_400_000, -4);
    await ctx.db.update(coupleLinks).set({ requestedAt: sql`now() - interval '8 days'`, expiresAt: sql`now() - interval '1 day'` }).where(eq(coupleLinks.id, id));
    expect((await activities(ctx.app, i.token)).couple.incoming).toEqual([]);
    expect((await apply(ctx.app, j.token, i.shopId)).status).toBe(200);
    expect((await respond(ctx.app, i.token, id, true)).body.error).toBe('COUPLE_REQUEST_CLOSED');
    const [row] = await ctx.db.select().from(coupleLinks).where(eq(coupleLinks.id, id));
    expect(row.status).toBe('expired');
  });
});

describe('couple bonuses on the combined basis (COUPLE_REWARD_BASIS=combined)', () => {
  let combined: WalletTestContext;
  let opToken: string;
  beforeAll(async () => {
    combined = await createWalletTestApp({ coupleRewardBasis: 'combined' });
    const op = await createOperator(combined.db);
    opToken = await opsLoginToken(combined.app, op.username, op.password);
  });
  afterAll(() => combined.close());

  it("counts both partners' top-up since the link, and each partner receives its own bonus", async () => {
    const p = await rewardSeller(combined.app, combined.db);
    const q = await rewardSeller(combined.app, combined.db);
    const req = await apply(combined.app, p.token, q.shopId);
    const linked = await respond(combined.app, q.token, req.body.data.request.requestId, true);
    expect(linked.body.data.link.basis).toBe('combined');
    await topUp(combined.app, p, opToken, 6_000);
    expect(stateOf((await activities(combined.app, q.token)).couple.tiers)[0]).toBe('locked');
    await topUp(combined.app, q, opToken, 5_360);
    for (const s of [p, q]) {
      const view = await activities(combined.app, s.token);
      expect(view.couple.progressCents).toBe(1_136_000);
      expect(view.couple.tiers[0].state).toBe('claimable');
      expect((await notificationsOf(combined.db, s.shopId, NOTIFICATION_CONTENT.REWARD_CLAIMABLE)).map((n) => n.payload)).toEqual(
        expect.arrayContaining([{ activity: 'couple', tier: 1 }]),
      );
      expect((await claim(combined.app, s.token, 'couple', 1)).body.data.amountCents).toBe(227_200);
    }
  });
});
