/**
 * A shop cannot be its own buyer on the same device: sign-ins (seller and buyer) get a random device
 * id in an httpOnly cookie and note it for the account; checkout refuses a buyer who signed in on a
 * device one of the shop's members signed in on, whichever came first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import { buyers, orders, users } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/passwords.ts';
import { balanceOf, buyerWallet } from '../../src/modules/ledger/ledger-service.ts';
import { createSeller, createWalletTestApp, loginToken, uniqueName, type WalletTestContext } from '../helper.ts';
import { addShopProducts, BUYER_PASSWORD, checkout, fundBuyerDirect, fundShopDirect } from './fixtures.ts';
import { defaultRoleId } from '../../src/modules/users/permission-service.ts';

let ctx: WalletTestContext;
beforeAll(async () => {
  ctx = await createWalletTestApp({ seedDemo: false });
});
afterAll(() => ctx.close());

const DEVICE = /^sd_device=([0-9a-f]{32}); Path=\/; Max-Age=63072000; HttpOnly; SameSite=Lax$/;

/** The device id an answer sets, or null when it sets none. */
function deviceSet(headers: Record<string, unknown>): string | null {
  const raw = headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : raw === undefined ? [] : [String(raw)];
  for (const cookie of cookies) {
    const match = DEVICE.exec(cookie);
    if (match) return match[1];
  }
  expect(cookies.filter((c) => c.startsWith('sd_device='))).toEqual([]);
  return null;
}

async function post(url: string, payload: unknown, device?: string) {
  const response = await ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: device ? { cookie: `theme=dark; sd_device=${device}` } : {} });
  return { status: response.statusCode, body: JSON.parse(response.body), device: deviceSet(response.headers) };
}

async function sellerSignIn(username: string, password: string, device?: string) {
  const answer = await post('/api/sellAuth/login', { username, password: encodePassword(password) }, device);
  expect(answer.status).toBe(200);
  return answer;
}

async function buyerSignIn(username: string, device?: string) {
  const answer = await post('/api/buyer/login', { username, password: encodePassword(BUYER_PASSWORD) }, device);
  expect(answer.status).toBe(200);
  return { buyerId: answer.body.data.buyerId as number, token: answer.body.data.buyerToken as string, device: answer.device };
}

async function newBuyerAccount(): Promise<string> {
  const username = uniqueName('dv').replace(/[^A-Za-z0-9_]/g, '_');
  const answer = await post('/api/buyer/register', { username, password: encodePassword(BUYER_PASSWORD) });
  expect(answer.status).toBe(200);
  await fundBuyerDirect(ctx.db, answer.body.data.buyerId, 500_00);
  return username;
}

async function shopWithProduct() {
  const seller = await createSeller(ctx.db);
  await fundShopDirect(ctx.db, seller.shopId, 100_00);
  const token = await loginToken(ctx.app, seller.username, seller.password);
  const [productId] = await addShopProducts(ctx, { userId: seller.userId, shopId: seller.shopId, token, fundPassword: seller.fundPassword! }, [10_00], 20);
  return { seller, productId };
}

const ordersOf = (buyerId: number) => ctx.db.select().from(orders).where(eq(orders.buyerId, buyerId));

