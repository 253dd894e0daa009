import { ZodError } from 'zod';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@shopdesk/shared/envelope';
import {
  lessGenerousField,
  lowestUnitPrice,
  type PromotionSettings,
  type VoucherMargin,
  type VoucherMarginRow,
  type VoucherSaveAnswer,
  type VoucherStatus,
  type VoucherTerms,
  type VoucherView,
  VOUCHER_VM,
  VOUCHERS,
} from '@shopdesk/shared/marketing/vouchers';
import { applyRatioDown, applyRatioUp } from '@shopdesk/shared/products/pricing';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { shopProducts, shops, voucherClaims, voucherProducts, vouchers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { readPage } from '../../lib/read-page.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
type ProductRow = typeof shopProducts.$inferSelect;
type StoredTerms = Omit<VoucherTerms, 'acceptLoss'>;

/** Upcoming before its start; ended at its end or when the seller ended it early; running between. */
export function voucherStatus(v: Pick<VoucherRow, 'startsAt' | 'endsAt' | 'endedAt'>, now: Date): VoucherStatus {
  if (v.endedAt || now.getTime() >= v.endsAt.getTime()) return 'ended';
  return now.getTime() < v.startsAt.getTime() ? 'upcoming' : 'running';
}

export const voucherRunning = (v: Pick<VoucherRow, 'startsAt' | 'endsAt' | 'endedAt'>, now: Date) => voucherStatus(v, now) === 'running';

/** The SQL of "running at now" (the same rule as voucherStatus). */
export const voucherRunningSql = (now: Date): SQL =>
  and(isNull(vouchers.endedAt), lte(vouchers.startsAt, now), gt(vouchers.endsAt, now))!;

/** The SQL of "running at now and ending within VOUCHERS.ENDING_SOON_MS". */
export const voucherEndingSoonSql = (now: Date): SQL => and(voucherRunningSql(now), lte(vouchers.endsAt, new Date(now.getTime() + VOUCHERS.ENDING_SOON_MS)))!;

/** How many of the shop's vouchers run now and end within VOUCHERS.ENDING_SOON_MS (the dashboard's to-do strip). */
export async function vouchersEndingSoon(db: DbOrTx, shopId: number, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(vouchers).where(and(eq(vouchers.shopId, shopId), voucherEndingSoonSql(now)));
  return row?.n ?? 0;
}

function termsOf(v: VoucherRow, productIds: number[]): StoredTerms {
  return {
    name: v.name,
    scope: v.scope,
    productIds,
    kind: v.kind,
    amountOffCents: v.amountOffCents,
    percentOff: v.percentOff,
    maxDiscountCents: v.maxDiscountCents,
    minSpendCents: v.minSpendCents,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    totalQuantity: v.totalQuantity,
    perBuyerLimit: v.perBuyerLimit,
    visibility: v.visibility,
    code: v.code,
  };
}

/** The stored columns of the terms: the other kind's fields and a public voucher's code are dropped. */
function columnsOf(t: StoredTerms) {
  return {
    name: t.name,
    scope: t.scope,
    kind: t.kind,
    amountOffCents: t.kind === 'amount' ? t.amountOffCents : null,
    percentOff: t.kind === 'percent' ? t.percentOff : null,
    maxDiscountCents: t.kind === 'percent' ? t.maxDiscountCents : null,
    minSpendCents: t.minSpendCents,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    totalQuantity: t.totalQuantity,
    perBuyerLimit: t.perBuyerLimit,
    visibility: t.visibility,
    code: t.visibility === 'code' ? t.code : null,
  };
}

/** A field-level refusal, answered like the schema's own (400 VALIDATION_FAILED with the field's message). */
export function fieldError(path: string, message: string): ZodError {
  return new ZodError([{ code: 'custom', path: [path], message, input: undefined }]);
}

function normalized(t: VoucherTerms): StoredTerms {
  const { acceptLoss: _acceptLoss, ...terms } = t;
  const c = columnsOf(terms);
  return { ...c, productIds: t.scope === 'products' ? [...new Set(t.productIds)].sort((a, b) => a - b) : [] };
}

export async function productIdsOf(db: DbOrTx, voucherIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(voucherIds.map((id) => [id, []]));
  if (voucherIds.length === 0) return map;
  const rows = await db.select().from(voucherProducts).where(inArray(voucherProducts.voucherId, voucherIds)).orderBy(asc(voucherProducts.shopProductId));
  for (const r of rows) map.get(r.voucherId)!.push(r.shopProductId);
  return map;
}

function toView(v: VoucherRow, productIds: number[], claimedCount: number, now: Date): VoucherView {
  const terms = termsOf(v, productIds);
  return {
    id: v.id,
    ...terms,
    startsAt: terms.startsAt.toISOString(),
    endsAt: terms.endsAt.toISOString(),
    usedCount: v.usedCount,
    status: voucherStatus(v, now),
    endedAt: v.endedAt?.toISOString() ?? null,
    claimedCount,
    createdAt: v.createdAt.toISOString(),
  };
}

async function claimCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: voucherClaims.voucherId, n: count() }).from(voucherClaims).where(inArray(voucherClaims.voucherId, ids)).groupBy(voucherClaims.voucherId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function viewOf(db: DbOrTx, v: VoucherRow, now = new Date()): Promise<VoucherView> {
  const [products, claims] = await Promise.all([productIdsOf(db, [v.id]), claimCounts(db, [v.id])]);
  return toView(v, products.get(v.id) ?? [], claims.get(v.id) ?? 0, now);
}

// The margin guard --------------------------------------------------------------------------------

/**
 * The lowest price a product sells at during [start, end) before any voucher: its discount price
 * when its own discount's dates overlap the window, else its price.
 */
export function lowestListPrice(p: ProductRow, start: Date, end: Date): number {
  const price = applyRatioUp(p.purchasePriceCents, p.profitRatioBp);
  const overlaps = p.discountRatioBp > 0 && p.discountStart && p.discountEnd && p.discountStart.getTime() < end.getTime() && p.discountEnd.getTime() >= start.getTime();
  return overlaps ? applyRatioDown(price, p.discountRatioBp) : price;
}

/** Each affected product's lowest price under the terms against its purchase price, lowest profit first. */
async function marginOf(db: DbOrTx, shopId: number, terms: StoredTerms): Promise<VoucherMargin> {
  const [shop] = await db.select({ neverBelowCost: shops.neverBelowCost }).from(shops).where(eq(shops.id, shopId));
  const where = terms.scope === 'shop' ? eq(shopProducts.shopId, shopId) : and(eq(shopProducts.shopId, shopId), inArray(shopProducts.id, terms.productIds.length ? terms.productIds : [0]));
  const products = await db.select().from(shopProducts).where(where).orderBy(asc(shopProducts.id));
  if (terms.scope === 'products' && products.length !== terms.productIds.length) throw new AppError('NOT_FOUND');
  const rows: VoucherMarginRow[] = products.map((p) => {
    const priceCents = lowestListPrice(p, terms.startsAt, terms.endsAt);
    const lowestPriceCents = lowestUnitPrice(terms, priceCents);
    const unitProfitCents = lowestPriceCents - p.purchasePriceCents;
    return { productId: p.id, name: p.name, priceCents, lowestPriceCents, purchasePriceCents: p.purchasePriceCents, unitProfitCents, belowCost: unitProfitCents < 0 };
  });
  rows.sort((a, b) => a.unitProfitCents - b.unitProfitCents || a.productId - b.productId);
  return { products: rows, belowCostCount: rows.filter((r) => r.belowCost).length, neverBelowCost: shop?.neverBelowCost ?? false };
}

const VOUCHER_REFUSALS = { loss: 'VOUCHER_BELOW_COST', refused: 'VOUCHER_BELOW_COST_REFUSED' } as const;

/**
 * Refuses terms that sell below cost: always under "never below cost", else unless the seller
 * accepted the loss (the refusals name the promotion: a voucher's, or a deal's).
 */
export function guardMargin(
  margin: VoucherMargin,
  acceptLoss: boolean,
  refusals: { loss: 'VOUCHER_BELOW_COST' | 'DEAL_BELOW_COST'; refused: 'VOUCHER_BELOW_COST_REFUSED' | 'DEAL_BELOW_COST_REFUSED' } = VOUCHER_REFUSALS,
) {
  if (margin.belowCostCount === 0) return;
  if (margin.neverBelowCost) throw new AppError(refusals.refused, { count: margin.belowCostCount }, margin);
  if (!acceptLoss) throw new AppError(refusals.loss, { count: margin.belowCostCount }, margin);
}

/** POST /api/marketing/vouchers/preview: the margin of terms, nothing saved. */
export async function previewVoucher(db: Db, shopId: number, body: VoucherTerms): Promise<VoucherMargin> {
  return marginOf(db, shopId, normalized(body));
}

// Create, edit, end --------------------------------------------------------------------------------

async function assertCodeFree(tx: Tx, shopId: number, code: string | null, exceptId: number | null) {
  if (code === null) return;
  const [taken] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.shopId, shopId), eq(vouchers.code, code), exceptId === null ? undefined : sql`${vouchers.id} <> ${exceptId}`));
  if (taken) throw new AppError('VOUCHER_CODE_TAKEN');
}

