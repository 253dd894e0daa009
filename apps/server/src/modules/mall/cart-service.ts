import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { allocateDiscount, couponDiscount } from '@shopdesk/shared/mall/coupons';
import { cartUpdateBody, MALL, type CartAnswer, type CheckoutAnswer } from '@shopdesk/shared/mall/schemas';
import { centsToDecimal } from '@shopdesk/shared/money';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import { HOUR_MS } from '@shopdesk/shared/time';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cartItems, orders, shopProducts, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceOf, buyerWallet, lockAccounts, platformAccount } from '../ledger/ledger-service.ts';
import { INITIAL_ORDER_STATE } from '@shopdesk/shared/orders/lifecycle';
import { findAddress } from '../buyers/buyer-account.ts';
import { placeOrder, toMallOrderView } from '../buyers/buyer-service.ts';
import { lockClaimForCheckout, markClaimUsed } from './coupon-service.ts';

type ProductRow = typeof shopProducts.$inferSelect;
const shown = (p: Pick<ProductRow, 'status' | 'published'>, frozen: boolean) => p.status === 'on_sale' && p.published && !frozen;

/** GET /api/buyer/cart: the lines grouped by shop (shops in the order their first line was added). */
export async function getCart(db: DbOrTx, buyerId: number): Promise<CartAnswer> {
  const rows = await db
    .select({ item: cartItems, product: shopProducts, shopName: shops.name, frozen: shops.frozen })
    .from(cartItems)
    .innerJoin(shopProducts, eq(shopProducts.id, cartItems.shopProductId))
    .innerJoin(shops, eq(shops.id, shopProducts.shopId))
    .where(eq(cartItems.buyerId, buyerId))
    .orderBy(asc(cartItems.id));
  const now = new Date();
  const byShop = new Map<number, CartAnswer['shops'][number]>();
  let totalCents = 0;
  for (const { item, product, shopName, frozen } of rows) {
    const salePriceCents = priceProduct(product, now).salePriceCents;
    const available = shown(product, frozen) && product.stock > 0;
    const lineCents = salePriceCents * item.quantity;
    if (available) totalCents += lineCents;
    const group = byShop.get(product.shopId) ?? { shopId: product.shopId, shopName, items: [] };
    group.items.push({ itemId: item.id, productId: product.id, name: product.name, cover: product.cover, salePriceCents, quantity: item.quantity, stock: product.stock, available, lineCents });
    byShop.set(product.shopId, group);
  }
  return { shops: [...byShop.values()], totalCents };
}

async function shownProduct(db: DbOrTx, productId: number) {
  const [row] = await db.select({ product: shopProducts, frozen: shops.frozen }).from(shopProducts).innerJoin(shops, eq(shops.id, shopProducts.shopId)).where(eq(shopProducts.id, productId));
  if (!row || !row.product.published) throw new AppError('NOT_FOUND');
  if (!shown(row.product, row.frozen)) throw new AppError('PRODUCT_NOT_ON_SALE');
  return row.product;
}

/** POST /api/buyer/cart: adds to the product's line (one line per product); the line may not pass the stock (OUT_OF_STOCK). */
export async function addToCart(db: Db, buyerId: number, input: { productId: number; quantity: number }): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const product = await shownProduct(tx, input.productId);
    const [existing] = await tx.select().from(cartItems).where(and(eq(cartItems.buyerId, buyerId), eq(cartItems.shopProductId, product.id))).for('update');
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    // The merged line obeys the same limits as a typed quantity, with the same message naming the limit.
    cartUpdateBody.parse({ quantity });
    if (quantity > product.stock) throw new AppError('OUT_OF_STOCK', { stock: product.stock });
    await tx
      .insert(cartItems)
      .values({ buyerId, shopProductId: product.id, quantity })
      .onConflictDoUpdate({ target: [cartItems.buyerId, cartItems.shopProductId], set: { quantity: sql`least(${MALL.CART_QUANTITY_MAX}, ${cartItems.quantity} + ${input.quantity}::integer)` } });
    return getCart(tx, buyerId);
  });
}

async function ownItem(db: DbOrTx, buyerId: number, itemId: number) {
  const [item] = await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.buyerId, buyerId)));
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

/** PUT /api/buyer/cart/:itemId: sets the quantity (OUT_OF_STOCK above the stock). */
export async function setCartQuantity(db: Db, buyerId: number, itemId: number, quantity: number): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const item = await ownItem(tx, buyerId, itemId);
    const product = await shownProduct(tx, item.shopProductId);
    if (quantity > product.stock) throw new AppError('OUT_OF_STOCK', { stock: product.stock });
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
    return getCart(tx, buyerId);
  });
}

export async function removeCartItem(db: Db, buyerId: number, itemId: number): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const item = await ownItem(tx, buyerId, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    return getCart(tx, buyerId);
  });
}

