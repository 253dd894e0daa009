import { describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { coupleLinks, ledgerTransfers, rewardClaims } from '../../src/db/schema.ts';
import { reconcileReport, walletOf, useWalletTestApp } from '../helper.ts';
import { activities, apply, claim, respond, rewardSeller, topUp } from './rewards-fixtures.ts';

/**
 * Races of the reward activities on the PostgreSQL server. PGlite
 * runs one query at a time, so these run only when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('reward and couple races on the PostgreSQL server', () => {
  const ctx = useWalletTestApp({ postgres: true });

  it('50 parallel claims of one bonus (distinct keys, no key, the same key) pay it once', async () => {
    const seller = await rewardSeller(ctx.app, ctx.db);
    await topUp(ctx.app, seller, ctx.operatorToken, 5_000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim(ctx.app, seller.token, 'vip', 1, i % 5 === 0 ? undefined : i % 5 === 1 ? 'same-key' : `key-${i}`)),
    );
    const paid = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    // One claim paid; the requests sharing its key (if it was the same-key group) replay that answer.
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(refused.every((a) => a.body.error === 'REWARD_ALREADY_RECEIVED')).toBe(true);
    expect((await walletOf(ctx.app, seller.token)).availableCents).toBe(500_000 + 58_800);
    expect(await ctx.db.select().from(rewardClaims).where(eq(rewardClaims.shopId, seller.shopId))).toHaveLength(1);
    const transfers = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.shopId, seller.shopId));
    expect(transfers.filter((t) => t.type === 'reward')).toHaveLength(1);
    expect((await reconcileReport(ctx.app, ctx.operatorToken)).breaks).toEqual([]);
  });

  it('A→B and B→A at the same moment end in one link (10 pairs)', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await rewardSeller(ctx.app, ctx.db);
      const b = await rewardSeller(ctx.app, ctx.db);
      const [ab, ba] = await Promise.all([apply(ctx.app, a.token, b.shopId), apply(ctx.app, b.token, a.shopId)]);
      expect([ab.status, ba.status]).toEqual([200, 200]);
      const rows = await ctx.db
        .select()
        .from(coupleLinks)
        .where(or(inArray(coupleLinks.fromShopId, [a.shopId, b.shopId]), inArray(coupleLinks.toShopId, [a.shopId, b.shopId])));
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe('linked');
      expect((await activities(ctx.app, a.token)).couple.link.partner.shopId).toBe(b.shopId);
      expect((await activities(ctx.app, b.token)).couple.link.partner.shopId).toBe(a.shopId);
    }
  });

  it('C→B racing A→B leaves one request; accepted, B is linked once (10 rounds), and two agreements at once settle once', async () => {
    for (let round = 0; round < 10; round++) {
      const [a, b, c] = [await rewardSeller(ctx.app, ctx.db), await rewardSeller(ctx.app, ctx.db), await rewardSeller(ctx.app, ctx.db)];
      const answers = await Promise.all([apply(ctx.app, a.token, b.shopId), apply(ctx.app, c.token, b.shopId)]);
      const ok = answers.filter((x) => x.status === 200);
      expect(ok).toHaveLength(1);
      expect(answers.find((x) => x.status !== 200)!.body.error).toBe('COUPLE_PARTNER_PENDING');
      const requestId = ok[0].body.data.request.requestId;
      // B agrees twice at once (a double tap on two devices): one wins, the other finds it answered.
      const decided = await Promise.all([respond(ctx.app, b.token, requestId, true), respond(ctx.app, b.token, requestId, true)]);
      expect(decided.filter((x) => x.status === 200)).toHaveLength(1);
      expect(decided.find((x) => x.status !== 200)!.body.error).toBe('COUPLE_REQUEST_CLOSED');
      const linked = await ctx.db
        .select()
        .from(coupleLinks)
        .where(or(eq(coupleLinks.fromShopId, b.shopId), eq(coupleLinks.toShopId, b.shopId)));
      expect(linked.filter((r) => r.status === 'linked')).toHaveLength(1);
      expect(linked).toHaveLength(1);
    }
  });
});
