import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { OpsRole } from '@shopdesk/shared/ops/operators';
import { PROMOTION_PACKAGES } from '@shopdesk/shared/products/packages';
import { DAY_MS } from '@shopdesk/shared/time';
import { coupons, operatorAudit, packageOffers, promotionPackages } from '../../src/db/schema.ts';
import { createSession } from '../../src/modules/auth/session-service.ts';
import { call, createOperator, useWalletTestApp } from '../helper.ts';
import { addShopProducts, fundShopDirect, newBuyer, newShop } from '../orders/fixtures.ts';
import { buy, packageTransfers } from '../marketing/packages-fixtures.ts';
import { buyerApi, claim, fillCart, mallCheckout } from '../storefront/fixtures.ts';

const ctx = useWalletTestApp();

async function tokenOf(opsRole: OpsRole) {
  const op = await createOperator(ctx.db, undefined, undefined, opsRole);
  return { ...op, token: (await createSession(ctx.db, op.userId, 3_600_000, false)).token };
}

const gold = PROMOTION_PACKAGES.gold;
const goldTerms = { type: 'gold', priceCents: gold.priceCents, validityDays: gold.validityDays, maxRecommended: gold.maxRecommended, active: true };

async function offerRow(type: 'silver' | 'gold' | 'diamond') {
  const [row] = await ctx.db.select().from(packageOffers).where(eq(packageOffers.type, type));
  return row!;
}
const auditOf = (targetType: string, targetId: number) =>
  ctx.db.select().from(operatorAudit).where(and(eq(operatorAudit.targetType, targetType), eq(operatorAudit.targetId, targetId))).orderBy(operatorAudit.id);

describe('promotion packages in the console', () => {
  it('starts from the values the code had; the catalog role changes them, others may not', async () => {
    const catalog = await tokenOf('catalog');
    const list = await call(ctx.app, 'GET', '/api/ops/packageOffers', { token: catalog.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { type: string; priceCents: number; validityDays: number; maxRecommended: number; active: boolean }) => [o.type, o.priceCents, o.validityDays, o.maxRecommended, o.active])).toEqual(
      Object.values(PROMOTION_PACKAGES).map((p) => [p.type, p.priceCents, p.validityDays, p.maxRecommended, true]),
    );
    for (const role of ['finance', 'support'] as const) {
      const op = await tokenOf(role);
      expect((await call(ctx.app, 'GET', '/api/ops/packageOffers', { token: op.token })).status).toBe(403);
      expect((await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: op.token, body: { ...goldTerms, priceCents: 1 } })).status).toBe(403);
    }
    expect((await offerRow('gold')).priceCents).toBe(gold.priceCents);
  });

  it('refuses bad terms with localized messages and writes nothing', async () => {
    const catalog = await tokenOf('catalog');
    const before = await offerRow('gold');
    const bad = await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, lang: 'vi-VN', body: { type: 'gold', priceCents: 0, validityDays: 0, maxRecommended: 501, active: true } });
    expect(bad.status).toBe(400);
    const messages = bad.body.details.map((d: { path: string; message: string }) => `${d.path}: ${d.message}`);
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('Giá phải lớn hơn 0 USDT'), expect.stringContaining('Thời hạn là số ngày'), expect.stringContaining('Số sản phẩm')]));
    const english = await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, lang: 'en-US', body: { ...goldTerms, validityDays: 2.5 } });
    expect(english.body.details[0].message).toBe('The validity is a whole number of days from 1 to 365');
    expect((await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, body: { ...goldTerms, type: 'platinum' } })).status).toBe(400);
    expect(await offerRow('gold')).toEqual(before);
    expect(await auditOf('package_offer', before.id)).toEqual([]);
  });

  it('a new price is for purchases from now on: a package bought keeps its price and days; the seller buys at the new price (audited)', async () => {
    const catalog = await tokenOf('catalog');
    const early = await newShop(ctx);
    await fundShopDirect(ctx.db, early.shopId, 2_000_00);
    expect((await buy(ctx.app, early, 'gold')).status).toBe(200);

    const changed = await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, body: { ...goldTerms, priceCents: 555_00, validityDays: 45, maxRecommended: 25 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ type: 'gold', priceCents: 555_00, validityDays: 45, maxRecommended: 25, guaranteedExposure: gold.guaranteedExposure, active: true, sold: 1 });
    const row = await offerRow('gold');
    const [audit] = await auditOf('package_offer', row.id);
    expect(audit).toMatchObject({
      operatorUserId: catalog.userId,
      action: 'package.update',
      before: { type: 'gold', priceCents: gold.priceCents, validityDays: gold.validityDays, maxRecommended: gold.maxRecommended },
      after: { type: 'gold', priceCents: 555_00, validityDays: 45, maxRecommended: 25 },
    });

    // The early purchase keeps what it was bought at.
    const [bought] = await ctx.db.select().from(promotionPackages).where(eq(promotionPackages.shopId, early.shopId));
    expect(bought).toMatchObject({ amountCents: gold.priceCents, validityDays: gold.validityDays, maxRecommended: gold.maxRecommended });
    const earlyOffer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: early.token });
    expect(earlyOffer.body.data.active).toMatchObject({ type: 'gold', maxRecommended: gold.maxRecommended });

    // A later seller sees and pays the new terms.
    const later = await newShop(ctx);
    await fundShopDirect(ctx.db, later.shopId, 2_000_00);
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: later.token });
    expect(offer.body.data.packages.find((p: { type: string }) => p.type === 'gold')).toMatchObject({ priceCents: 555_00, validityDays: 45, maxRecommended: 25 });
    const purchase = await buy(ctx.app, later, 'gold');
    expect(purchase.body.data).toMatchObject({ mode: 'new', availableCents: 2_000_00 - 555_00, purchase: { amountCents: 555_00, validityDays: 45 } });
    const [laterRow] = await ctx.db.select().from(promotionPackages).where(eq(promotionPackages.shopId, later.shopId));
    expect(laterRow!.expiresAt.getTime() - laterRow!.purchasedAt.getTime()).toBe(45 * DAY_MS);
    expect(laterRow!.maxRecommended).toBe(25);
    expect(await packageTransfers(ctx.db, later.shopId)).toEqual([{ type: 'package', amount: 555_00 }]);

    // Saving the same terms again writes no audit row.
    await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, body: { ...goldTerms, priceCents: 555_00, validityDays: 45, maxRecommended: 25 } });
    expect(await auditOf('package_offer', row.id)).toHaveLength(1);
    await call(ctx.app, 'POST', '/api/ops/packageOffers/gold', { token: catalog.token, body: goldTerms });
  });

  it('a retired package is neither shown nor sold; one bought runs on', async () => {
    const catalog = await tokenOf('catalog');
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 2_000_00);
    expect((await buy(ctx.app, shop, 'silver')).status).toBe(200);
    const silver = PROMOTION_PACKAGES.silver;
    const retired = await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, body: { type: 'silver', priceCents: silver.priceCents, validityDays: silver.validityDays, maxRecommended: silver.maxRecommended, active: false } });
    expect(retired.body.data.active).toBe(false);
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    expect(offer.body.data.packages.map((p: { type: string }) => p.type)).toEqual(['gold', 'diamond']);
    expect(offer.body.data.active).toMatchObject({ type: 'silver' });
    const refused = await call(ctx.app, 'POST', '/api/marketing/buyPackage', { token: shop.token, lang: 'zh-CN', body: { type: 'silver', fundPassword: Buffer.from(shop.fundPassword).toString('base64') } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'PACKAGE_NOT_OFFERED', msg: '该套餐已停止销售' });
    expect(await packageTransfers(ctx.db, shop.shopId)).toHaveLength(1);
    await call(ctx.app, 'POST', '/api/ops/packageOffers', { token: catalog.token, body: { type: 'silver', priceCents: silver.priceCents, validityDays: silver.validityDays, maxRecommended: silver.maxRecommended, active: true } });
    expect((await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token })).body.data.packages).toHaveLength(3);
  });
});

