import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { withdrawals } from '../../src/db/schema.ts';
import { createOperator, createWalletTestApp, opsLoginToken, reconcileReport, requestWithdrawal, walletOf, type WalletTestContext } from '../helper.ts';
import { addShopProducts, available, CARRIER_KEY, deliver, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

let ctx: WalletTestContext;
let opToken: string;
let shop: ShopFixture;
let orderIds: string[];
beforeAll(async () => {
  // The default holding period (SETTLEMENT_HOLD_HOURS unset: 7 days).
  ctx = await createWalletTestApp({ carrierKey: CARRIER_KEY });
  const op = await createOperator(ctx.db);
  opToken = await opsLoginToken(ctx.app, op.username, op.password);
  shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 100_00);
  // Purchase 10.00 at 500%: sells at 60.00.
  const [productId] = await addShopProducts(ctx, shop, [10_00], 500);
  const buyer = await newBuyer(ctx);
  orderIds = [await placeOrder(ctx, buyer.token, shop.shopId, productId), await placeOrder(ctx, buyer.token, shop.shopId, productId)];
  expect((await purchase(ctx.app, shop, orderIds)).status).toBe(200);
  for (const orderId of orderIds) await deliver(ctx.app, orderId);
});
afterAll(() => ctx.close());

const withdrawalRows = async () => ctx.db.select().from(withdrawals).where(eq(withdrawals.shopId, shop.shopId));

describe('settlement holding period', () => {
  it('shows fresh settlement as held, not withdrawable', async () => {
    // 100.00 deposited − 20.00 purchases + 120.00 settled.
    expect(await walletOf(ctx.app, shop.token)).toMatchObject({ availableCents: 200_00, heldCents: 120_00, withdrawableCents: 80_00 });
  });

  it('refuses a withdrawal reaching into held settlement, localized, with nothing moved; parallel withdrawals share the free part once', async () => {
    const refused = await requestWithdrawal(ctx.app, shop.token, '100', { lang: 'en-US' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SETTLEMENT_HELD');
    expect(refused.body.msg).toContain('120');
    expect(refused.body.msg).toContain('80');
    expect((await requestWithdrawal(ctx.app, shop.token, '100', { lang: 'ko-KR' })).body.msg).toContain('USDT');
    expect(await available(ctx.db, shop.shopId)).toBe(200_00);
    expect(await withdrawalRows()).toHaveLength(0);

    // 80.00 free: of two parallel 50.00 withdrawals only one fits.
    const race = await Promise.all([0, 1, 2].map((i) => requestWithdrawal(ctx.app, shop.token, '50', { headers: { 'idempotency-key': `hold-race-${i}` } })));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 422).every((r) => r.body.error === 'SETTLEMENT_HELD')).toBe(true);
    // A retry of the accepted key replays it; nothing more is frozen.
    const accepted = race.findIndex((r) => r.status === 200);
    const replay = await requestWithdrawal(ctx.app, shop.token, '50', { headers: { 'idempotency-key': `hold-race-${accepted}` } });
    expect(replay.body.data).toEqual(race[accepted]!.body.data);
    expect(await walletOf(ctx.app, shop.token)).toMatchObject({ availableCents: 150_00, frozenCents: 50_00, heldCents: 120_00, withdrawableCents: 30_00 });
    expect((await reconcileReport(ctx.app, opToken)).ok).toBe(true);
  });

  it('releases the settlement once the holding period has passed (clock moved by back-dating the signing)', async () => {
    for (const orderId of orderIds) await ctx.db.execute(sql`update orders set signed_time = now() - interval '7 days 1 minute' where order_no = ${orderId}`);
    expect(await walletOf(ctx.app, shop.token)).toMatchObject({ availableCents: 150_00, heldCents: 0, withdrawableCents: 150_00 });
    expect((await requestWithdrawal(ctx.app, shop.token, '150')).status).toBe(200);
    expect((await reconcileReport(ctx.app, opToken)).ok).toBe(true);
  });

  it('reconcile reports a withdrawal that took settlement still in its holding period', async () => {
    const [last] = (await withdrawalRows()).sort((a, b) => b.id - a.id);
    // Had the orders been signed just before that withdrawal, it would have taken held money.
    for (const orderId of orderIds) await ctx.db.execute(sql`update orders set signed_time = ${last!.createdAt.toISOString()}::timestamptz - interval '1 minute' where order_no = ${orderId}`);
    const report = await reconcileReport(ctx.app, opToken);
    expect(report.ok).toBe(false);
    expect(report.breaks).toContain(`withdrawal ${last!.id} took settlement still in its holding period`);
    for (const orderId of orderIds) await ctx.db.execute(sql`update orders set signed_time = now() - interval '8 days' where order_no = ${orderId}`);
    expect((await reconcileReport(ctx.app, opToken)).ok).toBe(true);
  });
});

describe('without a holding period (SETTLEMENT_HOLD_HOURS=0)', () => {
  let open: WalletTestContext;
  beforeAll(async () => {
    open = await createWalletTestApp({ carrierKey: CARRIER_KEY, settlementHoldHours: 0 });
  });
  afterAll(() => open.close());

  it('settlement is withdrawable at once', async () => {
    const seller = await newShop(open);
    await fundShopDirect(open.db, seller.shopId, 10_00);
    const [productId] = await addShopProducts(open, seller, [10_00], 500);
    const buyer = await newBuyer(open);
    const orderId = await placeOrder(open, buyer.token, seller.shopId, productId);
    expect((await purchase(open.app, seller, orderId)).status).toBe(200);
    await deliver(open.app, orderId);
    expect(await walletOf(open.app, seller.token)).toMatchObject({ availableCents: 60_00, heldCents: 0, withdrawableCents: 60_00 });
    expect((await requestWithdrawal(open.app, seller.token, '60')).status).toBe(200);
  });
});
