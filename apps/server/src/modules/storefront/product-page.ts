import { reviewImageAllowed } from '@shopdesk/shared/orders/review-images';
import { and, count, desc, eq } from 'drizzle-orm';
import type { MallProductView, MallReviewView } from '@shopdesk/shared/mall/schemas';
import { priceProduct, priceVariant } from '@shopdesk/shared/products/pricing';
import { variantName } from '@shopdesk/shared/products/variant-names';
import type { Db } from '../../db/client.ts';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { buyers, reviews, shopProducts, shops, warehouseProducts } from '../../db/schema.ts';
import { localizeShopRows, optionsIn } from '../products/product-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { activePackage } from '../packages/package-service.ts';
import { viewProduct, type Viewer } from './product-view-service.ts';
import { readPage } from '../../lib/read-page.ts';
import { variantsOf } from '../products/variant-service.ts';

/** A product the mall may show: on sale, published, its shop not frozen; NOT_FOUND otherwise. */
async function shownProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ product: shopProducts, shopName: shops.name, frozen: shops.frozen, gallery: warehouseProducts.gallery })
    .from(shopProducts)
    .innerJoin(shops, eq(shops.id, shopProducts.shopId))
    .innerJoin(warehouseProducts, eq(warehouseProducts.id, shopProducts.warehouseProductId))
    .where(eq(shopProducts.id, productId));
  if (!row || row.frozen || !row.product.published || row.product.status !== 'on_sale') throw new AppError('NOT_FOUND');
  return row;
}

/**
 * GET /api/buyer/products/:id: the product page. The view is counted by
 * openProductPage (deduplicated per viewer); the mall's fields are added here: the name and
 * description, option axes and variant values in the reader's language (English where there is
 * none) and the warehouse's gallery.
 */
export async function mallProductPage(db: Db, productId: number, viewer: Viewer, lang: LanguageCode, now = new Date()): Promise<MallProductView> {
  const { product, shopName, gallery } = await shownProduct(db, productId);
  const viewed = await viewProduct(db, productId, viewer);
  const [page] = await localizeShopRows(db, lang, [{ ...viewed, warehouseProductId: product.warehouseProductId }]);
  const { warehouseProductId: _source, ...shown } = page!;
  const pricing = priceProduct(product, now);
  const [[{ n }], pkg, variants] = await Promise.all([db.select({ n: count() }).from(reviews).where(eq(reviews.shopProductId, productId)), activePackage(db, product.shopId), variantsOf(db, [productId])]);
  // The axes and each variant's values in the reader's language (English where there is none).
  const shownOptions = (await optionsIn(db, lang, [product.warehouseProductId])).get(product.warehouseProductId);
  const valuesOf = (optionValues: string[]) => shownOptions?.values(optionValues) ?? optionValues;
  // The variants on sale (the seller's switched-off ones are left out), priced at the product's ratios.
  const shownVariants = (variants.get(productId) ?? [])
    .filter((v) => v.variant.enabled)
    .map(({ variant, source }) => {
      const prices = priceVariant(product, variant, now);
      const optionValues = valuesOf(source.optionValues);
      return { id: variant.id, optionValues, name: variantName(optionValues), priceCents: prices.priceCents, salePriceCents: prices.salePriceCents, image: source.image, stock: variant.stock, inStock: variant.stock > 0 };
    });
  return {
    ...shown,
    priceCents: pricing.priceCents,
    discountPct: pricing.discountActive ? product.discountRatioBp / 100 : null,
    discountStart: pricing.discountActive ? (product.discountStart?.toISOString() ?? null) : null,
    discountEnd: pricing.discountActive ? (product.discountEnd?.toISOString() ?? null) : null,
    ratingX10: product.rating,
    shopName,
    images: [product.cover, ...gallery],
    reviewsCount: n,
    isRecommended: product.isRecommended,
    promoted: pkg !== null,
    options: shownOptions?.options ?? [],
    variants: shownVariants,
  };
}

/** "buyer1" → "b***1": the first and last character of a reviewer's nickname. */
export function maskNickname(nickname: string): string {
  const chars = [...nickname.trim()];
  if (chars.length === 0) return '***';
  return chars.length === 1 ? `${chars[0]}***` : `${chars[0]}***${chars[chars.length - 1]}`;
}

/** GET /api/mall/products/:id/reviews: newest first, nicknames masked, with the seller's reply. */
export async function productReviews(db: Db, productId: number, page: number, pageSize: number, imageHosts: readonly string[]) {
  await shownProduct(db, productId);
  const where = and(eq(reviews.shopProductId, productId));
  return readPage(
    { page, pageSize },
    (limit, offset) =>
      db.select({ review: reviews, nickname: buyers.nickname }).from(reviews).innerJoin(buyers, eq(buyers.id, reviews.buyerId)).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(reviews).where(where),
    ({ review, nickname }): MallReviewView => ({
      id: review.id,
      rating: review.rating,
      content: review.content,
      // Pictures stored before the rule, from hosts no longer allowed, are left out.
      images: review.images.filter((src) => reviewImageAllowed(src, imageHosts)),
      nickname: maskNickname(nickname),
      createTime: review.createdAt.toISOString(),
      reply: review.reply,
      replyTime: review.replyTime?.toISOString() ?? null,
    }),
  );
}
