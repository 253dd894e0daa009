import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MallVoucherView } from '@shopdesk/shared/marketing/vouchers';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shopProducts, shops, voucherClaims, voucherProducts, voucherUses, vouchers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { productIdsOf, voucherRunning, voucherRunningSql, type VoucherRow } from './voucher-service.ts';

/** The buyer's claims and live uses of these vouchers. */
async function buyerState(db: DbOrTx, buyerId: number | null, ids: number[]) {
  const claimed = new Set<number>();
  const used = new Map<number, number>();
  if (buyerId === null || ids.length === 0) return { claimed, used };
  const [claims, uses] = await Promise.all([
    db.select({ id: voucherClaims.voucherId }).from(voucherClaims).where(and(eq(voucherClaims.buyerId, buyerId), inArray(voucherClaims.voucherId, ids))),
    db
      .select({ id: voucherUses.voucherId, n: count() })
      .from(voucherUses)
      .where(and(eq(voucherUses.buyerId, buyerId), inArray(voucherUses.voucherId, ids), isNull(voucherUses.returnedAt)))
      .groupBy(voucherUses.voucherId),
  ]);
  for (const c of claims) claimed.add(c.id);
  for (const u of uses) used.set(u.id, u.n);
  return { claimed, used };
}

async function views(db: DbOrTx, rows: VoucherRow[], buyerId: number | null): Promise<MallVoucherView[]> {
  const ids = rows.map((r) => r.id);
  const [products, state] = await Promise.all([productIdsOf(db, ids), buyerState(db, buyerId, ids)]);
  return rows.map((v) => ({
    id: v.id,
    shopId: v.shopId,
    name: v.name,
    scope: v.scope,
    productIds: products.get(v.id) ?? [],
    kind: v.kind,
    amountOffCents: v.amountOffCents,
    percentOff: v.percentOff,
    maxDiscountCents: v.maxDiscountCents,
    minSpendCents: v.minSpendCents,
    startsAt: v.startsAt.toISOString(),
    endsAt: v.endsAt.toISOString(),
    perBuyerLimit: v.perBuyerLimit,
    remaining: v.totalQuantity - v.usedCount,
    claimed: state.claimed.has(v.id),
    usedByMe: state.used.get(v.id) ?? 0,
  }));
}

/**
 * The public vouchers running now, used up or not: a used-up one shows as "all claimed" (remaining 0),
 * so a buyer sees the shop's offer existed. Those still to claim come first, each soonest ending first.
 */
const shownSql = (now: Date) => and(eq(vouchers.visibility, 'public'), voucherRunningSql(now));
const shownOrder = [asc(sql`${vouchers.usedCount} >= ${vouchers.totalQuantity}`), asc(vouchers.endsAt), asc(vouchers.id)];

async function openShop(db: Db, shopId: number) {
  const [shop] = await db.select({ frozen: shops.frozen }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

/** GET /api/mall/shops/:id/vouchers: the shop's public vouchers running now, all claimed ones included (none while the shop is frozen). */
export async function shopVouchers(db: Db, shopId: number, buyerId: number | null): Promise<MallVoucherView[]> {
  const shop = await openShop(db, shopId);
  if (shop.frozen) return [];
  const rows = await db.select().from(vouchers).where(and(eq(vouchers.shopId, shopId), shownSql(new Date()))).orderBy(...shownOrder);
  return views(db, rows, buyerId);
}

/** GET /api/mall/products/:id/vouchers: the public vouchers that apply to this product (shop-wide, or choosing it). */
export async function productVouchers(db: Db, productId: number, buyerId: number | null): Promise<MallVoucherView[]> {
  const [product] = await db.select({ shopId: shopProducts.shopId, published: shopProducts.published, frozen: shops.frozen }).from(shopProducts).innerJoin(shops, eq(shops.id, shopProducts.shopId)).where(eq(shopProducts.id, productId));
  if (!product || !product.published) throw new AppError('NOT_FOUND');
  if (product.frozen) return [];
  const chosen = db.select({ id: voucherProducts.voucherId }).from(voucherProducts).where(eq(voucherProducts.shopProductId, productId));
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.shopId, product.shopId), shownSql(new Date()), or(eq(vouchers.scope, 'shop'), inArray(vouchers.id, chosen))))
    .orderBy(...shownOrder);
  return views(db, rows, buyerId);
}

/**
 * Claims a running voucher for the buyer (a second claim changes nothing): VOUCHER_NOT_RUNNING
 * outside its window or once ended, VOUCHER_USED_UP when none is left.
 */
async function claim(db: Db, buyerId: number, v: VoucherRow): Promise<MallVoucherView> {
  if (!voucherRunning(v, new Date())) throw new AppError('VOUCHER_NOT_RUNNING');
  if (v.usedCount >= v.totalQuantity) throw new AppError('VOUCHER_USED_UP');
  await db.insert(voucherClaims).values({ voucherId: v.id, buyerId }).onConflictDoNothing({ target: [voucherClaims.voucherId, voucherClaims.buyerId] });
  const [view] = await views(db, [v], buyerId);
  return view;
}

/** POST /api/buyer/vouchers/claim: a public voucher by its id (a code voucher's id is NOT_FOUND: it is claimed by its code). */
export async function claimVoucher(db: Db, buyerId: number, voucherId: number): Promise<MallVoucherView> {
  const [v] = await db.select().from(vouchers).where(and(eq(vouchers.id, voucherId), eq(vouchers.visibility, 'public')));
  if (!v) throw new AppError('NOT_FOUND');
  return claim(db, buyerId, v);
}

/** POST /api/buyer/vouchers/redeem: the code typed at checkout claims the shop's voucher of that code (VOUCHER_CODE_UNKNOWN). */
export async function redeemVoucherCode(db: Db, buyerId: number, shopId: number, code: string): Promise<MallVoucherView> {
  const [v] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.shopId, shopId), eq(vouchers.code, code.trim().toUpperCase())));
  if (!v) throw new AppError('VOUCHER_CODE_UNKNOWN');
  return claim(db, buyerId, v);
}

/** GET /api/buyer/vouchers: the buyer's claimed vouchers that still run, soonest ending first (for the checkout). */
export async function myVouchers(db: Db, buyerId: number): Promise<MallVoucherView[]> {
  const mine = db.select({ id: voucherClaims.voucherId }).from(voucherClaims).where(eq(voucherClaims.buyerId, buyerId));
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(inArray(vouchers.id, mine), voucherRunningSql(new Date())))
    .orderBy(asc(vouchers.endsAt), asc(vouchers.id));
  return views(db, rows, buyerId);
}