async function setProducts(tx: Tx, voucherId: number, productIds: number[]) {
  await tx.delete(voucherProducts).where(eq(voucherProducts.voucherId, voucherId));
  if (productIds.length) await tx.insert(voucherProducts).values(productIds.map((shopProductId) => ({ voucherId, shopProductId })));
}

/**
 * POST /api/marketing/vouchers/create. The end must be in the future; the chosen products must be
 * the shop's (NOT_FOUND otherwise); the code free in the shop (VOUCHER_CODE_TAKEN); the margin guard
 * passed. Nothing is written on a refusal.
 */
export async function createVoucher(db: Db, shopId: number, userId: number, body: VoucherTerms): Promise<VoucherSaveAnswer> {
  const terms = normalized(body);
  const now = new Date();
  if (terms.endsAt.getTime() <= now.getTime()) throw fieldError('endsAt', VOUCHER_VM.endPast);
  return db.transaction(async (tx) => {
    const margin = await marginOf(tx, shopId, terms);
    await assertCodeFree(tx, shopId, terms.code, null);
    guardMargin(margin, body.acceptLoss);
    const { productIds, ...rest } = terms;
    const [row] = await tx.insert(vouchers).values({ ...columnsOf({ ...rest, productIds }), shopId, createdBy: userId }).returning();
    await setProducts(tx, row.id, productIds);
    await recordActivity(tx, { shopId, userId, action: 'voucher_created', subject: row.name, detail: { voucherId: row.id } });
    return { voucher: await viewOf(tx, row, now), margin };
  });
}

