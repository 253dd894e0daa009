/**
 * Set-up helpers of the mall tests: buyers registered through the API with a topped-up
 * wallet, coupons written directly (as the demo seed writes them; the console's editor has tests
 * of its own), carts, and checkouts. Money only moves through the endpoints under test.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { encodePassword } from '@shopdesk/shared/auth/schemas';
import type { Db } from '../../src/db/client.ts';
import { coupons } from '../../src/db/schema.ts';
import { balanceOf, buyerWallet, platformAccount } from '../../src/modules/ledger/ledger-service.ts';
import { rowsOf } from '../../src/lib/sql-text.ts';
import { call, callMultipart, pngBytes, uniqueName, type MultipartPart, type TestContext } from '../helper.ts';

export interface MallBuyer {
  buyerId: number;
  token: string;
  username: string;
}

export const ADDRESS = { name: 'Tran Thi Binh', phone: '+84 912345678', area: 'Ho Chi Minh City, District 1', address: '12 Le Loi Street' };

/** A buyer registered through POST /api/buyer/register, topped up with `walletCents` (0: none). */
export async function registerBuyer(ctx: TestContext, walletCents = 0): Promise<MallBuyer> {
  const username = uniqueName('mb').replace(/[^A-Za-z0-9_]/g, '_').slice(0, 20);
  const { status, body } = await call(ctx.app, 'POST', '/api/buyer/register', { body: { username, password: encodePassword('buyer123') } });
  if (status !== 200) throw new Error(`register failed: ${JSON.stringify(body)}`);
  const buyer = { buyerId: body.data.buyerId as number, token: body.data.buyerToken as string, username };
  if (walletCents > 0) await topUp(ctx, buyer, walletCents);
  return buyer;
}

export async function topUp(ctx: TestContext, buyer: MallBuyer, amountCents: number, key: string = randomUUID()) {
  return buyerApi(ctx, buyer, 'POST', '/api/buyer/wallet/topup', { amountCents }, { 'idempotency-key': key });
}

export const FROM_ADDRESS = 'TBuyerOwnWalletAddress0123456789abc';

/** POST /api/buyer/wallet/deposit (multipart) with a PNG screenshot, from FROM_ADDRESS unless told otherwise. */
export function requestBuyerDeposit(ctx: TestContext, buyer: MallBuyer, amount: string, options: { fromAddress?: string; key?: string; lang?: string; file?: Buffer } = {}) {
  const parts: MultipartPart[] = [
    { name: 'network', value: 'TRC20' },
    { name: 'amount', value: amount },
    { name: 'fromAddress', value: options.fromAddress ?? FROM_ADDRESS },
    { name: 'screenshot', filename: 'paid.png', contentType: 'image/png', data: options.file ?? pngBytes() },
  ];
  const headers: Record<string, string> = { buyertoken: buyer.token, ...(options.key ? { 'idempotency-key': options.key } : {}) };
  return callMultipart(ctx.app, '/api/buyer/wallet/deposit', parts, { headers, lang: options.lang });
}

export function buyerApi(ctx: TestContext, buyer: MallBuyer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
  return call(ctx.app, method, url, { headers: { buyertoken: buyer.token, ...headers }, body });
}

/** Adds each product (quantity 1 unless given) to the cart; answers the cart's item ids in the order given. */
export async function fillCart(ctx: TestContext, buyer: MallBuyer, lines: { productId: number; quantity?: number }[]): Promise<number[]> {
  let cart: { shops: { items: { itemId: number; productId: number }[] }[] } | undefined;
  for (const line of lines) {
    const { status, body } = await buyerApi(ctx, buyer, 'POST', '/api/buyer/cart', { productId: line.productId, quantity: line.quantity ?? 1 });
    if (status !== 200) throw new Error(`cart add failed: ${JSON.stringify(body)}`);
    cart = body.data;
  }
  const items = cart!.shops.flatMap((s) => s.items);
  return lines.map((l) => items.find((i) => i.productId === l.productId)!.itemId);
}

export function mallCheckout(ctx: TestContext, buyer: MallBuyer, body: Record<string, unknown>, key?: string) {
  return buyerApi(ctx, buyer, 'POST', '/api/buyer/cart/checkout', { address: ADDRESS, ...body }, key ? { 'idempotency-key': key } : {});
}

export interface CouponInput {
  kind?: 'amount' | 'percent';
  amountOffCents?: number | null;
  percentOff?: number | null;
  maxDiscountCents?: number | null;
  minSpendCents?: number;
  startsAt?: Date;
  endsAt?: Date;
  perBuyerLimit?: number;
}

/** A platform coupon, valid from an hour ago for a week unless told otherwise. */
export async function addCoupon(db: Db, input: CouponInput = {}) {
  const kind = input.kind ?? 'amount';
  const [row] = await db
    .insert(coupons)
    .values({
      title: `Coupon ${uniqueName('c')}`,
      kind,
      amountOffCents: kind === 'amount' ? (input.amountOffCents ?? 5_00) : null,
      percentOff: kind === 'percent' ? (input.percentOff ?? 10) : null,
      maxDiscountCents: input.maxDiscountCents ?? null,
      minSpendCents: input.minSpendCents ?? 0,
      startsAt: input.startsAt ?? new Date(Date.now() - 3600_000),
      endsAt: input.endsAt ?? new Date(Date.now() + 7 * 24 * 3600_000),
      perBuyerLimit: input.perBuyerLimit ?? 1,
    })
    .returning();
  return row;
}

export async function claim(ctx: TestContext, buyer: MallBuyer, couponId: number): Promise<number> {
  const { status, body } = await buyerApi(ctx, buyer, 'POST', '/api/buyer/coupons/claim', { couponId });
  if (status !== 200) throw new Error(`claim failed: ${JSON.stringify(body)}`);
  return body.data.claimId;
}

export const walletOf = (db: Db, buyerId: number) => balanceOf(db, buyerWallet(buyerId));
export const marketing = (db: Db) => balanceOf(db, platformAccount('marketing'));

export async function stockOf(db: Db, productId: number): Promise<{ stock: number; totalSales: number }> {
  const [row] = rowsOf<{ stock: number; total_sales: number }>(await db.execute(sql`select stock, total_sales from shop_products where id = ${productId}::integer`));
  return { stock: row.stock, totalSales: row.total_sales };
}

export async function setStock(db: Db, productId: number, stock: number) {
  await db.execute(sql`update shop_products set stock = ${stock}::integer where id = ${productId}::integer`);
}