const soon = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const coupon = { title: 'Console: 4 USDT off from 30', kind: 'amount', amountOffCents: 4_00, percentOff: null, maxDiscountCents: null, minSpendCents: 30_00, startsAt: soon(-1), endsAt: soon(10), perBuyerLimit: 2 };

async function couponCount() {
  const [row] = await ctx.db.select({ n: count() }).from(coupons);
  return row!.n;
}

describe('mall coupons in the console', () => {
  it('creates a coupon (audited) that the mall lists; bad input is refused in the reader’s language and nothing is written', async () => {
    const catalog = await tokenOf('catalog');
    const n = await couponCount();
    const bad = await call(ctx.app, 'POST', '/api/ops/coupons', {
      token: catalog.token,
      lang: 'ja-JP',
      body: { ...coupon, title: ' ', kind: 'percent', amountOffCents: null, percentOff: 120, minSpendCents: -1, endsAt: coupon.startsAt, perBuyerLimit: 0 },
    });
    expect(bad.status).toBe(400);
    const messages = bad.body.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringContaining('タイトルは'), expect.stringContaining('割合割引'), expect.stringContaining('最低購入額'), expect.stringContaining('受け取り回数')]),
    );
    const noAmount = await call(ctx.app, 'POST', '/api/ops/coupons', { token: catalog.token, lang: 'en-US', body: { ...coupon, amountOffCents: null } });
    expect(noAmount.body.details.map((d: { message: string }) => d.message)).toContain('An amount coupon needs an amount off above 0 USDT, with at most 2 decimals');
    const backwards = await call(ctx.app, 'POST', '/api/ops/coupons', { token: catalog.token, lang: 'en-US', body: { ...coupon, endsAt: soon(-2) } });
    expect(backwards.body.details.map((d: { message: string }) => d.message)).toContain('Give a start and an end time, the end after the start');
    expect(await couponCount()).toBe(n);
    for (const role of ['finance', 'support'] as const) expect((await call(ctx.app, 'POST', '/api/ops/coupons', { token: (await tokenOf(role)).token, body: coupon })).status).toBe(403);
    expect(await couponCount()).toBe(n);

    const created = await call(ctx.app, 'POST', '/api/ops/coupons', { token: catalog.token, body: coupon });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ title: coupon.title, kind: 'amount', amountOffCents: 4_00, minSpendCents: 30_00, perBuyerLimit: 2, state: 'running', claims: 0, used: 0, retiredAt: null });
    const id = created.body.data.id as number;
    const [audit] = await auditOf('coupon', id);
    expect(audit).toMatchObject({ operatorUserId: catalog.userId, action: 'coupon.create', before: null, after: { title: coupon.title, amountOffCents: 4_00 } });
    const mall = await call(ctx.app, 'GET', '/api/mall/coupons');
    expect(mall.body.data.find((c: { id: number }) => c.id === id)).toMatchObject({ title: coupon.title, amountOffCents: 4_00 });
  });

  it('changes an unclaimed coupon freely; once claimed only the title, the limit and a later end change; retired, it is no longer claimed but a claim still pays', async () => {
    const catalog = await tokenOf('catalog');
    const { body } = await call(ctx.app, 'POST', '/api/ops/coupons', { token: catalog.token, body: coupon });
    const id = body.data.id as number;
    const freely = await call(ctx.app, 'POST', `/api/ops/coupons/${id}`, { token: catalog.token, body: { ...coupon, amountOffCents: 5_00, minSpendCents: 20_00 } });
    expect(freely.body.data).toMatchObject({ amountOffCents: 5_00, minSpendCents: 20_00 });

    const buyer = await newBuyer(ctx);
    const claimId = await claim(ctx, buyer, id);
    const [before] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
    for (const change of [{ amountOffCents: 1_00 }, { minSpendCents: 90_00 }, { kind: 'percent', amountOffCents: null, percentOff: 50 }, { startsAt: soon(-3) }, { endsAt: soon(1) }]) {
      const locked = await call(ctx.app, 'POST', `/api/ops/coupons/${id}`, { token: catalog.token, lang: 'en-US', body: { ...coupon, amountOffCents: 5_00, minSpendCents: 20_00, ...change } });
      expect(locked.status, JSON.stringify(change)).toBe(409);
      expect(locked.body.error).toBe('COUPON_TERMS_LOCKED');
      expect(locked.body.msg).toContain('Retire it and create a new one');
    }
    expect((await ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0]).toEqual(before);
    const allowed = await call(ctx.app, 'POST', `/api/ops/coupons/${id}`, { token: catalog.token, body: { ...coupon, amountOffCents: 5_00, minSpendCents: 20_00, title: 'Console: 5 USDT off from 20', perBuyerLimit: 1, endsAt: soon(20) } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toMatchObject({ title: 'Console: 5 USDT off from 20', perBuyerLimit: 1, claims: 1, used: 0 });

    const retired = await call(ctx.app, 'POST', `/api/ops/coupons/${id}/retire`, { token: catalog.token });
    expect(retired.body.data).toMatchObject({ state: 'retired', claims: 1 });
    expect((await call(ctx.app, 'GET', '/api/mall/coupons')).body.data.map((c: { id: number }) => c.id)).not.toContain(id);
    const other = await newBuyer(ctx);
    expect((await buyerApi(ctx, other, 'POST', '/api/buyer/coupons/claim', { couponId: id })).body.error).toBe('COUPON_EXPIRED');
    // Retiring again changes nothing.
    await call(ctx.app, 'POST', `/api/ops/coupons/${id}/retire`, { token: catalog.token });
    expect((await auditOf('coupon', id)).map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update', 'coupon.retire']);
    expect((await auditOf('coupon', id))[2]).toMatchObject({ before: { title: coupon.title, perBuyerLimit: 2 }, after: { title: 'Console: 5 USDT off from 20', perBuyerLimit: 1 } });

    // The claim made before the retirement still takes its 5 USDT at checkout.
    const shop = await newShop(ctx);
    const [productId] = await addShopProducts(ctx, shop, [30_00]);
    const itemIds = await fillCart(ctx, buyer, [{ productId: productId! }]);
    const paid = await mallCheckout(ctx, buyer, { itemIds, claimId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.discountCents).toBe(5_00);
    expect((await call(ctx.app, 'GET', '/api/ops/coupons', { token: catalog.token })).body.data.find((c: { id: number }) => c.id === id)).toMatchObject({ claims: 1, used: 1 });
    expect((await call(ctx.app, 'POST', '/api/ops/coupons/987654', { token: catalog.token, body: coupon })).status).toBe(404);
  });
});
