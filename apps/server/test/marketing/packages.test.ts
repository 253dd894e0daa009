import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { PACKAGE_TYPES, PROMOTION_PACKAGES } from '@shopdesk/shared/products/packages';
import { DAY_MS } from '@shopdesk/shared/time';
import { enUS } from '../../src/i18n/messages/en-US.ts';
import { zhCN } from '../../src/i18n/messages/zh-CN.ts';
import { runJobOnce } from '../../src/jobs.ts';
import { expiringPackages } from '../../src/modules/packages/package-service.ts';
import { call, encodePassword, useTestApp } from '../helper.ts';
import { addShopProducts, available, fundShopDirect, newShop, operatorToken, reconciled } from '../orders/fixtures.ts';
import { agePackages, buy, notificationsOf, packageRows, packageTransfers } from './packages-fixtures.ts';

const price = (t: keyof typeof PROMOTION_PACKAGES) => PROMOTION_PACKAGES[t].priceCents;

describe('promotion packages: offer, purchase, rules', () => {
  const ctx = useTestApp();
  let opToken: string;
  beforeAll(async () => {
    opToken = await operatorToken(ctx);
  });

  it('lists the table, no active package, the balance and "new" for every type', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 300_00);
    const { status, body } = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    expect(status).toBe(200);
    expect(body.data.active).toBeNull();
    expect(body.data.availableCents).toBe(300_00);
    expect(body.data.reminderDays).toBe(3);
    expect(body.data.packages.map((p: { type: string }) => p.type)).toEqual([...PACKAGE_TYPES]);
    const gold = body.data.packages.find((p: { type: string }) => p.type === 'gold');
    expect(gold).toMatchObject({ priceCents: 499_00, validityDays: 30, maxRecommended: 20, guaranteedExposure: 500, plan: { mode: 'new', allowed: true, creditedDays: 0 } });
    expect(Date.parse(gold.plan.expiresAt) - Date.now()).toBeGreaterThan(30 * DAY_MS - 60_000);
  });

  it.each(PACKAGE_TYPES)('buys %s: the price leaves available through a "package" ledger line, the package is active', async (type) => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const { status, body } = await buy(ctx.app, shop, type);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ mode: 'new', availableCents: 1_000_00 - price(type), purchase: { index: 1, type, amountCents: price(type), validityDays: PROMOTION_PACKAGES[type].validityDays, status: 'active', creditedDays: 0 } });
    expect(await available(ctx.db, shop.shopId)).toBe(1_000_00 - price(type));
    expect(await packageTransfers(ctx.db, shop.shopId)).toEqual([{ type: 'package', amount: price(type) }]);
    const statement = await call(ctx.app, 'GET', '/api/wallet/transactions', { token: shop.token, query: { type: 'package' } });
    expect(statement.body.data.list).toHaveLength(1);
    expect(statement.body.data.list[0]).toMatchObject({ type: 'package', changeCents: -price(type), balanceAfterCents: 1_000_00 - price(type) });
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    expect(offer.body.data.active).toMatchObject({ type, maxRecommended: PROMOTION_PACKAGES[type].maxRecommended, daysLeft: PROMOTION_PACKAGES[type].validityDays });
    const status2 = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token: shop.token });
    expect(status2.body.data).toMatchObject({ packageActive: true, package: { type, maxRecommended: PROMOTION_PACKAGES[type].maxRecommended } });
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });

  it('a retry with the same Idempotency-Key answers the first answer and moves the money once', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const first = await buy(ctx.app, shop, 'gold', { key: 'pkg-retry-1' });
    const again = await buy(ctx.app, shop, 'gold', { key: 'pkg-retry-1' });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await packageTransfers(ctx.db, shop.shopId)).toHaveLength(1);
    expect(await packageRows(ctx.db, shop.shopId)).toHaveLength(1);
    // The same key for another type is refused.
    const other = await buy(ctx.app, shop, 'diamond', { key: 'pkg-retry-1' });
    expect(other.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await available(ctx.db, shop.shopId)).toBe(1_000_00 - 499_00);
  });

  it('a wrong fund password is refused and nothing moves', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const { status, body } = await buy(ctx.app, shop, 'gold', { fundPassword: '000000', key: 'pkg-wrong' });
    expect(status).toBe(422);
    expect(body.error).toBe('FUND_PASSWORD_WRONG');
    expect(await available(ctx.db, shop.shopId)).toBe(1_000_00);
    expect(await packageRows(ctx.db, shop.shopId)).toHaveLength(0);
    // The key was not spent on the refusal: the right password with it buys.
    expect((await buy(ctx.app, shop, 'gold', { key: 'pkg-wrong' })).status).toBe(200);
  });

  it('a short balance answers the spec message (package purchase failed …) and nothing moves', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 499_00 - 1);
    const { status, body } = await buy(ctx.app, shop, 'gold');
    expect(status).toBe(422);
    expect(body.error).toBe('PACKAGE_PURCHASE_FAILED');
    expect(body.code).toBe(1060);
    expect(body.msg).toBe(enUS['error.PACKAGE_PURCHASE_FAILED']);
    expect(await available(ctx.db, shop.shopId)).toBe(499_00 - 1);
    expect(await packageRows(ctx.db, shop.shopId)).toHaveLength(0);
    expect(await packageTransfers(ctx.db, shop.shopId)).toHaveLength(0);
    const zh = await call(ctx.app, 'POST', '/api/marketing/buyPackage', { token: shop.token, lang: 'zh-CN', body: { type: 'diamond', fundPassword: encodePassword(shop.fundPassword) } });
    expect(zh.body.msg).toBe(zhCN['error.PACKAGE_PURCHASE_FAILED']);
  });

  it('the same tier extends: the new validity starts at the current expiry, the old row is replaced', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 2_000_00);
    const first = await buy(ctx.app, shop, 'gold');
    await agePackages(ctx.db, shop.shopId, 10);
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    const goldPlan = offer.body.data.packages.find((p: { type: string }) => p.type === 'gold').plan;
    expect(goldPlan).toMatchObject({ mode: 'extend', allowed: true });
    expect(goldPlan.creditedDays).toBeCloseTo(20, 0);
    const second = await buy(ctx.app, shop, 'gold');
    expect(second.body.data.mode).toBe('extend');
    const firstExpiry = Date.parse(first.body.data.purchase.expiresAt) - 10 * DAY_MS;
    expect(Date.parse(second.body.data.purchase.expiresAt)).toBe(firstExpiry + 30 * DAY_MS);
    expect(Date.parse(goldPlan.expiresAt)).toBe(firstExpiry + 30 * DAY_MS);
    const rows = await packageRows(ctx.db, shop.shopId);
    expect(rows.map((r) => r.replaced)).toEqual([true, false]);
    const history = await call(ctx.app, 'POST', '/api/marketing/purchaseHistory', { token: shop.token, body: {} });
    expect(history.body.data.list.map((l: { status: string }) => l.status)).toEqual(['active', 'replaced']);
    expect(await available(ctx.db, shop.shopId)).toBe(2_000_00 - 2 * 499_00);
  });

  it('a higher tier starts now and converts the unused time of the lower one into extra days', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 2_000_00);
    await buy(ctx.app, shop, 'silver');
    await agePackages(ctx.db, shop.shopId, 5); // 10 of 15 days left
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    const plan = offer.body.data.packages.find((p: { type: string }) => p.type === 'gold').plan;
    // 10 days × (199 / 15 per day) = 132.67 USDT of value, at 499 / 30 per day = 7.97 days.
    expect(plan).toMatchObject({ mode: 'upgrade', allowed: true, creditedDays: 7.9 });
    const up = await buy(ctx.app, shop, 'gold');
    expect(up.status).toBe(200);
    expect(up.body.data.mode).toBe('upgrade');
    expect(up.body.data.purchase.creditedDays).toBe(7.9);
    const expiresIn = Date.parse(up.body.data.purchase.expiresAt) - Date.now();
    expect(expiresIn / DAY_MS).toBeGreaterThan(37.9);
    expect(expiresIn / DAY_MS).toBeLessThan(38);
    const status = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token: shop.token });
    expect(status.body.data.package).toMatchObject({ type: 'gold', maxRecommended: 20 });
    // Nothing comes back in money: both prices were paid.
    expect(await available(ctx.db, shop.shopId)).toBe(2_000_00 - 199_00 - 499_00);
  });

  it('a lower tier while a higher one runs is refused, nothing moves', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 2_000_00);
    await buy(ctx.app, shop, 'diamond');
    const offer = await call(ctx.app, 'GET', '/api/marketing/packages', { token: shop.token });
    expect(offer.body.data.packages.map((p: { plan: { mode: string; allowed: boolean } }) => [p.plan.mode, p.plan.allowed])).toEqual([
      ['downgrade', false],
      ['downgrade', false],
      ['extend', true],
    ]);
    const { status, body } = await buy(ctx.app, shop, 'gold');
    expect(status).toBe(409);
    expect(body.error).toBe('PACKAGE_DOWNGRADE_REFUSED');
    expect(body.msg).toContain(new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10));
    expect(await available(ctx.db, shop.shopId)).toBe(2_000_00 - 999_00);
    expect(await packageTransfers(ctx.db, shop.shopId)).toHaveLength(1);
    // After the diamond expires, gold is a new purchase.
    await agePackages(ctx.db, shop.shopId, 31);
    const after = await buy(ctx.app, shop, 'gold');
    expect(after.body.data.mode).toBe('new');
  });
});

