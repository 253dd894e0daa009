import { sql, type SQL } from 'drizzle-orm';
import { VIP_TIERS } from '@shopdesk/shared/constants';
import { EXPOSURE } from '@shopdesk/shared/mall/exposure';
import { MALL, MALL_CATEGORIES, type HomeAnswer, type MallSort, type ProductCard, type ShopView } from '@shopdesk/shared/mall/schemas';
import { PACKAGE_TYPES, PROMOTION_PACKAGES, type PackageType } from '@shopdesk/shared/products/packages';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern, rowsOf } from '../../lib/sql-text.ts';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { shopTextSql } from '../products/product-texts.ts';
import { countExposures } from './exposure-counter.ts';

/**
 * The mall's product lists. Only on-sale, published products of shops that are not
 * frozen are ever shown. Each product row carries its shop's active promotion package (the most
 * generous running one, as packages/package-service.activePackage picks it), so the
 * `recommended` sort can rank by the exposure score of packages/shared/src/mall/exposure.ts.
 */

/** A CASE over constant numbers (never user input), for the score's lookup tables. */
function caseOf(column: string, pairs: [string | number, number][], otherwise: number): string {
  const whens = pairs.map(([key, value]) => `when ${typeof key === 'number' ? key : `'${key}'`} then ${value}`).join(' ');
  return `(case ${column} ${whens} else ${otherwise} end)`;
}

/**
 * The exposure score in SQL over the aliases of `productRows` (sp: the product, s: its shop, pk:
 * the active package): the same rule as exposureScore() in packages/shared, term by term.
 */
export const exposureScoreSql = sql.raw(
  [
    `((ln(1 + greatest(sp.total_sales, 0)) * ${EXPOSURE.SALES_WEIGHT} + sp.rating_x10 / 10.0 + ln(1 + greatest(sp.views, 0))`,
    ` + (case when sp.created_at > now() - make_interval(days => ${EXPOSURE.NEW_DAYS}) then ${EXPOSURE.NEW_BONUS} else 0 end))`,
    ` * (1 + ${caseOf('s.vip_level', VIP_TIERS.map((t) => [t.level, t.exposurePct]), 0)} / 100.0)`,
    ` * ${caseOf('pk.type', PACKAGE_TYPES.map((t) => [t, EXPOSURE.PACKAGE_WEIGHT[t]]), 1)}`,
    ` + (case when sp.is_recommended and pk.id is not null then ${EXPOSURE.RECOMMENDED_BONUS} else 0 end)`,
    ` + (case when pk.id is not null and pk.exposures < ${caseOf('pk.type', PACKAGE_TYPES.map((t) => [t, PROMOTION_PACKAGES[t].guaranteedExposure]), 0)} then ${EXPOSURE.GUARANTEE_BONUS} else 0 end))`,
  ].join(''),
);

/** What the buyer pays now, in SQL (the shared pricing rule: list price, discounted within its dates). */
const listPriceSql = sql.raw(`round(sp.purchase_price_cents::numeric * (10000 + sp.profit_ratio_bp) / 10000)`);
const salePriceSql = sql`(case when sp.discount_ratio_bp > 0 and sp.discount_start <= now() and now() <= sp.discount_end
  then round(${listPriceSql} * (10000 - sp.discount_ratio_bp) / 10000) else ${listPriceSql} end)`;

const ORDER_BY: Record<MallSort, SQL> = {
  recommended: sql`${exposureScoreSql} desc, sp.id desc`,
  sales: sql`sp.total_sales desc, sp.id desc`,
  views: sql`sp.views desc, sp.id desc`,
  rating: sql`sp.rating_x10 desc, sp.total_sales desc, sp.id desc`,
  newest: sql`sp.created_at desc, sp.id desc`,
  price_asc: sql`${salePriceSql} asc, sp.id asc`,
  price_desc: sql`${salePriceSql} desc, sp.id desc`,
};

interface ProductRow {
  id: number;
  shop_id: number;
  shop_name: string;
  name: string;
  cover: string;
  category: string;
  purchase_price_cents: string | number;
  profit_ratio_bp: number;
  discount_ratio_bp: number;
  discount_start: string | Date | null;
  discount_end: string | Date | null;
  rating_x10: number;
  total_sales: number;
  views: number;
  stock: number;
  is_recommended: boolean;
  package_id: string | number | null;
  score: string | number;
  total?: string | number;
}

