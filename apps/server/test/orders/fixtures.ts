/**
 * Setup helpers for the catalog and order tests: warehouse rows, buyers, funded shops, and thin
 * wrappers over the endpoints under test. Setup writes rows directly (like test/helper.ts);
 * money only ever moves through the money flows.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { PackageType } from '@shopdesk/shared/products/packages';
import type { Db } from '../../src/db/client.ts';
import { buyerDeposits, buyers, deposits, orders, shops, warehouseProducts } from '../../src/db/schema.ts';
import { hashSecret } from '../../src/lib/passwords.ts';
import { balanceOf, platformAccount, shopAccount } from '../../src/modules/ledger/ledger-service.ts';
import { buyerDepositApproved, depositApproved } from '../../src/modules/ledger/money-flows.ts';
import { recordPackagePurchase } from '../../src/modules/packages/package-service.ts';
import { call, createOperator, createSeller, encodePassword, loginToken, opsLoginToken, uniqueName, type TestContext } from '../helper.ts';

export const CARRIER_KEY = 'test-carrier-key-0123456789';
export const BUYER_PASSWORD = 'buyer123';

let buyerHash: Promise<string> | null = null;

/** Warehouse products with the given purchase prices (cents), one category. */
export async function addWarehouseProducts(db: Db, prices: number[], category = 'phone', namePrefix = 'Test'): Promise<number[]> {
  const rows = prices.map((purchasePriceCents, i) => ({
    name: `${namePrefix} ${uniqueName('p')} ${i}`,
    description: `${namePrefix} product ${i}`,
    category,
    cover: '/api/catalog/covers/1.svg',
    purchasePriceCents,
    stock: 1000,
  }));
  const inserted = await db.insert(warehouseProducts).values(rows).returning({ id: warehouseProducts.id });
  return inserted.map((r) => r.id);
}

export interface ShopFixture {
  userId: number;
  shopId: number;
  token: string;
  fundPassword: string;
}

/** A seller, logged in, with a fund password (123456). */
export async function newShop(ctx: TestContext, options: { creditScore?: number } = {}): Promise<ShopFixture> {
  const seller = await createSeller(ctx.db, { shop: { creditScore: options.creditScore ?? 100 } });
  const token = await loginToken(ctx.app, seller.username, seller.password);
  return { userId: seller.userId, shopId: seller.shopId, token, fundPassword: seller.fundPassword! };
}

/** Puts money on a shop's available balance: an approved deposit through the deposit flow. */
export async function fundShopDirect(db: Db, shopId: number, amountCents: number) {
  await db.transaction(async (tx) => {
    const [d] = await tx
      .insert(deposits)
      .values({ shopId, currency: 'USDT', network: 'TRC20', address: 'test', amountCents, screenshotFile: 'none.png', screenshotType: 'image/png', status: 'approved' })
      .returning();
    await depositApproved(tx, d);
  });
}

/** Puts money in a buyer's wallet: an approved buyer deposit through its money flow. */
export async function fundBuyerDirect(db: Db, buyerId: number, amountCents: number) {
  await db.transaction(async (tx) => {
    const [d] = await tx
      .insert(buyerDeposits)
      .values({ buyerId, currency: 'USDT', network: 'TRC20', address: 'test', fromAddress: 'test', amountCents, screenshotFile: 'none.png', screenshotType: 'image/png', status: 'approved' })
      .returning();
    await buyerDepositApproved(tx, d);
  });
}

/** Adds warehouse products to the shop through the API at a profit ratio; answers the shop product ids. */
export async function addShopProducts(ctx: TestContext, shop: ShopFixture, prices: number[], profitRatio = 20, category = 'phone'): Promise<number[]> {
  const ids = await addWarehouseProducts(ctx.db, prices, category);
  const { status, body } = await call(ctx.app, 'POST', '/api/product/batchAdd', { token: shop.token, body: { warehouseProductIds: ids, profitRatio } });
  if (status !== 200) throw new Error(`batchAdd failed: ${JSON.stringify(body)}`);
  return body.data.results.map((r: { productId: number }) => r.productId);
}

export async function givePackage(db: Db, shopId: number, type: PackageType, purchasedAt?: Date) {
  return recordPackagePurchase(db, shopId, type, purchasedAt);
}

/** What newBuyer puts in each buyer's wallet: enough for any order of these suites (10,000,000 USDT). */
export const BUYER_WALLET_CENTS = 1_000_000_000;

/**
 * A buyer account (password buyer123) and its buyerToken from POST /api/buyer/login, its wallet
 * funded with `walletCents` by an approved deposit through the deposit flow (checkouts pay from it).
 */
