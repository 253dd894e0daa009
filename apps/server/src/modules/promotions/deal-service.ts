import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@shopdesk/shared/envelope';
import { DEAL_VM, lessGenerousDealField, type DealSaveAnswer, type DealStatus, type DealTerms, type DealView } from '@shopdesk/shared/marketing/deals';
import type { VoucherMargin } from '@shopdesk/shared/marketing/vouchers';
import { applyRatioUp } from '@shopdesk/shared/products/pricing';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { flashDeals, shopProducts, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { readPage } from '../../lib/read-page.ts';
import { fieldError, guardMargin, lowestListPrice, voucherStatus } from './voucher-service.ts';

export type DealRow = typeof flashDeals.$inferSelect;
type ProductRow = typeof shopProducts.$inferSelect;
type StoredTerms = Omit<DealTerms, 'acceptLoss'>;

/** Upcoming, running or ended: the vouchers' rule (the window and an early end). */
export const dealStatus = (d: Pick<DealRow, 'startsAt' | 'endsAt' | 'endedAt'>, now: Date): DealStatus => voucherStatus(d, now);

/** The SQL of "running at now" (the same rule as dealStatus). */
export const dealRunningSql = (now: Date): SQL => and(isNull(flashDeals.endedAt), lte(flashDeals.startsAt, now), gt(flashDeals.endsAt, now))!;

/** The product's price before its own discount: the deal price must be below it. */
export const normalPriceOf = (p: Pick<ProductRow, 'purchasePriceCents' | 'profitRatioBp'>) => applyRatioUp(p.purchasePriceCents, p.profitRatioBp);

function toView(d: DealRow, p: ProductRow, now: Date): DealView {
  return {
    id: d.id,
    productId: p.id,
    productName: p.name,
    productCover: p.cover,
    normalPriceCents: normalPriceOf(p),
    purchasePriceCents: p.purchasePriceCents,
    dealPriceCents: d.dealPriceCents,
    startsAt: d.startsAt.toISOString(),
    endsAt: d.endsAt.toISOString(),
    stockCap: d.stockCap,
    soldCount: d.soldCount,
    status: dealStatus(d, now),
    endedAt: d.endedAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

/** The shop's product (NOT_FOUND otherwise), locked when a deal of it is saved (two saves of one product's deals queue). */
async function shopProduct(db: DbOrTx, shopId: number, productId: number, lock: boolean): Promise<ProductRow> {
  const query = db.select().from(shopProducts).where(and(eq(shopProducts.id, productId), eq(shopProducts.shopId, shopId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * The margin guard for a deal: the product's price over the window (its own discount counted when
 * its dates overlap) and the deal price against its purchase cost, in the vouchers' shape.
 */
async function marginOf(db: DbOrTx, shopId: number, p: ProductRow, terms: StoredTerms): Promise<VoucherMargin> {
  const [shop] = await db.select({ neverBelowCost: shops.neverBelowCost }).from(shops).where(eq(shops.id, shopId));
  const unitProfitCents = terms.dealPriceCents - p.purchasePriceCents;
  const row = {
    productId: p.id,
    name: p.name,
    priceCents: lowestListPrice(p, terms.startsAt, terms.endsAt),
    lowestPriceCents: terms.dealPriceCents,
    purchasePriceCents: p.purchasePriceCents,
    unitProfitCents,
    belowCost: unitProfitCents < 0,
  };
  return { products: [row], belowCostCount: row.belowCost ? 1 : 0, neverBelowCost: shop?.neverBelowCost ?? false };
}

const normalized = ({ acceptLoss: _acceptLoss, ...terms }: DealTerms): StoredTerms => terms;

/** The deal price must be below the product's normal price (else it is no deal). */
function assertBelowNormal(p: ProductRow, terms: StoredTerms) {
  if (terms.dealPriceCents >= normalPriceOf(p)) throw fieldError('dealPriceCents', DEAL_VM.priceNotBelowNormal);
}

/** One deal of a product at a time: another one not ended early whose window overlaps is DEAL_OVERLAP. */
async function assertNoOverlap(tx: Tx, terms: StoredTerms, exceptId: number | null) {
  const [other] = await tx
    .select({ id: flashDeals.id })
    .from(flashDeals)
    .where(
      and(
        eq(flashDeals.shopProductId, terms.productId),
        isNull(flashDeals.endedAt),
        lt(flashDeals.startsAt, terms.endsAt),
        gt(flashDeals.endsAt, terms.startsAt),
        exceptId === null ? undefined : sql`${flashDeals.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (other) throw new AppError('DEAL_OVERLAP');
}

/** POST /api/marketing/deals/preview: the margin of terms, nothing saved. */
export async function previewDeal(db: Db, shopId: number, body: DealTerms): Promise<VoucherMargin> {
  const terms = normalized(body);
  const p = await shopProduct(db, shopId, terms.productId, false);
  return marginOf(db, shopId, p, terms);
}

const columnsOf = (t: StoredTerms) => ({ shopProductId: t.productId, dealPriceCents: t.dealPriceCents, startsAt: t.startsAt, endsAt: t.endsAt, stockCap: t.stockCap });

/**
 * POST /api/marketing/deals/create. The product must be the shop's (NOT_FOUND), the end in the future,
 * the price below the product's normal price, no other deal of the product in the window
 * (DEAL_OVERLAP), the margin guard passed. Nothing is written on a refusal.
 */
export async function createDeal(db: Db, shopId: number, userId: number, body: DealTerms): Promise<DealSaveAnswer> {
  const terms = normalized(body);
  const now = new Date();
  if (terms.endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', DEAL_VM.endPast);
  return db.transaction(async (tx) => {
    const p = await shopProduct(tx, shopId, terms.productId, true);
    assertBelowNormal(p, terms);
    await assertNoOverlap(tx, terms, null);
    const margin = await marginOf(tx, shopId, p, terms);
    guardMargin(margin, body.acceptLoss, { loss: 'DEAL_BELOW_COST', refused: 'DEAL_BELOW_COST_REFUSED' });
    const [row] = await tx.insert(flashDeals).values({ ...columnsOf(terms), shopId, createdBy: userId }).returning();
    return { deal: toView(row, p, now), margin };
  });
}

async function lockDeal(tx: Tx, shopId: number, id: number): Promise<DealRow> {
  const [row] = await tx.select().from(flashDeals).where(and(eq(flashDeals.id, id), eq(flashDeals.shopId, shopId))).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * POST /api/marketing/deals/:id/update: the whole terms again. An ended deal cannot change
 * (DEAL_ENDED); a running one only becomes more generous (DEAL_LESS_GENEROUS names the field); the cap
 * never below the units sold; the other checks as for a new one.
 */
export async function updateDeal(db: Db, shopId: number, id: number, body: DealTerms): Promise<DealSaveAnswer> {
  const terms = normalized(body);
  const now = new Date();
  return db.transaction(async (tx) => {
    // The product before the deal: the lock order of the checkout.
    const [current] = await tx.select({ productId: flashDeals.shopProductId }).from(flashDeals).where(and(eq(flashDeals.id, id), eq(flashDeals.shopId, shopId)));
    if (!current) throw new AppError('NOT_FOUND');
    const p = await shopProduct(tx, shopId, terms.productId, true);
    const row = await lockDeal(tx, shopId, id);
    const status = dealStatus(row, now);
    if (status === 'ended') throw new AppError('DEAL_ENDED');
    if (status === 'running') {
      const field = lessGenerousDealField({ productId: row.shopProductId, dealPriceCents: row.dealPriceCents, startsAt: row.startsAt, endsAt: row.endsAt, stockCap: row.stockCap }, terms);
      if (field) throw new AppError('DEAL_LESS_GENEROUS', { fieldKey: `deal.field.${field}` });
    } else if (terms.endsAt.getTime() <= now.getTime()) {
      throw fieldError('endsAt', DEAL_VM.endPast);
    }
    if (terms.stockCap < row.soldCount) throw fieldError('stockCap', DEAL_VM.cap);
    assertBelowNormal(p, terms);
    await assertNoOverlap(tx, terms, id);
    const margin = await marginOf(tx, shopId, p, terms);
    guardMargin(margin, body.acceptLoss, { loss: 'DEAL_BELOW_COST', refused: 'DEAL_BELOW_COST_REFUSED' });
    const [updated] = await tx
      .update(flashDeals)
      .set({ ...columnsOf(terms), updatedAt: now })
      .where(eq(flashDeals.id, id))
      .returning();
    return { deal: toView(updated, p, now), margin };
  });
}

/** POST /api/marketing/deals/:id/end: ends it now (DEAL_ENDED when it already has); the normal price returns at once. */
export async function endDeal(db: Db, shopId: number, id: number): Promise<DealView> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await lockDeal(tx, shopId, id);
    if (dealStatus(row, now) === 'ended') throw new AppError('DEAL_ENDED');
    const [updated] = await tx.update(flashDeals).set({ endedAt: now, updatedAt: now }).where(eq(flashDeals.id, id)).returning();
    const p = await shopProduct(tx, shopId, updated.shopProductId, false);
    return toView(updated, p, now);
  });
}

/** GET /api/marketing/deals/:id. */
export async function dealDetail(db: Db, shopId: number, id: number): Promise<DealView> {
  const [row] = await db.select({ deal: flashDeals, product: shopProducts }).from(flashDeals).innerJoin(shopProducts, eq(shopProducts.id, flashDeals.shopProductId)).where(and(eq(flashDeals.id, id), eq(flashDeals.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  return toView(row.deal, row.product, new Date());
}

function statusSql(status: DealStatus, now: Date): SQL {
  if (status === 'running') return dealRunningSql(now);
  if (status === 'upcoming') return and(isNull(flashDeals.endedAt), gt(flashDeals.startsAt, now))!;
  return or(isNotNull(flashDeals.endedAt), lte(flashDeals.endsAt, now))!;
}

/** GET /api/marketing/deals: the shop's deals, newest first, by status. */
export async function listDeals(db: Db, shopId: number, query: { page: number; pageSize: number; status?: DealStatus }): Promise<Paged<DealView>> {
  const now = new Date();
  const where = and(eq(flashDeals.shopId, shopId), query.status ? statusSql(query.status, now) : undefined);
  return readPage(
    query,
    (limit, offset) => db.select({ deal: flashDeals, product: shopProducts }).from(flashDeals).innerJoin(shopProducts, eq(shopProducts.id, flashDeals.shopProductId)).where(where).orderBy(desc(flashDeals.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(flashDeals).where(where),
    (r) => toView(r.deal, r.product, now),
  );
}

/** The deals running at `now` of these products, by product (one at most each: no overlaps). */
export async function runningDeals(db: DbOrTx, productIds: readonly number[], now: Date): Promise<Map<number, DealRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.select().from(flashDeals).where(and(inArray(flashDeals.shopProductId, [...productIds]), dealRunningSql(now)));
  return new Map(rows.map((d) => [d.shopProductId, d]));
}
