import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { DASHBOARD, type BuyerProductView } from '@shopdesk/shared/dashboard/schemas';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { Db } from '../../db/client.ts';
import { productViews, shopProducts } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../lib/sql-text.ts';
import { resolveBuyerSession } from './buyer-auth.ts';

const VISITOR_ID = /^[A-Za-z0-9_-]{8,64}$/;
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * Who is looking, as a key for the view dedupe: a signed-in buyer (`b:<id>`), else the visitor id
 * the mall keeps in the browser (`x-visitor-id`), else the IP; the last two are stored hashed
 * (`a:<hash>`), never as sent.
 */
export async function viewerKeyOf(db: Db, viewer: Viewer): Promise<string> {
  const buyer = viewer.buyerToken ? await resolveBuyerSession(db, viewer.buyerToken) : null;
  if (buyer) return `b:${buyer.buyerId}`;
  if (viewer.visitorId && VISITOR_ID.test(viewer.visitorId)) return `a:${digest(`visitor:${viewer.visitorId}`)}`;
  return `a:${digest(`ip:${viewer.ip}`)}`;
}

/** What the request tells about the viewer: the buyerToken and x-visitor-id headers and the IP. */
export interface Viewer {
  buyerToken?: string;
  visitorId?: string;
  ip: string;
}

/** GET /api/buyer/products/:id: the viewer's key, then the page. */
export async function viewProduct(db: Db, productId: number, viewer: Viewer): Promise<BuyerProductView> {
  return openProductPage(db, productId, await viewerKeyOf(db, viewer));
}

/**
 * A product page opened in the mall (or through the buyer API): answers the product and counts a
 * view, unless the same viewer opened the same product within DASHBOARD.VIEW_DEDUPE_MS. The check
 * and the insert run under a transaction-scoped advisory lock on (product, viewer), so two
 * openings at the same moment count once.
 */
export async function openProductPage(db: Db, productId: number, viewerKey: string, now = new Date()): Promise<BuyerProductView> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select().from(shopProducts).where(eq(shopProducts.id, productId));
    if (!product || !product.published) throw new AppError('NOT_FOUND');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`view:${productId}:${viewerKey}`}))`);
    const since = new Date(now.getTime() - DASHBOARD.VIEW_DEDUPE_MS);
    const recent = rowsOf<{ n: number }>(
      await tx.execute(sql`select 1 as n from product_views where shop_product_id = ${productId} and viewer_key = ${viewerKey} and created_at > ${since.toISOString()}::timestamptz limit 1`),
    );
    const counted = recent.length === 0;
    let views = product.views;
    if (counted) {
      await tx.insert(productViews).values({ shopId: product.shopId, shopProductId: productId, viewerKey, createdAt: now });
      const [row] = await tx
        .update(shopProducts)
        .set({ views: sql`${shopProducts.views} + 1` })
        .where(eq(shopProducts.id, productId))
        .returning({ views: shopProducts.views });
      views = row.views;
    }
    return {
      productId: product.id,
      shopId: product.shopId,
      name: product.name,
      description: product.description,
      category: product.category,
      cover: product.cover,
      salePriceCents: priceProduct(product, now).salePriceCents,
      stock: product.stock,
      totalSales: product.totalSales,
      views,
      counted,
    };
  });
}