export async function newBuyer(ctx: TestContext, walletCents = BUYER_WALLET_CENTS): Promise<{ buyerId: number; token: string; username: string; nickname: string }> {
  buyerHash ??= hashSecret(BUYER_PASSWORD);
  const username = uniqueName('b');
  const nickname = `Nick ${username}`;
  const [row] = await ctx.db.insert(buyers).values({ username, passwordHash: await buyerHash, nickname }).returning({ id: buyers.id });
  if (walletCents > 0) await fundBuyerDirect(ctx.db, row.id, walletCents);
  const login = await call(ctx.app, 'POST', '/api/buyer/login', { body: { username, password: encodePassword(BUYER_PASSWORD) } });
  if (login.status !== 200) throw new Error(`buyer login failed: ${JSON.stringify(login.body)}`);
  return { buyerId: row.id, token: login.body.data.buyerToken, username, nickname };
}

export const receiver = { receiverName: 'Nguyen Van An', receiverPhone: '+84 901234567', receiverAddress: '12 Le Loi St, District 1, HCMC', paymentMethod: 'balance' };

export function checkout(app: FastifyInstance, buyerToken: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(app, 'POST', '/api/buyer/checkout', { headers: { buyertoken: buyerToken, ...headers }, body: { quantity: 1, ...receiver, ...body } });
}

/** A buyer orders `quantity` of a product; answers the order number. */
export async function placeOrder(ctx: TestContext, buyerToken: string, shopId: number, shopProductId: number, quantity = 1): Promise<string> {
  const { status, body } = await checkout(ctx.app, buyerToken, { shopId, shopProductId, quantity });
  if (status !== 200) throw new Error(`checkout failed: ${JSON.stringify(body)}`);
  return body.data.orderId;
}

export function buyerCall(app: FastifyInstance, buyerToken: string, path: string, body: unknown) {
  return call(app, 'POST', `/api/buyer/${path}`, { headers: { buyertoken: buyerToken }, body });
}

export function purchase(app: FastifyInstance, shop: { token: string; fundPassword: string }, orderIds: string[] | string, options: { fundPassword?: string; headers?: Record<string, string> } = {}) {
  return call(app, 'POST', '/api/order/purchaseOrder', {
    token: shop.token,
    headers: options.headers,
    body: { orderIds, fundPassword: encodePassword(options.fundPassword ?? shop.fundPassword) },
  });
}

export function carrier(app: FastifyInstance, orderId: string, status: 'in_transit' | 'signed', key = CARRIER_KEY) {
  return call(app, 'POST', '/api/carrier/update', { headers: { 'x-carrier-key': key }, body: { orderId, status } });
}

/** Ships and signs a purchased order through the carrier endpoint. */
export async function deliver(app: FastifyInstance, orderId: string) {
  for (const status of ['in_transit', 'signed'] as const) {
    const { status: code, body } = await carrier(app, orderId, status);
    if (code !== 200) throw new Error(`carrier ${status} failed: ${JSON.stringify(body)}`);
  }
}

export async function operatorToken(ctx: TestContext): Promise<string> {
  const op = await createOperator(ctx.db);
  return opsLoginToken(ctx.app, op.username, op.password);
}

/**
 * The mall's two-shop set-up: shops A and B funded with 10,000.00, A selling products bought at
 * 10.00 and 20.00, B one at 20.00, all at a 20% profit (prices 12.00, 24.00 and 24.00).
 */
export async function twoShopsWithProducts(ctx: TestContext) {
  const opToken = await operatorToken(ctx);
  const shopA = await newShop(ctx);
  const shopB = await newShop(ctx);
  await fundShopDirect(ctx.db, shopA.shopId, 10_000_00);
  await fundShopDirect(ctx.db, shopB.shopId, 10_000_00);
  const [a1, a2] = await addShopProducts(ctx, shopA, [10_00, 20_00], 20);
  const [b1] = await addShopProducts(ctx, shopB, [20_00], 20);
  return { opToken, shopA, shopB, a1: a1!, a2: a2!, b1: b1! };
}

export async function reconciled(ctx: TestContext, opToken: string) {
  const { body } = await call(ctx.app, 'GET', '/api/ops/reconcile', { token: opToken });
  return body.data as { ok: boolean; breaks: string[] };
}

export const available = (db: Db, shopId: number) => balanceOf(db, shopAccount(shopId));
export const escrow = (db: Db) => balanceOf(db, platformAccount('escrow'));

export async function orderRow(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderId));
  return row;
}

export async function creditOf(db: Db, shopId: number) {
  const [row] = await db.select({ credit: shops.creditScore }).from(shops).where(eq(shops.id, shopId));
  return row.credit;
}

/** Moves an order's purchase deadline into the past (the clock does not wait in tests). */
export async function expireDeadline(db: Db, orderId: string) {
  await db.execute(sql`update orders set purchase_deadline = now() - interval '1 minute' where order_no = ${orderId}`);
}

export async function transfersOf(db: Db, orderId: string) {
  const result = await db.execute(sql`select type, amount_cents::int as amount from ledger_transfers where order_no = ${orderId} order by id`);
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as { type: string; amount: number }[];
}

/** base64 of a password, as the API takes it (SPEC §5). */
export const encodeFund = (plain: string) => encodePassword(plain);