async function lockVoucher(tx: Tx, shopId: number, id: number): Promise<VoucherRow> {
  const [row] = await tx.select().from(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId))).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * POST /api/marketing/vouchers/:id/update: the whole terms again. An ended voucher cannot change
 * (VOUCHER_ENDED); a started one only becomes more generous (VOUCHER_LESS_GENEROUS names the field,
 * lessGenerousField); the margin guard as for a new one.
 */
export async function updateVoucher(db: Db, shopId: number, userId: number, id: number, body: VoucherTerms): Promise<VoucherSaveAnswer> {
  const terms = normalized(body);
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await lockVoucher(tx, shopId, id);
    const status = voucherStatus(row, now);
    if (status === 'ended') throw new AppError('VOUCHER_ENDED');
    if (status === 'running') {
      const before = termsOf(row, (await productIdsOf(tx, [id])).get(id) ?? []);
      const field = lessGenerousField(before, terms);
      if (field) throw new AppError('VOUCHER_LESS_GENEROUS', { fieldKey: `voucher.field.${field}` });
    } else if (terms.endsAt.getTime() <= now.getTime()) {
      throw fieldError('endsAt', VOUCHER_VM.endPast);
    }
    const margin = await marginOf(tx, shopId, terms);
    await assertCodeFree(tx, shopId, terms.code, id);
    guardMargin(margin, body.acceptLoss);
    const { productIds, ...rest } = terms;
    const [updated] = await tx
      .update(vouchers)
      .set({ ...columnsOf({ ...rest, productIds }), updatedAt: now })
      .where(eq(vouchers.id, id))
      .returning();
    await setProducts(tx, id, productIds);
    await recordActivity(tx, { shopId, userId, action: 'voucher_updated', subject: updated.name, detail: { voucherId: id } });
    return { voucher: await viewOf(tx, updated, now), margin };
  });
}

