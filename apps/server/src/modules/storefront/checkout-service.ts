import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { allocateDiscount, couponDiscount } from '@shopdesk/shared/mall/coupons';
import type { CheckoutAnswer } from '@shopdesk/shared/mall/schemas';
import { centsToDecimal } from '@shopdesk/shared/money';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { INITIAL_ORDER_STATE, type PaymentMethod } from '@shopdesk/shared/orders/lifecycle';
import { priceVariant } from '@shopdesk/shared/products/pricing';
import { variantName } from '@shopdesk/shared/products/variant-names';
import { HOUR_MS } from '@shopdesk/shared/time';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, orders, shopProductVariants, shopProducts, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceOf, buyerWallet, lockAccounts, platformAccount } from '../ledger/ledger-service.ts';
import { buyerPaid } from '../ledger/money-flows.ts';
import { notifyShop, orderLinePayload } from '../notifications/notification-service.ts';
import { findAddress } from './buyer-account.ts';
import { toBuyerOrderView, toMallOrderView } from './buyer-service.ts';
import { takeDealUnits } from '../promotions/deal-checkout.ts';
import { applySellerVouchers } from '../promotions/voucher-checkout.ts';
import { lockClaimForCheckout, markClaimUsed } from './coupon-service.ts';
import { assertNotOwnShop } from './self-purchase.ts';
import { variantsOf, type ShopVariant } from '../products/variant-service.ts';

type ProductRow = typeof shopProducts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** What the mall sells: an on-sale, published product of a shop that is not frozen. */
export const onSale = (p: Pick<ProductRow, 'status' | 'published'>, shopFrozen: boolean) => p.status === 'on_sale' && p.published && !shopFrozen;

/**
 * SD + yymmdd + 4-digit shop + 8 random digits (20 characters); unique by the orders.order_no
 * constraint. The demo seed passes its deterministic `random` so seeded orders have this format too.
 */
export function newOrderNo(shopId: number, at = new Date(), random: (max: number) => number = (max) => randomInt(0, max)): string {
  const day = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `SD${day}${String(shopId % 10_000).padStart(4, '0')}${String(random(100_000_000)).padStart(8, '0')}`;
}

