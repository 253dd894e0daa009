import { aliasedTable, and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { orderStage } from '@shopdesk/shared/orders/lifecycle';
import type { AppealRow, OpsBuyerRow, OpsShopDetail, OpsShopOrderRow, OpsShopRow, ShopAppealState } from '@shopdesk/shared/ops/catalog';
import type { Db } from '../../db/client.ts';
import { buyers, creditEvents, orders, shopAppeals, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-text.ts';
import { buyerSessionsEnded } from '../storefront/buyer-auth.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { updateShopStanding } from './ops-service.ts';

type Page = { page: number; pageSize: number };

const balance = (code: SQL) => sql<number>`coalesce((select balance_cents from ledger_accounts where code = ${code}), 0)::bigint`;
const shopColumns = {
  id: shops.id,
  name: shops.name,
  ownerUsername: users.username,
  ownerName: users.name,
  ownerEmail: users.email,
  creditScore: shops.creditScore,
  vipLevel: shops.vipLevel,
  frozen: shops.frozen,
  frozenReason: shops.frozenReason,
  approval: shops.approval,
  totalTopUpCents: shops.totalTopUpCents,
  whatsapp: shops.whatsapp,
  availableCents: balance(sql`'shop:' || ${shops.id} || ':available'`),
  frozenCents: balance(sql`'shop:' || ${shops.id} || ':frozen'`),
  ordersCount: sql<number>`(select count(*)::int from orders o where o.shop_id = ${shops.id})`,
  productsCount: sql<number>`(select count(*)::int from shop_products p where p.shop_id = ${shops.id})`,
  openAppeal: sql<boolean>`exists (select 1 from shop_appeals a where a.shop_id = ${shops.id} and a.status = 'open')`,
  createdAt: shops.createdAt,
};
type ShopRecord = { [K in keyof typeof shopColumns]: unknown } & { createdAt: Date };

function toShopRow(r: ShopRecord): OpsShopRow {
  return {
    id: r.id as number,
    name: r.name as string,
    ownerUsername: r.ownerUsername as string,
    ownerName: r.ownerName as string,
    creditScore: r.creditScore as number,
    vipLevel: r.vipLevel as number,
    frozen: r.frozen as boolean,
    frozenReason: r.frozenReason as string,
    approval: r.approval as string,
    availableCents: Number(r.availableCents),
    frozenCents: Number(r.frozenCents),
    ordersCount: Number(r.ordersCount),
    productsCount: Number(r.productsCount),
    openAppeal: Boolean(r.openAppeal),
    createTime: r.createdAt.toISOString(),
  };
}

/** Shops by name, owner or id (frozen ones first when asked), newest first. */
export async function listShops(db: Db, q: Page & { q?: string; frozen?: boolean }) {
  const parts: SQL[] = [];
  if (q.q) {
    const pattern = containsPattern(q.q);
    const byText = or(ilike(shops.name, pattern), ilike(users.username, pattern), ilike(users.name, pattern))!;
    parts.push(/^\d{1,9}$/.test(q.q) ? or(eq(shops.id, Number(q.q)), byText)! : byText);
  }
  if (q.frozen !== undefined) parts.push(eq(shops.frozen, q.frozen));
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(shopColumns).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId)).where(where).orderBy(desc(shops.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId)).where(where),
  ]);
  return { list: rows.map((r) => toShopRow(r as ShopRecord)), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

const answeredBy = aliasedTable(users, 'answered_by_user');

async function appealsWhere(db: Db, where: SQL): Promise<AppealRow[]> {
  const rows = await db
    .select({ appeal: shopAppeals, shopName: shops.name, answeredByName: sql<string | null>`coalesce(nullif(${answeredBy.name}, ''), ${answeredBy.username})` })
    .from(shopAppeals)
    .innerJoin(shops, eq(shops.id, shopAppeals.shopId))
    .leftJoin(answeredBy, eq(answeredBy.id, shopAppeals.answeredBy))
    .where(where)
    .orderBy(desc(shopAppeals.id))
    .limit(200);
  return rows.map(({ appeal, shopName, answeredByName }) => ({
    id: appeal.id,
    shopId: appeal.shopId,
    shopName,
    text: appeal.text,
    status: appeal.status,
    answer: appeal.answer,
    answeredByName,
    answerTime: appeal.answeredAt?.toISOString() ?? null,
    createTime: appeal.createdAt.toISOString(),
  }));
}

/** A shop's page for the operator: owner, balances, standing, counts and its appeals. */
export async function shopDetail(db: Db, shopId: number): Promise<OpsShopDetail> {
  const [row] = await db.select(shopColumns).from(shops).innerJoin(users, eq(users.id, shops.ownerUserId)).where(eq(shops.id, shopId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...toShopRow(row as ShopRecord),
    ownerEmail: row.ownerEmail,
    totalTopUpCents: row.totalTopUpCents,
    whatsapp: row.whatsapp,
    appeals: await appealsWhere(db, eq(shopAppeals.shopId, shopId)),
    creditEvents: (await db.select().from(creditEvents).where(eq(creditEvents.shopId, shopId)).orderBy(desc(creditEvents.id)).limit(100)).map((e) => ({
      id: e.id,
      delta: e.delta,
      reason: e.reason,
      ref: e.ref,
      note: e.note,
      scoreAfter: e.scoreAfter,
      createTime: e.createdAt.toISOString(),
    })),
  };
}

/** A shop's orders for its console page, newest first, each at the stage its seller sees. */
export async function shopOrdersPage(db: Db, shopId: number, q: Page) {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, buyerName: sql<string>`coalesce(nullif(${buyers.nickname}, ''), ${buyers.username})` })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .where(eq(orders.shopId, shopId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(orders).where(eq(orders.shopId, shopId)),
  ]);
  const now = Date.now();
  const list: OpsShopOrderRow[] = rows.map(({ order: o, buyerName }) => ({
    id: o.id,
    orderNo: o.orderNo,
    productName: o.productName,
    quantity: o.quantity,
    amountCents: Number(o.amountCents),
    profitCents: Number(o.profitCents),
    buyerName,
    stage: orderStage({ ...o, overdue: o.purchaseDeadline.getTime() <= now }, 'seller'),
    createTime: o.createdAt.toISOString(),
  }));
  return { list, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Mall buyers by username or nickname, newest first, with their wallet and orders. */
const buyerColumns = {
  id: buyers.id,
  username: buyers.username,
  nickname: buyers.nickname,
  // Spelled out: a one-table select leaves its columns unqualified, which the subqueries would misread.
  walletCents: balance(sql`'buyer:' || "buyers"."id" || ':wallet'`),
  ordersCount: sql<number>`(select count(*)::int from orders o where o.buyer_id = "buyers"."id")`,
  createdAt: buyers.createdAt,
  frozen: buyers.frozen,
  frozenReason: buyers.frozenReason,
};

function buyerRow(r: { id: number; username: string; nickname: string; walletCents: number; ordersCount: number; createdAt: Date; frozen: boolean; frozenReason: string }): OpsBuyerRow {
  const { createdAt, ...rest } = r;
  return { ...rest, walletCents: Number(r.walletCents), ordersCount: Number(r.ordersCount), createTime: createdAt.toISOString() };
}

export async function listBuyers(db: Db, q: Page & { q?: string }) {
  const where = q.q ? or(ilike(buyers.username, containsPattern(q.q)), ilike(buyers.nickname, containsPattern(q.q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(buyerColumns).from(buyers).where(where).orderBy(desc(buyers.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(buyers).where(where),
  ]);
  return { list: rows.map(buyerRow), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/**
 * Freezes (with the reason the buyer is shown at login) or unfreezes a buyer's account, audited with
 * before and after. A frozen buyer's sessions stop working at once (storefront/buyer-auth.ts).
 */
export async function setBuyerFrozen(db: Db, operatorUserId: number, buyerId: number, change: { frozen: true; reason: string } | { frozen: false }): Promise<OpsBuyerRow> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select({ frozen: buyers.frozen, frozenReason: buyers.frozenReason }).from(buyers).where(eq(buyers.id, buyerId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const after = change.frozen ? { frozen: true, frozenReason: change.reason } : { frozen: false, frozenReason: '' };
    await tx.update(buyers).set(after).where(eq(buyers.id, buyerId));
    await recordOperatorAction(tx, operatorUserId, change.frozen ? 'buyer.freeze' : 'buyer.unfreeze', 'buyer', buyerId, before, after);
    const [row] = await tx.select(buyerColumns).from(buyers).where(eq(buyers.id, buyerId));
    return buyerRow(row);
  });
  // After the commit: a lookup in between would cache the session as still valid.
  if (change.frozen) buyerSessionsEnded(db, { userId: buyerId });
  return row;
}

export function appealsByStatus(db: Db, status: 'open' | 'answered') {
  return appealsWhere(db, eq(shopAppeals.status, status));
}

/** What the frozen notice shows a seller: the reason and their latest appeal. */
export async function shopAppealState(db: Db, shopId: number): Promise<ShopAppealState> {
  const [shop] = await db.select({ frozen: shops.frozen, frozenReason: shops.frozenReason }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  const [latest] = await appealsWhere(db, eq(shopAppeals.shopId, shopId));
  return { ...shop, appeal: latest ?? null };
}

/** A frozen shop's appeal; one waits for an answer at a time. */
export async function submitAppeal(db: Db, shopId: number, userId: number, text: string): Promise<ShopAppealState> {
  await db.transaction(async (tx) => {
    const [shop] = await tx.select({ frozen: shops.frozen }).from(shops).where(eq(shops.id, shopId)).for('update');
    if (!shop?.frozen) throw new AppError('APPEAL_NOT_FROZEN');
    const [row] = await tx.insert(shopAppeals).values({ shopId, userId, text }).onConflictDoNothing().returning({ id: shopAppeals.id });
    if (!row) throw new AppError('APPEAL_ALREADY_OPEN');
  });
  return shopAppealState(db, shopId);
}

/** The operator answers an open appeal, and may unfreeze the shop with it (both audited). */
export async function answerAppeal(db: Db, operatorUserId: number, appealId: number, input: { answer: string; unfreeze: boolean }): Promise<AppealRow> {
  const shopId = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(shopAppeals).where(eq(shopAppeals.id, appealId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'open') throw new AppError('ALREADY_DECIDED');
    const [after] = await tx
      .update(shopAppeals)
      .set({ status: 'answered', answer: input.answer, answeredBy: operatorUserId, answeredAt: sql`now()` })
      .where(eq(shopAppeals.id, appealId))
      .returning();
    const pick = (a: typeof before) => ({ status: a.status, answer: a.answer });
    await recordOperatorAction(tx, operatorUserId, 'appeal.answer', 'shop', before.shopId, pick(before), pick(after!));
    return before.shopId;
  });
  if (input.unfreeze) await updateShopStanding(db, operatorUserId, shopId, { frozen: false, reason: input.answer });
  const [row] = await appealsWhere(db, eq(shopAppeals.id, appealId));
  return row!;
}
