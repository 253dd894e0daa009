/**
 * Who a fund-password lockout binds, and what a retry costs: a replay of an Idempotency-Key that
 * already has its answer never reaches the throttle (neither counted nor refused by a lock), and
 * wrong PINs lock only the member who typed them, never the owner's fund operations.
 * Runs on PGlite and, with DATABASE_URL, on the PostgreSQL server.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '@shopdesk/shared/constants';
import { users } from '../../src/db/schema.ts';
import { call, encodePassword, loginToken, requestWithdrawal, uniqueName, useTestApp } from '../helper.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';
import { addShopProducts, fundShopDirect, newBuyer, newShop, placeOrder, purchase, type ShopFixture } from '../orders/fixtures.ts';

const ctx = useTestApp();

/** Wrong PINs on purchases of orders that do not exist, until the caller's fund operations lock. */
async function lockOut(token: string) {
  for (let i = 0; i < AUTH.FUND_PASSWORD_MAX_ATTEMPTS; i++) {
    const answer = await purchase(ctx.app, { token, fundPassword: '000000' }, ['NO-SUCH-A', 'NO-SUCH-B']);
    expect(answer.body.error).toBe(i === AUTH.FUND_PASSWORD_MAX_ATTEMPTS - 1 ? 'FUND_PASSWORD_LOCKED' : 'FUND_PASSWORD_WRONG');
  }
}

async function shopWithOrders(count: number): Promise<{ shop: ShopFixture; orderIds: string[] }> {
  const shop = await newShop(ctx);
  await fundShopDirect(ctx.db, shop.shopId, 2_000_00);
  const [productId] = await addShopProducts(ctx, shop, [10_00]);
  const buyer = await newBuyer(ctx);
  const orderIds: string[] = [];
  for (let i = 0; i < count; i++) orderIds.push(await placeOrder(ctx, buyer.token, shop.shopId, productId));
  return { shop, orderIds };
}