/** Shown products with their shop and active package, filtered by `where` (over sp, s, pk and the text joins), named in `lang`. */
function productRows(lang: LanguageCode, where: SQL, orderBy: SQL, limit: number, offset = 0, withTotal = false): SQL {
  const text = shopTextSql(lang);
  return sql`
    with pk as (
      select distinct on (p.shop_id) p.id, p.shop_id, p.type, p.exposures
      from promotion_packages p
      where p.replaced_at is null and p.purchased_at <= now() and p.expires_at > now()
      order by p.shop_id, p.max_recommended desc, p.expires_at desc
    )
    select sp.id, sp.shop_id, s.name as shop_name, ${text.name} as name, sp.cover, sp.category, sp.purchase_price_cents, sp.profit_ratio_bp,
      sp.discount_ratio_bp, sp.discount_start, sp.discount_end, sp.rating_x10, sp.total_sales, sp.views, sp.stock, sp.is_recommended,
      pk.id as package_id, ${exposureScoreSql} as score ${withTotal ? sql`, count(*) over () as total` : sql``}
    from shop_products sp
    join shops s on s.id = sp.shop_id
    left join pk on pk.shop_id = sp.shop_id
    ${text.join}
    where sp.status = 'on_sale' and sp.published and not s.frozen and ${where}
    order by ${orderBy}
    limit ${limit} offset ${offset}`;
}

export function toCard(r: ProductRow, now = new Date()): ProductCard {
  const pricing = priceProduct(
    { purchasePriceCents: Number(r.purchase_price_cents), profitRatioBp: r.profit_ratio_bp, discountRatioBp: r.discount_ratio_bp, discountStart: r.discount_start, discountEnd: r.discount_end },
    now,
  );
  return {
    productId: r.id,
    shopId: r.shop_id,
    shopName: r.shop_name,
    name: r.name,
    cover: r.cover,
    category: r.category,
    priceCents: pricing.priceCents,
    salePriceCents: pricing.salePriceCents,
    discountPct: pricing.discountActive ? r.discount_ratio_bp / 100 : null,
    ratingX10: r.rating_x10,
    totalSales: r.total_sales,
    views: r.views,
    stock: r.stock,
    isRecommended: r.is_recommended,
    promoted: r.package_id !== null,
  };
}

async function cards(db: DbOrTx, query: SQL): Promise<{ cards: ProductCard[]; total: number }> {
  const rows = rowsOf<ProductRow>(await db.execute(query));
  return { cards: rows.map((r) => toCard(r)), total: Number(rows[0]?.total ?? 0) };
}

export interface SearchInput {
  keyword?: string;
  category?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  minRating?: number;
  sort: MallSort;
  page: number;
  pageSize: number;
}

/** Who asks for a list, for the exposure count (see exposureViewerKey), and the count's window. */
export interface ExposureViewer {
  key: string;
  windowMinutes: number;
}

/**
 * GET /api/mall/products and a shop's products: one page, with the total, counted as exposures.
 * Names are in `lang` where translated; the keyword finds a product by that name or the English one.
 */
export async function searchProducts(db: Db, input: SearchInput & { shopId?: number }, viewer: ExposureViewer, lang: LanguageCode) {
  const filters: SQL[] = [sql`true`];
  if (input.shopId !== undefined) filters.push(sql`sp.shop_id = ${input.shopId}::integer`);
  if (input.keyword) filters.push(shopTextSql(lang).nameMatches(containsPattern(input.keyword)));
  if (input.category) filters.push(sql`sp.category = ${input.category}`);
  if (input.minPriceCents !== undefined) filters.push(sql`${salePriceSql} >= ${input.minPriceCents}::bigint`);
  if (input.maxPriceCents !== undefined) filters.push(sql`${salePriceSql} <= ${input.maxPriceCents}::bigint`);
  if (input.minRating !== undefined) filters.push(sql`sp.rating_x10 >= ${input.minRating * 10}::integer`);
  const where = sql.join(filters, sql` and `);
  const { cards: list, total } = await cards(db, productRows(lang, where, ORDER_BY[input.sort], input.pageSize, (input.page - 1) * input.pageSize, true));
  await countExposures(db, list, viewer.key, viewer.windowMinutes);
  // An empty page past the end still knows the total.
  const count = list.length > 0 || input.page === 1 ? total : await countProducts(db, where, lang);
  return { list, total: count, page: input.page, pageSize: input.pageSize };
}