/** POST /api/marketing/vouchers/:id/end: ends it now (VOUCHER_ENDED when it already has). Claims stay; no new use. */
export async function endVoucher(db: Db, shopId: number, userId: number, id: number): Promise<VoucherView> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const row = await lockVoucher(tx, shopId, id);
    if (voucherStatus(row, now) === 'ended') throw new AppError('VOUCHER_ENDED');
    const [updated] = await tx.update(vouchers).set({ endedAt: now, updatedAt: now }).where(eq(vouchers.id, id)).returning();
    await recordActivity(tx, { shopId, userId, action: 'voucher_ended', subject: updated.name, detail: { voucherId: id } });
    return viewOf(tx, updated, now);
  });
}

/** GET /api/marketing/vouchers/:id. */
export async function voucherDetail(db: Db, shopId: number, id: number): Promise<VoucherView> {
  const [row] = await db.select().from(vouchers).where(and(eq(vouchers.id, id), eq(vouchers.shopId, shopId)));
  if (!row) throw new AppError('NOT_FOUND');
  return viewOf(db, row);
}

function statusSql(status: VoucherStatus, now: Date): SQL {
  if (status === 'running') return voucherRunningSql(now);
  if (status === 'upcoming') return and(isNull(vouchers.endedAt), gt(vouchers.startsAt, now))!;
  return or(isNotNull(vouchers.endedAt), lte(vouchers.endsAt, now))!;
}

/** GET /api/marketing/vouchers: the shop's vouchers, newest first, by status (and only those ending soon). */
export async function listVouchers(db: Db, shopId: number, query: { page: number; pageSize: number; status?: VoucherStatus; ending?: 'soon' }): Promise<Paged<VoucherView>> {
  const now = new Date();
  const where = and(eq(vouchers.shopId, shopId), query.status ? statusSql(query.status, now) : undefined, query.ending === 'soon' ? voucherEndingSoonSql(now) : undefined);
  const page = await readPage(
    query,
    (limit, offset) => db.select().from(vouchers).where(where).orderBy(desc(vouchers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(vouchers).where(where),
    (row): VoucherRow => row,
  );
  const ids = page.list.map((v) => v.id);
  const [products, claims] = await Promise.all([productIdsOf(db, ids), claimCounts(db, ids)]);
  return { ...page, list: page.list.map((v) => toView(v, products.get(v.id) ?? [], claims.get(v.id) ?? 0, now)) };
}

export async function promotionSettingsOf(db: Db, shopId: number): Promise<PromotionSettings> {
  const [row] = await db.select({ neverBelowCost: shops.neverBelowCost }).from(shops).where(eq(shops.id, shopId));
  return { neverBelowCost: row?.neverBelowCost ?? false };
}

export async function savePromotionSettings(db: Db, shopId: number, settings: PromotionSettings): Promise<PromotionSettings> {
  await db.update(shops).set({ neverBelowCost: settings.neverBelowCost }).where(eq(shops.id, shopId));
  return promotionSettingsOf(db, shopId);
}
