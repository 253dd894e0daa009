import { and, asc, eq, sql } from 'drizzle-orm';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { cartUpdateBody, MALL, type CartAnswer } from '@shopdesk/shared/mall/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { variantName } from '@shopdesk/shared/products/variant-names';
import { cartItems, shopProductVariants, shopProducts, shops, warehouseVariants } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { localizeShopRows, optionsIn } from '../products/product-texts.ts';
import { applicableDeals } from '../promotions/deal-checkout.ts';
import { variantsOf } from '../products/variant-service.ts';
import { lineVariant, onSale, priceLines } from './checkout-service.ts';

/** GET /api/buyer/cart: the lines grouped by shop (shops in the order their first line was added), names in the reader's language. */
export async function getCart(db: DbOrTx, buyerId: number, lang: LanguageCode): Promise<CartAnswer> {
  const rows = await db
    .select({ item: cartItems, product: shopProducts, variant: shopProductVariants, source: warehouseVariants, shopName: shops.name, frozen: shops.frozen })
    .from(cartItems)
    .innerJoin(shopProducts, eq(shopProducts.id, cartItems.shopProductId))
    .innerJoin(shopProductVariants, eq(shopProductVariants.id, cartItems.variantId))
    .innerJoin(warehouseVariants, eq(warehouseVariants.id, shopProductVariants.warehouseVariantId))
    .innerJoin(shops, eq(shops.id, shopProducts.shopId))
    .where(eq(cartItems.buyerId, buyerId))
    .orderBy(asc(cartItems.id));
  const byShop = new Map<number, CartAnswer['shops'][number]>();
  let totalCents = 0;
  let dealSavingCents = 0;
  const now = new Date();
  const lines = rows.map((r) => ({ ...r, quantity: r.item.quantity }));
  const shown = new Map((await localizeShopRows(db, lang, rows.map((r) => r.product))).map((p) => [p.id, p.name]));
  // The variant's name in the reader's language too; the order records the English one (its name and SKU identify it).
  const options = await optionsIn(
    db,
    lang,
    rows.map((r) => r.product.warehouseProductId),
  );
  for (const { item, product, variant, source, shopName, frozen, unitPriceCents, amountCents, deal } of priceLines(lines, now, await applicableDeals(db, lines, now)).lines) {
    // A variant the seller switched off stays in the cart, unavailable, until switched on or removed.
    const available = onSale(product, frozen) && variant.enabled && variant.stock > 0;
    if (available) totalCents += amountCents;
    if (available && deal) dealSavingCents += (deal.normalUnitPriceCents - unitPriceCents) * item.quantity;
    const group = byShop.get(product.shopId) ?? { shopId: product.shopId, shopName, items: [] };
    group.items.push({
      itemId: item.id,
      productId: product.id,
      variantId: variant.id,
      variantName: variantName(options.get(product.warehouseProductId)?.values(source.optionValues) ?? source.optionValues),
      sku: source.sku,
      name: shown.get(product.id) ?? product.name,
      cover: source.image ?? product.cover,
      salePriceCents: unitPriceCents,
      quantity: item.quantity,
      stock: variant.stock,
      available,
      lineCents: amountCents,
      dealId: deal?.id ?? null,
      normalPriceCents: deal?.normalUnitPriceCents ?? null,
    });
    byShop.set(product.shopId, group);
  }
  return { shops: [...byShop.values()], totalCents, dealSavingCents };
}

async function shownProduct(db: DbOrTx, productId: number) {
  const [row] = await db.select({ product: shopProducts, frozen: shops.frozen }).from(shopProducts).innerJoin(shops, eq(shops.id, shopProducts.shopId)).where(eq(shopProducts.id, productId));
  if (!row || !row.product.published) throw new AppError('NOT_FOUND');
  if (!onSale(row.product, row.frozen)) throw new AppError('PRODUCT_NOT_ON_SALE');
  return row.product;
}

/**
 * POST /api/buyer/cart: adds to the variant's line (one line per variant; the variant may be left
 * out for a product with one); the line may not pass the variant's stock (OUT_OF_STOCK).
 */
export async function addToCart(db: Db, buyerId: number, input: { productId: number; variantId?: number; quantity: number }, lang: LanguageCode): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const product = await shownProduct(tx, input.productId);
    const { variant } = lineVariant((await variantsOf(tx, [product.id])).get(product.id) ?? [], input.variantId);
    const [existing] = await tx.select().from(cartItems).where(and(eq(cartItems.buyerId, buyerId), eq(cartItems.variantId, variant.id))).for('update');
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    // The merged line obeys the same limits as a typed quantity, with the same message naming the limit.
    cartUpdateBody.parse({ quantity });
    if (quantity > variant.stock) throw new AppError('OUT_OF_STOCK', { stock: variant.stock });
    await tx
      .insert(cartItems)
      .values({ buyerId, shopProductId: product.id, variantId: variant.id, quantity })
      .onConflictDoUpdate({ target: [cartItems.buyerId, cartItems.variantId], set: { quantity: sql`least(${MALL.CART_QUANTITY_MAX}, ${cartItems.quantity} + ${input.quantity}::integer)` } });
    return getCart(tx, buyerId, lang);
  });
}

async function ownItem(db: DbOrTx, buyerId: number, itemId: number) {
  const [item] = await db.select().from(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.buyerId, buyerId)));
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

/** PUT /api/buyer/cart/:itemId: sets the quantity (OUT_OF_STOCK above the stock). */
export async function setCartQuantity(db: Db, buyerId: number, itemId: number, quantity: number, lang: LanguageCode): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const item = await ownItem(tx, buyerId, itemId);
    const product = await shownProduct(tx, item.shopProductId);
    const { variant } = lineVariant((await variantsOf(tx, [product.id])).get(product.id) ?? [], item.variantId);
    if (quantity > variant.stock) throw new AppError('OUT_OF_STOCK', { stock: variant.stock });
    await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
    return getCart(tx, buyerId, lang);
  });
}

export async function removeCartItem(db: Db, buyerId: number, itemId: number, lang: LanguageCode): Promise<CartAnswer> {
  return db.transaction(async (tx) => {
    const item = await ownItem(tx, buyerId, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, item.id));
    return getCart(tx, buyerId, lang);
  });
}