describe('a retry of an answered Idempotency-Key skips the fund-password throttle', () => {
  it('replays a purchase with the right PIN while the seller is locked out', async () => {
    const { shop, orderIds } = await shopWithOrders(1);
    const headers = { 'idempotency-key': uniqueName('buy-key') };
    const first = await purchase(ctx.app, shop, [orderIds[0]], { headers });
    expect(first.status).toBe(200);
    await lockOut(shop.token);
    const retry = await purchase(ctx.app, shop, [orderIds[0]], { headers });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('counts nothing for replays, whatever PIN they carry', async () => {
    const { shop, orderIds } = await shopWithOrders(2);
    const headers = { 'idempotency-key': uniqueName('buy-key') };
    const first = await purchase(ctx.app, shop, [orderIds[0]], { headers });
    expect(first.status).toBe(200);
    for (let i = 0; i < AUTH.FUND_PASSWORD_MAX_ATTEMPTS * 2; i++) {
      const retry = await purchase(ctx.app, shop, [orderIds[0]], { headers, fundPassword: String(900000 + i) });
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toEqual(first.body);
    }
    const [row] = await ctx.db.select({ failures: users.fundFailures, lockedUntil: users.fundLockedUntil }).from(users).where(eq(users.id, shop.userId));
    expect(row).toEqual({ failures: 0, lockedUntil: null });
    expect((await purchase(ctx.app, shop, [orderIds[1]])).status).toBe(200);
  });

  it('replays a withdrawal and a package purchase while locked out', async () => {
    const { shop } = await shopWithOrders(0);
    const withdrawKey = { 'idempotency-key': uniqueName('wd-key') };
    const packageKey = { 'idempotency-key': uniqueName('pkg-key') };
    const withdrawal = await requestWithdrawal(ctx.app, shop.token, '100', { headers: withdrawKey });
    expect(withdrawal.status).toBe(200);
    const pkg = await call(ctx.app, 'POST', '/api/marketing/buyPackage', { token: shop.token, headers: packageKey, body: { type: 'silver', fundPassword: encodePassword(shop.fundPassword) } });
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
    await lockOut(shop.token);
    const withdrawalAgain = await requestWithdrawal(ctx.app, shop.token, '100', { headers: withdrawKey });
    expect(withdrawalAgain.status, JSON.stringify(withdrawalAgain.body)).toBe(200);
    expect(withdrawalAgain.body).toEqual(withdrawal.body);
    const pkgAgain = await call(ctx.app, 'POST', '/api/marketing/buyPackage', { token: shop.token, headers: packageKey, body: { type: 'silver', fundPassword: encodePassword(shop.fundPassword) } });
    expect(pkgAgain.status, JSON.stringify(pkgAgain.body)).toBe(200);
    expect(pkgAgain.body).toEqual(pkg.body);
    // A new request is still refused while locked.
    expect((await requestWithdrawal(ctx.app, shop.token, '100')).body.error).toBe('FUND_PASSWORD_LOCKED');
  });

  it('still refuses a new key with a wrong PIN, and another body under an answered key', async () => {
    const { shop, orderIds } = await shopWithOrders(2);
    const headers = { 'idempotency-key': uniqueName('buy-key') };
    expect((await purchase(ctx.app, shop, [orderIds[0]], { headers, fundPassword: '000000' })).body.error).toBe('FUND_PASSWORD_WRONG');
    // The wrong PIN was not kept as the key's answer: the right one goes through under the same key.
    expect((await purchase(ctx.app, shop, [orderIds[0]], { headers })).status).toBe(200);
    const reused = await purchase(ctx.app, shop, [orderIds[1]], { headers });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe("an ordinary user's wrong PINs", () => {
  let owner: ShopFixture;
  let orderIds: string[];
  let staff: { userId: number; token: string };

  beforeAll(async () => {
    ({ shop: owner, orderIds } = await shopWithOrders(3));
    const username = uniqueName('staff');
    const added = await call(ctx.app, 'POST', '/api/users/add', { token: owner.token, body: { username, password: encodePassword('desk-lamp-93'), name: 'Staff', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    expect(added.status).toBe(200);
    staff = { userId: added.body.data.userId, token: await loginToken(ctx.app, username, 'desk-lamp-93') };
  });

  it("lock that user's fund operations, not the owner's", async () => {
    await lockOut(staff.token);
    // The owner pays, withdraws and changes the fund password as before.
    expect((await purchase(ctx.app, owner, [orderIds[0]])).status).toBe(200);
    expect((await requestWithdrawal(ctx.app, owner.token, '50')).status).toBe(200);
    // The user stays locked, even with the right PIN.
    const staffRight = await purchase(ctx.app, { token: staff.token, fundPassword: owner.fundPassword }, [orderIds[1]]);
    expect(staffRight.status).toBe(429);
    expect(staffRight.body.error).toBe('FUND_PASSWORD_LOCKED');
    const [ownerRow] = await ctx.db.select({ failures: users.fundFailures, lockedUntil: users.fundLockedUntil }).from(users).where(eq(users.id, owner.userId));
    expect(ownerRow).toEqual({ failures: 0, lockedUntil: null });
  });

  it("and the owner's wrong PINs do not lock the user", async () => {
    const { shop, orderIds: ids } = await shopWithOrders(1);
    const username = uniqueName('staff');
    await call(ctx.app, 'POST', '/api/users/add', { token: shop.token, body: { username, password: encodePassword('desk-lamp-93'), name: 'Staff', email: '', roleId: await defaultRoleId(ctx.db, 'operations') } });
    const token = await loginToken(ctx.app, username, 'desk-lamp-93');
    await lockOut(shop.token);
    expect((await purchase(ctx.app, { token, fundPassword: shop.fundPassword }, [ids[0]])).status).toBe(200);
  });
});