describe('purchase history', () => {
  const ctx = useTestApp();

  it('filters by type, status and date, pages with an index, exports CSV, and shows only the own shop', async () => {
    const shop = await newShop(ctx);
    const other = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 5_000_00);
    await fundShopDirect(ctx.db, other.shopId, 1_000_00);
    await buy(ctx.app, shop, 'silver');
    await agePackages(ctx.db, shop.shopId, 40); // expired, purchased 40 days ago
    await buy(ctx.app, shop, 'silver');
    await buy(ctx.app, shop, 'silver'); // extends: the second is replaced
    await buy(ctx.app, shop, 'gold'); // upgrades: the third is replaced
    await buy(ctx.app, other, 'diamond');

    const list = (body: Record<string, unknown>, token = shop.token) => call(ctx.app, 'POST', '/api/marketing/purchaseHistory', { token, body });
    const all = await list({});
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list.map((l: { index: number; type: string; status: string }) => [l.index, l.type, l.status])).toEqual([
      [1, 'gold', 'active'],
      [2, 'silver', 'replaced'],
      [3, 'silver', 'replaced'],
      [4, 'silver', 'expired'],
    ]);
    expect((await list({ type: 'gold' })).body.data.total).toBe(1);
    expect((await list({ status: 'active' })).body.data.list.map((l: { type: string }) => l.type)).toEqual(['gold']);
    expect((await list({ status: 'expired' })).body.data.total).toBe(1);
    expect((await list({ status: 'replaced' })).body.data.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).body.data.total).toBe(3);
    const old = new Date(Date.now() - 40 * DAY_MS).toISOString().slice(0, 10);
    expect((await list({ from: old, to: old })).body.data.total).toBe(1);
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.body.data.list.map((l: { index: number }) => l.index)).toEqual([4]);
    expect((await list({ status: 'nope' })).status).toBe(400);

    // Another shop sees only its own.
    const theirs = await list({}, other.token);
    expect(theirs.body.data.list.map((l: { type: string }) => l.type)).toEqual(['diamond']);

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/marketing/purchaseHistory/export?type=silver', headers: { authtoken: shop.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('No.,Package type,Payment amount,Purchase time,Validity (days),Days carried over,Expiry,Status');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^1,Silver,199\.00,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00,/);
    const theirCsv = await ctx.app.inject({ method: 'GET', url: '/api/marketing/purchaseHistory/export', headers: { authtoken: other.token } });
    expect(theirCsv.body).not.toContain('Silver');
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, 'GET', '/api/marketing/packages')).status).toBe(401);
    expect((await call(ctx.app, 'POST', '/api/marketing/purchaseHistory', { body: {} })).status).toBe(401);
  });
});