describe('same device', () => {
  it('issues a device id at sign-in once, httpOnly and long-lived, and keeps one the browser already has', async () => {
    const { seller } = await shopWithProduct();
    const first = await sellerSignIn(seller.username, seller.password);
    expect(first.device).toMatch(/^[0-9a-f]{32}$/);
    const again = await sellerSignIn(seller.username, seller.password, first.device!);
    expect(again.device).toBeNull();
    // A value we could not have issued is replaced.
    const forged = await sellerSignIn(seller.username, seller.password, 'not-a-device-id');
    expect(forged.device).toMatch(/^[0-9a-f]{32}$/);
    expect(forged.device).not.toBe(first.device);
    const other = await sellerSignIn(seller.username, seller.password);
    expect(other.device).not.toBe(first.device);
  });

  it("refuses a buyer signed in on the owner's device: localized 422 SELF_PURCHASE, no order, no money moved", async () => {
    const { seller, productId } = await shopWithProduct();
    const { device } = await sellerSignIn(seller.username, seller.password);
    const buyer = await buyerSignIn(await newBuyerAccount(), device!);
    expect(buyer.device).toBeNull();
    const body = { shopId: seller.shopId, shopProductId: productId, paymentMethod: 'balance' };
    const refused = await checkout(ctx.app, buyer.token, body, { 'accept-language': 'vi-VN' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SELF_PURCHASE');
    expect(refused.body.msg).toBe('Bạn không thể mua hàng từ cửa hàng mà bạn điều hành hoặc có liên kết');
    expect(await ordersOf(buyer.buyerId)).toHaveLength(0);
    expect(await balanceOf(ctx.db, buyerWallet(buyer.buyerId))).toBe(500_00);

    // The same buyer account on its own device is still refused: it once signed in where the owner did.
    const elsewhere = await buyerSignIn(await buyerNameOf(buyer.buyerId));
    expect(elsewhere.device).not.toBe(device);
    expect((await checkout(ctx.app, elsewhere.token, body)).body.error).toBe('SELF_PURCHASE');
  });

  it("refuses a buyer who signed in first on a device a shop member (not the owner) signed in on later", async () => {
    const { seller, productId } = await shopWithProduct();
    const buyer = await buyerSignIn(await newBuyerAccount());
    expect(buyer.device).toMatch(/^[0-9a-f]{32}$/);
    const body = { shopId: seller.shopId, shopProductId: productId, paymentMethod: 'balance' };
    const staffName = uniqueName('staff');
    await ctx.db.insert(users).values({ username: staffName, passwordHash: await hashSecret('Staff-pass-2026'), shopId: seller.shopId, roleId: await defaultRoleId(ctx.db, 'operations') });
    await sellerSignIn(staffName, 'Staff-pass-2026', buyer.device!);
    const refused = await checkout(ctx.app, buyer.token, body);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('SELF_PURCHASE');
  });

  it("lets a buyer on another device buy, and a seller's device does not reach another shop", async () => {
    const { seller, productId } = await shopWithProduct();
    const { seller: otherSeller } = await shopWithProduct();
    const { device: otherShopsDevice } = await sellerSignIn(otherSeller.username, otherSeller.password);
    await sellerSignIn(seller.username, seller.password);
    const buyer = await buyerSignIn(await newBuyerAccount(), otherShopsDevice!);
    const placed = await checkout(ctx.app, buyer.token, { shopId: seller.shopId, shopProductId: productId, paymentMethod: 'balance' });
    expect(placed.status).toBe(200);
    expect(await ordersOf(buyer.buyerId)).toHaveLength(1);
  });
});

describe('same device in demo mode', () => {
  let demo: WalletTestContext;
  beforeAll(async () => {
    demo = await createWalletTestApp({ seedDemo: true });
  });
  afterAll(() => demo.close());

  it("lets the demo's one visitor try the seller app and then buy in the mall from the same browser", async () => {
    const seller = await createSeller(demo.db);
    await fundShopDirect(demo.db, seller.shopId, 100_00);
    const token = await loginToken(demo.app, seller.username, seller.password);
    const [productId] = await addShopProducts(demo, { userId: seller.userId, shopId: seller.shopId, token, fundPassword: seller.fundPassword! }, [10_00], 20);
    const signIn = (url: string, payload: object, device?: string) =>
      demo.app.inject({ method: 'POST', url, payload, headers: device ? { cookie: `sd_device=${device}` } : {} });
    const sellerAnswer = await signIn('/api/sellAuth/login', { username: seller.username, password: encodePassword(seller.password) });
    const device = deviceSet(sellerAnswer.headers);
    expect(device).toMatch(/^[0-9a-f]{32}$/);
    const username = uniqueName('dd').replace(/[^A-Za-z0-9_]/g, '_');
    expect((await signIn('/api/buyer/register', { username, password: encodePassword(BUYER_PASSWORD) }, device!)).statusCode).toBe(200);
    const buyerAnswer = JSON.parse((await signIn('/api/buyer/login', { username, password: encodePassword(BUYER_PASSWORD) }, device!)).body);
    const placed = await checkout(demo.app, buyerAnswer.data.buyerToken, { shopId: seller.shopId, shopProductId: productId, paymentMethod: 'card' });
    expect(placed.status).toBe(200);
    const [order] = await demo.db.select().from(orders).where(eq(orders.buyerId, buyerAnswer.data.buyerId));
    expect(order?.shopId).toBe(seller.shopId);
  });
});

async function buyerNameOf(buyerId: number): Promise<string> {
  const [row] = await ctx.db.select({ username: buyers.username }).from(buyers).where(eq(buyers.id, buyerId));
  return row.username;
}