/** CK + yymmdd + 10 random digits: one cart checkout (its orders carry it). */
function newCheckoutNo(at: Date): string {
  const day = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `CK${day}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

// The pricing step ---------------------------------------------------------------------------------

/** A product (and the variant chosen, priced at its own purchase price) and how many of it, as the cart shows it and a checkout prices it. */
export interface LineToPrice {
  product: ProductRow;
  variant?: { purchasePriceCents: number };
  quantity: number;
}

/** The deal a line is sold at: its id and price (the caller decided it applies: running, lower, units left). */
export interface LineDeal {
  id: number;
  dealPriceCents: number;
}

/**
 * A line with its price at one moment: the unit price by the shared pricing rules, or its deal's
 * (then `deal` keeps the deal and the normal unit price), times the quantity.
 */
export type PricedLine<L extends LineToPrice = LineToPrice> = L & { unitPriceCents: number; amountCents: number; deal: { id: number; normalUnitPriceCents: number } | null };

/**
 * The one place a line gets its price, for the cart's display and for the checkout that charges it:
 * what changes a line's price (a flash deal, a variant) belongs here and nowhere else. `deals` are
 * the deals that apply, by product.
 */
export function priceLines<L extends LineToPrice>(lines: readonly L[], now: Date, deals: ReadonlyMap<number, LineDeal> = new Map()): { lines: PricedLine<L>[]; totalCents: number } {
  const priced = lines.map((line) => {
    const salePriceCents = priceVariant(line.product, line.variant ?? line.product, now).salePriceCents;
    const deal = deals.get(line.product.id);
    const atDeal = deal !== undefined && deal.dealPriceCents < salePriceCents;
    const unitPriceCents = atDeal ? deal.dealPriceCents : salePriceCents;
    return { ...line, unitPriceCents, amountCents: unitPriceCents * line.quantity, deal: atDeal ? { id: deal.id, normalUnitPriceCents: salePriceCents } : null };
  });
  return { lines: priced, totalCents: priced.reduce((sum, l) => sum + l.amountCents, 0) };
}

// The one checkout ---------------------------------------------------------------------------------

/** One line to buy: a product (of `shopId` when the buyer named the shop), its variant and a quantity. */
export interface CheckoutLine {
  shopProductId: number;
  /** May be left out for a product with one variant. */
  variantId?: number;
  quantity: number;
  shopId?: number;
}

/**
 * The variant a line buys: the one named (NOT_FOUND when not the product's), or the product's only
 * one (VARIANT_REQUIRED when it has several); a variant the seller switched off is VARIANT_UNAVAILABLE.
 */
export function lineVariant(variants: readonly ShopVariant[], variantId: number | undefined): ShopVariant {
  const chosen = variantId === undefined ? (variants.length === 1 ? variants[0] : undefined) : variants.find((v) => v.variant.id === variantId);
  if (!chosen) throw new AppError(variantId === undefined ? 'VARIANT_REQUIRED' : 'NOT_FOUND');
  if (!chosen.variant.enabled) throw new AppError('VARIANT_UNAVAILABLE');
  return chosen;
}

/**
 * A cart's checkout numbers its orders (one CK number for all) and may spend seller vouchers (one per
 * shop) and a coupon claim, which record that number; a single purchase has none of these.
 */
type CheckoutRequest = {
  lines: CheckoutLine[];
  receiver: { name: string; phone: string; address: string };
  paymentMethod: PaymentMethod;
  /** The wallet pays (its balance checked first), or the demo's external source. */
  paymentSource: 'wallet' | 'external';
} & ({ checkoutNo: null; claimId?: never; voucherIds?: never } | { checkoutNo: string; claimId?: number; voucherIds?: number[] });

interface PlacedCheckout {
  orders: OrderRow[];
  shopNames: Map<number, string>;
  totalCents: number;
  sellerDiscountCents: number;
  discountCents: number;
  paidCents: number;
}

/**
 * The one checkout, for a cart's lines and for a single product's "buy now" alike, inside the
 * caller's transaction:
 * - the products are locked in id order and each line checked (NOT_FOUND for a product not there or
 *   not of the named shop; PRODUCT_NOT_ON_SALE when off sale, unpublished or its shop frozen;
 *   OUT_OF_STOCK above the stock), nothing changed on a refusal;
 * - promotions apply in one order (docs/decisions.md, "Promotion order"): the lines are priced by
 *   priceLines (the price, or a running flash deal's when takeDealUnits took the line's units from
 *   its cap); then the seller vouchers (applySellerVouchers: one per shop,
 *   over that shop's lines it covers, paid by the seller: the order's amount is after it); then a
 *   coupon claim, locked and checked (COUPON_USED / COUPON_EXPIRED / COUPON_MIN_SPEND) on what is
 *   left, its discount split over the lines pro rata and paid by the platform;
 * - a wallet payment needs the balance (INSUFFICIENT_BALANCE), then each line becomes one paid order
 *   (seller orders are single-product, docs/decisions.md "One order per cart line") through placeOrder.
 * Lines come out grouped by shop (lowest id first), then product: the order of the answer and of the
 * sellers' notifications.
 */
async function placeCheckout(tx: Tx, config: AppConfig, buyerId: number, request: CheckoutRequest): Promise<PlacedCheckout> {
  const productIds = [...new Set(request.lines.map((l) => l.shopProductId))].sort((a, b) => a - b);
  const products = await tx.select().from(shopProducts).where(inArray(shopProducts.id, productIds)).orderBy(asc(shopProducts.id)).for('update');
  const shopRows = products.length ? await tx.select({ id: shops.id, name: shops.name, frozen: shops.frozen }).from(shops).where(inArray(shops.id, [...new Set(products.map((p) => p.shopId))])) : [];
  const shopOf = new Map(shopRows.map((s) => [s.id, s]));
  const productOf = new Map(products.map((p) => [p.id, p]));
  // The stock is the variant's: its row is read (and locked) after its product's, so checkouts of
  // one product queue on the product row and each sees the stock the one before it left.
  const variantsByProduct = await variantsOf(tx, productIds, true);
  const wanted = new Map<number, number>();
  const checked = request.lines.map((line) => {
    const product = productOf.get(line.shopProductId);
    if (!product || (line.shopId !== undefined && product.shopId !== line.shopId)) throw new AppError('NOT_FOUND');
    if (!onSale(product, shopOf.get(product.shopId)!.frozen)) throw new AppError('PRODUCT_NOT_ON_SALE');
    const { variant, source } = lineVariant(variantsByProduct.get(product.id) ?? [], line.variantId);
    const quantity = (wanted.get(variant.id) ?? 0) + line.quantity;
    if (variant.stock < quantity) throw new AppError('OUT_OF_STOCK', { stock: variant.stock });
    wanted.set(variant.id, quantity);
    return { product, variant, source, quantity: line.quantity };
  });
  checked.sort((a, b) => a.product.shopId - b.product.shopId || a.product.id - b.product.id || a.variant.id - b.variant.id);
  const now = new Date();
  const { lines, totalCents } = priceLines(checked, now, await takeDealUnits(tx, checked, now));

  const vouchers = request.checkoutNo !== null && request.voucherIds?.length
    ? await applySellerVouchers(tx, buyerId, request.voucherIds, lines.map((l) => ({ shopId: l.product.shopId, productId: l.product.id, amountCents: l.amountCents })), request.checkoutNo, now)
    : null;
  // What each order sells for once its shop's voucher is taken off: the order's amount.
  const amounts = lines.map((l, i) => l.amountCents - (vouchers?.discountCents[i] ?? 0));
  const sellerDiscountCents = vouchers?.totalCents ?? 0;
  const afterVouchersCents = totalCents - sellerDiscountCents;

  let discountCents = 0;
  const claim = request.checkoutNo !== null && request.claimId !== undefined ? { ...(await lockClaimForCheckout(tx, buyerId, request.claimId, now)), checkoutNo: request.checkoutNo } : null;
  if (claim) {
    const discount = couponDiscount(claim.coupon, afterVouchersCents);
    if (discount === null) throw new AppError('COUPON_MIN_SPEND', { min: centsToDecimal(claim.coupon.minSpendCents) });
    discountCents = discount;
  }
  const shares = allocateDiscount(discountCents, amounts);
  const paidCents = afterVouchersCents - discountCents;
  if (request.paymentSource === 'wallet') {
    await lockAccounts(tx, [buyerWallet(buyerId), platformAccount('marketing'), platformAccount('escrow')]);
    if ((await balanceOf(tx, buyerWallet(buyerId))) < paidCents) throw new AppError('INSUFFICIENT_BALANCE');
  }

  const { checkoutNo } = request;
  const placed: OrderRow[] = [];
  for (const [i, line] of lines.entries()) {
    const purchaseAmountCents = line.variant.purchasePriceCents * line.quantity;
    placed.push(
      await placeOrder(tx, config, {
        shopId: line.product.shopId,
        buyerId,
        shopProductId: line.product.id,
        variantId: line.variant.id,
        variantName: variantName(line.source.optionValues),
        variantSku: line.source.sku,
        productName: line.product.name,
        productImage: line.source.image ?? line.product.cover,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        flashDealId: line.deal?.id ?? null,
        normalUnitPriceCents: line.deal?.normalUnitPriceCents ?? null,
        amountCents: amounts[i],
        purchaseAmountCents,
        profitCents: amounts[i] - purchaseAmountCents,
        sellerDiscountCents: vouchers?.discountCents[i] ?? 0,
        voucherId: vouchers?.voucherId[i] ?? null,
        voucherUseId: vouchers?.useId[i] ?? null,
        paymentMethod: request.paymentMethod,
        paymentSource: request.paymentSource,
        discountCents: shares[i],
        checkoutNo,
        receiverName: request.receiver.name,
        receiverPhone: request.receiver.phone,
        receiverAddress: request.receiver.address,
        ...INITIAL_ORDER_STATE,
        createdAt: now,
        payTime: now,
        purchaseDeadline: new Date(now.getTime() + config.purchaseDeadlineHours * HOUR_MS),
      }),
    );
  }
  if (claim) await markClaimUsed(tx, claim.claim.id, claim.checkoutNo, now);
  return { orders: placed, shopNames: new Map(shopRows.map((s) => [s.id, s.name])), totalCents, sellerDiscountCents, discountCents, paidCents };
}

/** A new paid order's row, without its number (placeOrder draws one). */
type NewOrderValues = Omit<typeof orders.$inferInsert, 'id' | 'orderNo'> & { shopProductId: number; variantId: number; createdAt: Date };

/**
 * Places one paid order (its product row already locked): not to the buyer's own shop, a fresh order
 * number, the quantity from the product's stock into its sales, the payment into escrow through the
 * ledger and the seller notified (title 0, content 0).
 */
async function placeOrder(tx: Tx, config: AppConfig, values: NewOrderValues): Promise<OrderRow> {
  // In demo mode one visitor tries the seller app and the mall in the same browser, with demo money.
  await assertNotOwnShop(tx, values, { deviceLink: !config.seedDemo });
  let order: OrderRow | undefined;
  for (let attempt = 0; !order && attempt < 5; attempt++) {
    [order] = await tx
      .insert(orders)
      .values({ ...values, orderNo: newOrderNo(values.shopId, values.createdAt) })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning();
  }
  if (!order) throw new AppError('CONFLICT');
  // The variant's stock and sales, then the product row that sums its enabled variants (this one is).
  await tx
    .update(shopProductVariants)
    .set({ stock: sql`${shopProductVariants.stock} - ${values.quantity}::integer`, totalSales: sql`${shopProductVariants.totalSales} + ${values.quantity}::integer` })
    .where(eq(shopProductVariants.id, values.variantId));
  await tx
    .update(shopProducts)
    .set({ stock: sql`${shopProducts.stock} - ${values.quantity}::integer`, totalSales: sql`${shopProducts.totalSales} + ${values.quantity}::integer` })
    .where(eq(shopProducts.id, values.shopProductId));
  if (order.amountCents > 0) await buyerPaid(tx, order);
  await notifyShop(tx, { shopId: order.shopId, title: NOTIFICATION_TITLE.NEW_ORDER, content: NOTIFICATION_CONTENT.NEW_ORDER, orderId: order.orderNo, payload: orderLinePayload(order) });
  return order;
}

// The two doors into it ----------------------------------------------------------------------------

export interface BuyNowInput {
  shopId: number;
  shopProductId: number;
  variantId?: number;
  quantity: number;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  paymentMethod: PaymentMethod;
}

/**
 * Where a single purchase's money comes from. An order counts as paid only with its payment settled
 * in the ledger, so outside demo mode only the buyer's wallet pays (money an operator approved into
 * it): a card or a direct USDT payment has no payment provider behind it and is refused before
 * anything changes (docs/decisions.md, "An order is paid only when its payment is settled"). In demo
 * mode every method is paid by the demo's external source, as the demo has always shown.
 */
function paymentSourceOf(config: AppConfig, method: PaymentMethod): 'wallet' | 'external' {
  if (config.seedDemo) return 'external';
  if (method === 'balance') return 'wallet';
  throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
}

/**
 * POST /api/buyer/checkout, "buy now": one product of a named shop, as a one-line checkout. The
 * order waits for the seller's purchase until now + purchaseDeadlineHours.
 */
export async function buyNow(db: Db, config: AppConfig, buyerId: number, input: BuyNowInput) {
  const paymentSource = paymentSourceOf(config, input.paymentMethod);
  return db.transaction(async (tx) => {
    const placed = await placeCheckout(tx, config, buyerId, {
      lines: [{ shopId: input.shopId, shopProductId: input.shopProductId, variantId: input.variantId, quantity: input.quantity }],
      receiver: { name: input.receiverName, phone: input.receiverPhone, address: input.receiverAddress },
      paymentMethod: input.paymentMethod,
      paymentSource,
      checkoutNo: null,
    });
    return toBuyerOrderView(placed.orders[0]);
  });
}

export interface CartCheckoutInput {
  itemIds: number[];
  addressId?: number;
  address?: { name: string; phone: string; area: string; address: string };
  claimId?: number;
  voucherIds?: number[];
}

/**
 * POST /api/buyer/cart/checkout: the chosen cart lines (locked first, NOT_FOUND when one is not the
 * buyer's) as one checkout paid from the wallet, the coupon's share paid by the platform's marketing
 * account; the lines leave the cart. The answer groups the orders by shop.
 */
export async function checkoutCart(db: Db, config: AppConfig, buyerId: number, input: CartCheckoutInput): Promise<CheckoutAnswer> {
  return db.transaction(async (tx) => {
    const checkoutNo = newCheckoutNo(new Date());
    const receiver = input.addressId !== undefined ? await findAddress(tx, buyerId, input.addressId) : input.address!;
    const itemIds = [...new Set(input.itemIds)].sort((a, b) => a - b);
    const items = await tx.select().from(cartItems).where(and(eq(cartItems.buyerId, buyerId), inArray(cartItems.id, itemIds))).orderBy(asc(cartItems.id)).for('update');
    if (items.length !== itemIds.length) throw new AppError('NOT_FOUND');
    const placed = await placeCheckout(tx, config, buyerId, {
      lines: items.map((item) => ({ shopProductId: item.shopProductId, variantId: item.variantId, quantity: item.quantity })),
      receiver: { name: receiver.name, phone: receiver.phone, address: `${receiver.area} ${receiver.address}` },
      paymentMethod: 'balance',
      paymentSource: 'wallet',
      checkoutNo,
      claimId: input.claimId,
      voucherIds: input.voucherIds,
    });
    await tx.delete(cartItems).where(inArray(cartItems.id, itemIds));

    const views = placed.orders.map((o) => toMallOrderView(o, placed.shopNames.get(o.shopId)!));
    const groups = new Map<number, CheckoutAnswer['shops'][number]>();
    for (const v of views) {
      const g = groups.get(v.shopId) ?? { shopId: v.shopId, shopName: v.shopName, orderIds: [], amountCents: 0, sellerDiscountCents: 0, voucherId: null, discountCents: 0 };
      g.orderIds.push(v.orderId);
      g.amountCents += v.amountCents;
      g.sellerDiscountCents += v.sellerDiscountCents;
      g.voucherId ??= v.voucherId;
      g.discountCents += v.discountCents;
      groups.set(v.shopId, g);
    }
    const { totalCents, sellerDiscountCents, discountCents, paidCents } = placed;
    const dealSavingCents = views.reduce((sum, v) => sum + v.dealSavingCents, 0);
    return { checkoutNo, orders: views, shops: [...groups.values()], totalCents, dealSavingCents, sellerDiscountCents, discountCents, paidCents, balanceCents: await balanceOf(tx, buyerWallet(buyerId)) };
  });
}