async function countProducts(db: DbOrTx, where: SQL, lang: LanguageCode): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from shop_products sp join shops s on s.id = sp.shop_id ${shopTextSql(lang).join}
      where sp.status = 'on_sale' and sp.published and not s.frozen and ${where}`),
  );
  return Number(row.n);
}

/** The exposure score the database computes for shown products (the `recommended` sort's key), by product id. */
export async function exposureScores(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = rowsOf<ProductRow>(await db.execute(productRows('en-US', sql`sp.id in (${sql.join(productIds.map((id) => sql`${id}::integer`), sql`, `)})`, sql`sp.id`, productIds.length)));
  return new Map(rows.map((r) => [r.id, Number(r.score)]));
}

/** GET /api/mall/home: category tiles, banners of promoted shops, and four rankings of 10 (named in `lang`). */
export async function mallHome(db: Db, viewer: ExposureViewer, lang: LanguageCode): Promise<HomeAnswer> {
  const top = MALL.RANKING_SIZE;
  const [categoryRows, bannerRows, bestSelling, mostViewed, topRated, newest] = await Promise.all([
    db.execute(sql`
      select sp.category, count(*) as n from shop_products sp join shops s on s.id = sp.shop_id
      where sp.status = 'on_sale' and sp.published and not s.frozen group by sp.category`),
    db.execute(sql`
      with pk as (
        select distinct on (p.shop_id) p.id, p.shop_id, p.type, p.max_recommended, p.expires_at
        from promotion_packages p
        where p.replaced_at is null and p.purchased_at <= now() and p.expires_at > now()
        order by p.shop_id, p.max_recommended desc, p.expires_at desc
      )
      select s.id as shop_id, s.name as shop_name, s.logo, pk.type,
        array(select sp.id from shop_products sp where sp.shop_id = s.id and sp.status = 'on_sale' and sp.published
              order by sp.is_recommended desc, sp.total_sales desc, sp.id desc limit 4) as product_ids
      from pk join shops s on s.id = pk.shop_id
      where not s.frozen
      order by ${sql.raw(caseOf('pk.type', PACKAGE_TYPES.map((t, i) => [t, i]), -1))} desc, s.vip_level desc, s.id
      limit 8`),
    cards(db, productRows(lang, sql`true`, ORDER_BY.sales, top)),
    cards(db, productRows(lang, sql`true`, ORDER_BY.views, top)),
    cards(db, productRows(lang, sql`true`, ORDER_BY.rating, top)),
    cards(db, productRows(lang, sql`true`, ORDER_BY.newest, top)),
  ]);
  const counts = new Map(rowsOf<{ category: string; n: string | number }>(categoryRows).map((r) => [r.category, Number(r.n)]));
  const banners = rowsOf<{ shop_id: number; shop_name: string; logo: string; type: PackageType; product_ids: number[] }>(bannerRows)
    .map((b) => ({ shopId: b.shop_id, shopName: b.shop_name, logo: b.logo || null, packageType: b.type, productIds: (b.product_ids ?? []).map(Number) }))
    .filter((b) => b.productIds.length > 0);
  const shown = [bestSelling, mostViewed, topRated, newest].flatMap((c) => c.cards);
  await countExposures(db, [...shown, ...banners], viewer.key, viewer.windowMinutes);
  return {
    categories: MALL_CATEGORIES.map((key) => ({ key, productCount: counts.get(key) ?? 0 })),
    banners,
    rankings: { bestSelling: bestSelling.cards, mostViewed: mostViewed.cards, topRated: topRated.cards, newest: newest.cards },
  };
}

/** GET /api/mall/shops/:id. NOT_FOUND for an unknown or frozen shop. */
export async function mallShop(db: Db, shopId: number): Promise<ShopView> {
  const [row] = rowsOf<{ id: number; name: string; logo: string; description: string; vip_level: number; products: string | number; rating: string | number | null; type: PackageType | null }>(
    await db.execute(sql`
      select s.id, s.name, s.logo, s.description, s.vip_level,
        (select count(*) from shop_products sp where sp.shop_id = s.id and sp.status = 'on_sale' and sp.published) as products,
        (select round(avg(sp.rating_x10)) from shop_products sp where sp.shop_id = s.id and sp.status = 'on_sale' and sp.published) as rating,
        (select p.type from promotion_packages p where p.shop_id = s.id and p.replaced_at is null and p.purchased_at <= now() and p.expires_at > now()
          order by p.max_recommended desc, p.expires_at desc limit 1) as type
      from shops s where s.id = ${shopId}::integer and not s.frozen`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return {
    shopId: row.id,
    shopName: row.name,
    logo: row.logo || null,
    description: row.description,
    ratingX10: row.rating === null ? 0 : Number(row.rating),
    productCount: Number(row.products),
    vipLevel: row.vip_level,
    packageType: row.type,
  };
}
