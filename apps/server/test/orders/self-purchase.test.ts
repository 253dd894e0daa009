import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import { orders, shops, users, withdrawals } from '../../src/db/schema.ts';
import { balanceOf, buyerWallet } from '../../src/modules/ledger/ledger-service.ts';
import { call, createWalletTestApp, requestWithdrawal, TRC20_ADDRESS, type WalletTestContext } from '../helper.ts';
import { fillCart, mallCheckout, requestBuyerDeposit, type MallBuyer } from '../storefront/fixtures.ts';
import { addShopProducts, available, CARRIER_KEY, checkout, deliver, fundBuyerDirect, fundShopDirect, newBuyer, newShop, operatorToken, purchase, reconciled, type ShopFixture } from './fixtures.ts';

const ordersOf = async (ctx: WalletTestContext, buyerId: number) => ctx.db.select().from(orders).where(eq(orders.buyerId, buyerId));

let ctx: WalletTestContext;
let shop: ShopFixture;
let productId: number;
let opToken: string;
beforeAll(async () => {
  ctx = await createWalletTestApp({ seedDemo: false, carrierKey: CARRIER_KEY });
  shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 1_000_00);
  // The attack's price: purchase 10.00 at a 500% profit ratio sells at 60.00.
  [productId] = await addShopProducts(ctx, shop, [10_00], 500);
  opToken = await operatorToken(ctx);
});
afterAll(() => ctx.close());

/** Registers a buyer through the API with the given username and puts `cents` in its wallet. */
async function buyerNamed(username: string, cents = 500_00): Promise<MallBuyer> {
  const { body } = await call(ctx.app, 'POST', '/api/buyer/register', { body: { username, password: encodePassword('buyer123') } });
  const buyer = { buyerId: body.data.buyerId as number, token: body.data.buyerToken as string, username };
  if (cents > 0) await fundBuyerDirect(ctx.db, buyer.buyerId, cents);
  return buyer;
}

const buy = (buyer: { token: string }, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  checkout(ctx.app, buyer.token, { shopId: shop.shopId, shopProductId: productId, paymentMethod: 'balance', ...extra }, headers);

describe('a shop cannot be its own buyer', () => {
  it("refuses the seller's own account as the buyer (any case), in the buyer API and the mall's cart, and every retry", async () => {
    const [owner] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, shop.userId));
    const self = await buyerNamed(owner!.username.toUpperCase());
    const refused = await buy(self, {}, { 'idempotency-key': 'self-1', 'accept-language': 'vi-VN' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SELF_PURCHASE');
    expect(refused.body.msg).toBe('Bạn không thể mua hàng từ cửa hàng mà bạn điều hành hoặc có liên kết');
    expect((await buy(self, {}, { 'idempotency-key': 'self-1' })).body.error).toBe('SELF_PURCHASE');
    const burst = await Promise.all(Array.from({ length: 4 }, (_, i) => buy(self, {}, { 'idempotency-key': `self-burst-${i}` })));
    expect(burst.every((r) => r.body.error === 'SELF_PURCHASE')).toBe(true);
    await fillCart(ctx, self, [{ productId }]).then((itemIds) => mallCheckout(ctx, self, { itemIds }).then((answer) => expect(answer.body.error).toBe('SELF_PURCHASE')));
    expect(await ordersOf(ctx, self.buyerId)).toHaveLength(0);
    expect(await balanceOf(ctx.db, buyerWallet(self.buyerId))).toBe(500_00);
  });

  it("refuses a receiver phone that is the shop's WhatsApp or Zalo number", async () => {
    await ctx.db.update(shops).set({ whatsapp: '+84 987 654 321', zalo: '' }).where(eq(shops.id, shop.shopId));
    const buyer = await newBuyer(ctx);
    const refused = await buy(buyer, { receiverPhone: '+84987654321' });
    expect(refused.body.error).toBe('SELF_PURCHASE');
    // Another number passes.
    expect((await buy(buyer, { receiverPhone: '+84 901 111 222' })).status).toBe(200);
  });

  it("refuses a buyer whose deposit came from the shop's withdrawal address", async () => {
    expect((await requestWithdrawal(ctx.app, shop.token, '60')).status).toBe(200);
    const buyer = await buyerNamed('mb_addr_link', 0);
    const deposit = await requestBuyerDeposit(ctx, buyer, '200', { fromAddress: TRC20_ADDRESS });
    expect((await call(ctx.app, 'POST', `/api/ops/buyerDeposits/${deposit.body.data.id}/approve`, { token: opToken, body: {} })).status).toBe(200);
    const refused = await buy(buyer);
    expect(refused.body.error).toBe('SELF_PURCHASE');
    expect(await ordersOf(ctx, buyer.buyerId)).toHaveLength(0);
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(200_00);
  });

  it('the attack: a buyer funded from address A buys at 500%, the order settles, and a withdrawal of it to A is refused', async () => {
    const buyer = await buyerNamed('mb_attack', 0);
    const attackAddress = 'TAttackerOwnAddress000000000000000';
    const deposit = await requestBuyerDeposit(ctx, buyer, '600', { fromAddress: attackAddress });
    expect((await call(ctx.app, 'POST', `/api/ops/buyerDeposits/${deposit.body.data.id}/approve`, { token: opToken, body: {} })).status).toBe(200);
    const orderIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await buy(buyer, { quantity: 2 });
      expect(placed.status).toBe(200);
      orderIds.push(placed.body.data.orderId);
    }
    expect((await purchase(ctx.app, shop, orderIds)).status).toBe(200);
    for (const orderId of orderIds) await deliver(ctx.app, orderId);
    const availableBefore = await available(ctx.db, shop.shopId);
    const withdrawalsBefore = (await ctx.db.select().from(withdrawals).where(eq(withdrawals.shopId, shop.shopId))).length;

    const refused = await requestWithdrawal(ctx.app, shop.token, '500', { body: { address: attackAddress }, headers: { 'idempotency-key': 'wd-attack' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SELF_PURCHASE_ADDRESS');
    const retried = await requestWithdrawal(ctx.app, shop.token, '500', { body: { address: attackAddress }, headers: { 'idempotency-key': 'wd-attack' } });
    expect(retried.body.error).toBe('SELF_PURCHASE_ADDRESS');
    expect(await available(ctx.db, shop.shopId)).toBe(availableBefore);
    expect((await ctx.db.select().from(withdrawals).where(eq(withdrawals.shopId, shop.shopId))).length).toBe(withdrawalsBefore);
    expect((await reconciled(ctx, opToken)).ok).toBe(true);
  });
});