describe('recommendations and expiry', () => {
  const ctx = useTestApp();

  it('buy → recommend up to the package maximum; expiry → the extra ones stop, "promotion not open"', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    const products = await addShopProducts(ctx, shop, Array.from({ length: 12 }, () => 10_00));
    const recommend = (id: number) => call(ctx.app, 'POST', '/api/product/recommend', { token: shop.token, body: { id, recommended: true } });
    expect((await recommend(products[0])).body.error).toBe('PROMOTION_NOT_ACTIVE');
    await buy(ctx.app, shop, 'silver');
    for (const id of products.slice(0, 5)) expect((await recommend(id)).status).toBe(200);
    const sixth = await recommend(products[5]);
    expect(sixth.body.error).toBe('RECOMMEND_PLAN_LIMIT');

    await agePackages(ctx.db, shop.shopId, 16);
    const run = await runJobOnce(ctx.app, 'package-reminders');
    expect(run).toEqual({ ran: true, result: { expiring: 0, expired: 1, unrecommended: 5 } });
    const status = await call(ctx.app, 'GET', '/api/product/recommendStatus', { token: shop.token });
    expect(status.body.data).toMatchObject({ packageActive: false, recommended: 0 });
    expect((await recommend(products[0])).body.error).toBe('PROMOTION_NOT_ACTIVE');
    expect(await notificationsOf(ctx.db, shop.shopId)).toEqual([{ title: NOTIFICATION_TITLE.PROMOTION, content: NOTIFICATION_CONTENT.PACKAGE_EXPIRED }]);
    expect(await runJobOnce(ctx.app, 'package-reminders')).toEqual({ ran: true, result: { expiring: 0, expired: 0, unrecommended: 0 } });
  });

  it('reminds 3 days before and on expiry, once each, and expiringPackages finds the package', async () => {
    const shop = await newShop(ctx);
    const other = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    await fundShopDirect(ctx.db, other.shopId, 1_000_00);
    await buy(ctx.app, shop, 'gold');
    await buy(ctx.app, other, 'gold');
    expect(await expiringPackages(ctx.db, shop.shopId, 3)).toHaveLength(0);
    await agePackages(ctx.db, shop.shopId, 28); // 2 days left
    const soon = await expiringPackages(ctx.db, shop.shopId, 3);
    expect(soon.map((p) => p.type)).toEqual(['gold']);
    expect(await expiringPackages(ctx.db, other.shopId, 3)).toHaveLength(0);

    const first = await runJobOnce(ctx.app, 'package-reminders');
    expect(first.ran && (first.result as { expiring: number }).expiring).toBeGreaterThanOrEqual(1);
    expect(await runJobOnce(ctx.app, 'package-reminders')).toMatchObject({ result: { expiring: 0 } });
    expect(await notificationsOf(ctx.db, shop.shopId)).toEqual([{ title: NOTIFICATION_TITLE.PROMOTION, content: NOTIFICATION_CONTENT.PACKAGE_EXPIRING }]);

    await agePackages(ctx.db, shop.shopId, 3);
    await Promise.all([runJobOnce(ctx.app, 'package-reminders'), runJobOnce(ctx.app, 'package-reminders')]);
    await runJobOnce(ctx.app, 'package-reminders');
    expect(await notificationsOf(ctx.db, shop.shopId)).toEqual([
      { title: NOTIFICATION_TITLE.PROMOTION, content: NOTIFICATION_CONTENT.PACKAGE_EXPIRING },
      { title: NOTIFICATION_TITLE.PROMOTION, content: NOTIFICATION_CONTENT.PACKAGE_EXPIRED },
    ]);
    expect(await notificationsOf(ctx.db, other.shopId)).toEqual([]);
  });

  it('an extended package is not reminded: only the current row counts', async () => {
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    await buy(ctx.app, shop, 'silver');
    await agePackages(ctx.db, shop.shopId, 13); // 2 days left
    await buy(ctx.app, shop, 'silver'); // extends to 17 days left
    await runJobOnce(ctx.app, 'package-reminders');
    expect(await notificationsOf(ctx.db, shop.shopId)).toEqual([]);
  });
});

describe('operator view of packages sold', () => {
  const ctx = useTestApp();

  it('lists packages sold with shop, type, amount and times; sellers are refused', async () => {
    const opToken = await operatorToken(ctx);
    const shop = await newShop(ctx);
    await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
    await buy(ctx.app, shop, 'gold');
    const { status, body } = await call(ctx.app, 'GET', '/api/ops/packages', { token: opToken, query: { shopId: shop.shopId } });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ shopId: shop.shopId, type: 'gold', amountCents: 499_00, status: 'active' });
    expect(body.data[0].shopName).toEqual(expect.any(String));
    expect((await call(ctx.app, 'GET', '/api/ops/packages', { token: shop.token })).status).toBe(403);
  });
});