/** CK + yymmdd + 10 random digits: one mall checkout (its orders carry it). */
export function newCheckoutNo(at = new Date()): string {
  const day = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `CK${day}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

export interface MallCheckoutInput {
  itemIds: number[];
  addressId?: number;
  address?: { name: string; phone: string; area: string; address: string };
  claimId?: number;
}

/**
 * POST /api/buyer/cart/checkout (docs/decisions.md, "One order per cart line"): the chosen
 * cart lines become one order each (seller orders are single-product), grouped by shop in the
 * answer, all in one transaction:
 * - the buyer's lines are locked, then their products in id order, and each is checked (on sale,
 *   shop not frozen, enough stock) — PRODUCT_NOT_ON_SALE / OUT_OF_STOCK with nothing changed;
 * - a coupon claim is locked and checked (COUPON_USED / COUPON_EXPIRED / COUPON_MIN_SPEND), its
 *   discount split over the orders pro rata (largest remainder);
 * - each order is paid into escrow: the buyer's wallet pays amount − share, the platform's
 *   marketing account the share (INSUFFICIENT_BALANCE when the wallet is short);
 * - stock goes down and sales up; each seller is notified (new order); the lines leave the cart.
 */
export async function mallCheckout(db: Db, config: AppConfig, buyerId: number, input: MallCheckoutInput): Promise<CheckoutAnswer> {
  return db.transaction(async (tx) => {
    const receiver = input.addressId !== undefined ? await findAddress(tx, buyerId, input.addressId) : input.address!;
    const itemIds = [...new Set(input.itemIds)].sort((a, b) => a - b);
    const items = await tx.select().from(cartItems).where(and(eq(cartItems.buyerId, buyerId), inArray(cartItems.id, itemIds))).orderBy(asc(cartItems.id)).for('update');
    if (items.length !== itemIds.length) throw new AppError('NOT_FOUND');
    const productIds = items.map((i) => i.shopProductId).sort((a, b) => a - b);
    const products = await tx.select().from(shopProducts).where(inArray(shopProducts.id, productIds)).orderBy(asc(shopProducts.id)).for('update');
    const shopRows = await tx.select({ id: shops.id, name: shops.name, frozen: shops.frozen }).from(shops).where(inArray(shops.id, [...new Set(products.map((p) => p.shopId))]));
    const shopOf = new Map(shopRows.map((s) => [s.id, s]));
    const productOf = new Map(products.map((p) => [p.id, p]));
    const now = new Date();
    const lines = items.map((item) => {
      const product = productOf.get(item.shopProductId)!;
      const shop = shopOf.get(product.shopId)!;
      if (!shown(product, shop.frozen)) throw new AppError('PRODUCT_NOT_ON_SALE');
      if (product.stock < item.quantity) throw new AppError('OUT_OF_STOCK', { stock: product.stock });
      const unitPriceCents = priceProduct(product, now).salePriceCents;
      return { item, product, shop, unitPriceCents, amountCents: unitPriceCents * item.quantity };
    });
    // Grouped by shop (lowest id first), then product: the order of the answer and of the notifications.
    lines.sort((a, b) => a.shop.id - b.shop.id || a.product.id - b.product.id);
    const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);

    let discountCents = 0;
    const claim = input.claimId !== undefined ? await lockClaimForCheckout(tx, buyerId, input.claimId, now) : null;
    if (claim) {
      const discount = couponDiscount(claim.coupon, totalCents);
      if (discount === null) throw new AppError('COUPON_MIN_SPEND', { min: centsToDecimal(claim.coupon.minSpendCents) });
      discountCents = discount;
    }
    const shares = allocateDiscount(discountCents, lines.map((l) => l.amountCents));
    const paidCents = totalCents - discountCents;
    await lockAccounts(tx, [buyerWallet(buyerId), platformAccount('marketing'), platformAccount('escrow')]);
    if ((await balanceOf(tx, buyerWallet(buyerId))) < paidCents) throw new AppError('INSUFFICIENT_BALANCE');

    const checkoutNo = newCheckoutNo(now);
    const receiverAddress = `${receiver.area} ${receiver.address}`;
    const placed: (typeof orders.$inferSelect)[] = [];
    for (const [i, line] of lines.entries()) {
      const purchaseAmountCents = line.product.purchasePriceCents * line.item.quantity;
      const values = {
        shopId: line.shop.id,
        buyerId,
        shopProductId: line.product.id,
        productName: line.product.name,
        productImage: line.product.cover,
        quantity: line.item.quantity,
        unitPriceCents: line.unitPriceCents,
        amountCents: line.amountCents,
        purchaseAmountCents,
        profitCents: line.amountCents - purchaseAmountCents,
        paymentMethod: 'balance',
        paymentSource: 'wallet' as const,
        discountCents: shares[i],
        checkoutNo,
        receiverName: receiver.name,
        receiverPhone: receiver.phone,
        receiverAddress,
        ...INITIAL_ORDER_STATE,
        createdAt: now,
        payTime: now,
        purchaseDeadline: new Date(now.getTime() + config.purchaseDeadlineHours * HOUR_MS),
      };
      placed.push(await placeOrder(tx, values));
    }
    if (claim) await markClaimUsed(tx, claim.claim.id, checkoutNo, now);
    await tx.delete(cartItems).where(inArray(cartItems.id, itemIds));

    const views = placed.map((o) => toMallOrderView(o, shopOf.get(o.shopId)!.name));
    const groups = new Map<number, CheckoutAnswer['shops'][number]>();
    for (const v of views) {
      const g = groups.get(v.shopId) ?? { shopId: v.shopId, shopName: v.shopName, orderIds: [], amountCents: 0, discountCents: 0 };
      g.orderIds.push(v.orderId);
      g.amountCents += v.amountCents;
      g.discountCents += v.discountCents;
      groups.set(v.shopId, g);
    }
    return { checkoutNo, orders: views, shops: [...groups.values()], totalCents, discountCents, paidCents, balanceCents: await balanceOf(tx, buyerWallet(buyerId)) };
  });
}
