import { and, asc, count, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { allocateDiscount } from '@shopdesk/shared/mall/coupons';
import { voucherDiscount } from '@shopdesk/shared/marketing/vouchers';
import { centsToDecimal } from '@shopdesk/shared/money';
import { ORDER_CONDITIONS, orderMatches } from '@shopdesk/shared/orders/lifecycle';
import type { Tx } from '../../db/client.ts';
import { orders, voucherClaims, voucherUses, vouchers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { productIdsOf, voucherRunning } from './voucher-service.ts';

/** A checkout line as the seller vouchers see it: its shop, product and amount at its price (after a deal). */
export interface VoucherLine {
  shopId: number;
  productId: number;
  amountCents: number;
}

/** What the seller vouchers took from each line (same order as the lines), and which voucher and use did. */
export interface SellerVoucherShares {
  discountCents: number[];
  voucherId: (number | null)[];
  useId: (number | null)[];
  totalCents: number;
}

/**
 * The seller vouchers of one checkout, inside its transaction, after the products are locked and
 * before the ledger accounts (the lock order of every path that touches a voucher: product, voucher,
 * accounts). Each voucher, in id order, is locked FOR UPDATE and must be: the buyer's claim
 * (NOT_FOUND for an unknown id, VOUCHER_NOT_CLAIMED otherwise), one per shop
 * (VOUCHER_ONE_PER_SHOP), running (VOUCHER_NOT_RUNNING), for lines of the checkout
 * (VOUCHER_NOT_APPLICABLE), above its minimum spend over those lines (VOUCHER_MIN_SPEND), within
 * the buyer's limit (VOUCHER_LIMIT) and its total quantity (VOUCHER_USED_UP: the conditional
 * update `used_count < total_quantity` is what holds it under any concurrency). Its discount is
 * split over the lines it applies to, pro rata, and one use is recorded for the checkout.
 */
export async function applySellerVouchers(tx: Tx, buyerId: number, voucherIds: readonly number[], lines: readonly VoucherLine[], checkoutNo: string, now: Date): Promise<SellerVoucherShares> {
  const shares: SellerVoucherShares = { discountCents: lines.map(() => 0), voucherId: lines.map(() => null), useId: lines.map(() => null), totalCents: 0 };
  const ids = [...new Set(voucherIds)].sort((a, b) => a - b);
  if (ids.length === 0) return shares;
  const rows = await tx.select().from(vouchers).where(inArray(vouchers.id, ids)).orderBy(asc(vouchers.id)).for('update');
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  const claimed = await tx.select({ voucherId: voucherClaims.voucherId }).from(voucherClaims).where(and(eq(voucherClaims.buyerId, buyerId), inArray(voucherClaims.voucherId, ids)));
  const claimedIds = new Set(claimed.map((c) => c.voucherId));
  const products = await productIdsOf(tx, ids);
  const shopsSeen = new Set<number>();
  for (const v of rows) {
    // A voucher the buyer never claimed is, to them, a voucher that does not exist (NOT_FOUND for a code voucher).
    if (!claimedIds.has(v.id)) throw new AppError(v.visibility === 'code' ? 'NOT_FOUND' : 'VOUCHER_NOT_CLAIMED');
    if (shopsSeen.has(v.shopId)) throw new AppError('VOUCHER_ONE_PER_SHOP');
    shopsSeen.add(v.shopId);
    if (!voucherRunning(v, now)) throw new AppError('VOUCHER_NOT_RUNNING');
    const chosen = new Set(products.get(v.id));
    const eligible = lines.flatMap((l, i) => (l.shopId === v.shopId && (v.scope === 'shop' || chosen.has(l.productId)) ? [i] : []));
    if (eligible.length === 0) throw new AppError('VOUCHER_NOT_APPLICABLE');
    const subtotal = eligible.reduce((sum, i) => sum + lines[i].amountCents, 0);
    const discount = voucherDiscount(v, subtotal);
    if (discount === null) throw new AppError('VOUCHER_MIN_SPEND', { min: centsToDecimal(v.minSpendCents) });
    // A discount that rounds to nothing (a percentage of a few cents) is not a use.
    if (discount === 0) continue;
    const [{ n: usedByBuyer }] = await tx
      .select({ n: count() })
      .from(voucherUses)
      .where(and(eq(voucherUses.voucherId, v.id), eq(voucherUses.buyerId, buyerId), isNull(voucherUses.returnedAt)));
    if (usedByBuyer >= v.perBuyerLimit) throw new AppError('VOUCHER_LIMIT');
    const [taken] = await tx
      .update(vouchers)
      .set({ usedCount: sql`${vouchers.usedCount} + 1` })
      .where(and(eq(vouchers.id, v.id), lt(vouchers.usedCount, vouchers.totalQuantity)))
      .returning({ id: vouchers.id });
    if (!taken) throw new AppError('VOUCHER_USED_UP');
    const [use] = await tx.insert(voucherUses).values({ voucherId: v.id, buyerId, checkoutNo, discountCents: discount, usedAt: now }).returning({ id: voucherUses.id });
    const split = allocateDiscount(discount, eligible.map((i) => lines[i].amountCents));
    eligible.forEach((lineIndex, k) => {
      shares.discountCents[lineIndex] = split[k];
      if (split[k] > 0) {
        shares.voucherId[lineIndex] = v.id;
        shares.useId[lineIndex] = use.id;
      }
    });
    shares.totalCents += discount;
  }
  return shares;
}

type OrderRow = typeof orders.$inferSelect;

/**
 * An order of a voucher use is being given back (cancelled, or its refund approved): when every
 * other order of that use already was, and the voucher still runs, the use returns to the buyer (and
 * to the voucher's quantity). Called before the money moves, so the voucher row is locked before the
 * ledger accounts, as in the checkout.
 */
export async function returnVoucherUse(tx: Tx, o: Pick<OrderRow, 'id' | 'voucherId' | 'voucherUseId'>, now: Date): Promise<void> {
  if (o.voucherId === null || o.voucherUseId === null) return;
  const [v] = await tx.select().from(vouchers).where(eq(vouchers.id, o.voucherId)).for('update');
  if (!v || !voucherRunning(v, now)) return;
  const others = await tx
    .select({ paymentStatus: orders.paymentStatus, purchaseStatus: orders.purchaseStatus, shippingStatus: orders.shippingStatus, refundStatus: orders.refundStatus })
    .from(orders)
    .where(and(eq(orders.voucherUseId, o.voucherUseId), ne(orders.id, o.id)));
  if (others.some((other) => orderMatches(ORDER_CONDITIONS.sale, other))) return;
  const [returned] = await tx
    .update(voucherUses)
    .set({ returnedAt: now })
    .where(and(eq(voucherUses.id, o.voucherUseId), isNull(voucherUses.returnedAt)))
    .returning({ id: voucherUses.id });
  if (returned) await tx.update(vouchers).set({ usedCount: sql`${vouchers.usedCount} - 1` }).where(eq(vouchers.id, v.id));
}
