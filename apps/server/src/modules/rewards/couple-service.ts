import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { DAY_MS } from '@shopdesk/shared/time';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import {
  COUPLE_REQUEST_TTL_DAYS,
  type CoupleApplyAnswer,
  type CoupleLink,
  type CoupleLinkStatus,
  type CoupleRequest,
  type CoupleRespondAnswer,
  type CoupleRewardBasis,
} from '@shopdesk/shared/marketing/rewards-schemas';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { coupleLinks, coupleMembers, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { notifyShop } from '../notifications/notification-service.ts';

/**
 * Couple linking (SPEC §4): shop A asks shop B by its id, B agrees or declines, and the link is
 * made for good. Each shop takes part in one open relation at a time (a pending request either
 * way, or its link): `couple_members` has the shop as primary key, so the database refuses a
 * second one whatever the races. Requests and answers also take an advisory lock per shop of the
 * pair in id order, so two requests touching the same shop run one after the other: A→B and B→A
 * at once end in one link (the second finds the first and accepts it), C→B racing A→B finds B busy.
 */
type LinkRow = typeof coupleLinks.$inferSelect;

/** Advisory lock class of "one shop's couple relation" (notifications use 0x5d01). */
const COUPLE_LOCK_CLASS = 0x5d10;

async function lockShops(tx: Tx, shopIds: number[]) {
  for (const id of [...new Set(shopIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${COUPLE_LOCK_CLASS}::int, ${id}::int)`);
  }
}

/** Pending requests of these shops whose time ran out become `expired` and free their shops. */
async function expireLapsed(tx: Tx, shopIds: number[]) {
  const lapsed = await tx
    .update(coupleLinks)
    .set({ status: 'expired', decidedAt: sql`now()` })
    .where(
      and(
        eq(coupleLinks.status, 'pending'),
        lt(coupleLinks.expiresAt, sql`now()`),
        or(inArray(coupleLinks.fromShopId, shopIds), inArray(coupleLinks.toShopId, shopIds)),
      ),
    )
    .returning({ id: coupleLinks.id });
  if (lapsed.length > 0) await tx.delete(coupleMembers).where(inArray(coupleMembers.linkId, lapsed.map((l) => l.id)));
}

/** The open relation a shop takes part in, if any. */
async function openRelationOf(tx: DbOrTx, shopId: number): Promise<LinkRow | null> {
  const [row] = await tx
    .select({ link: coupleLinks })
    .from(coupleMembers)
    .innerJoin(coupleLinks, eq(coupleLinks.id, coupleMembers.linkId))
    .where(eq(coupleMembers.shopId, shopId));
  return row?.link ?? null;
}

async function shopNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function requestView(row: LinkRow, names: Map<number, string>): CoupleRequest {
  const lapsed = row.status === 'pending' && row.expiresAt.getTime() < Date.now();
  return {
    requestId: row.id,
    from: { shopId: row.fromShopId, shopName: names.get(row.fromShopId) ?? '' },
    to: { shopId: row.toShopId, shopName: names.get(row.toShopId) ?? '' },
    status: lapsed ? 'expired' : (row.status as CoupleLinkStatus),
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function linkView(row: LinkRow, shopId: number, names: Map<number, string>): CoupleLink {
  const partnerId = row.fromShopId === shopId ? row.toShopId : row.fromShopId;
  return {
    linkId: row.id,
    partner: { shopId: partnerId, shopName: names.get(partnerId) ?? '' },
    linkedAt: row.decidedAt!.toISOString(),
    basis: row.basis as CoupleRewardBasis,
  };
}

/** Turns a pending request into the link: both sides' top-up so far is their baseline. */
async function establish(tx: Tx, request: LinkRow, basis: CoupleRewardBasis): Promise<LinkRow> {
  const totals = await tx.select({ id: shops.id, total: shops.totalTopUpCents }).from(shops).where(inArray(shops.id, [request.fromShopId, request.toShopId]));
  const totalOf = (id: number) => totals.find((t) => t.id === id)?.total ?? 0;
  const [linked] = await tx
    .update(coupleLinks)
    .set({ status: 'linked', basis, fromBaseTopUpCents: totalOf(request.fromShopId), toBaseTopUpCents: totalOf(request.toShopId), decidedAt: sql`now()` })
    .where(and(eq(coupleLinks.id, request.id), eq(coupleLinks.status, 'pending')))
    .returning();
  if (!linked) throw new AppError('COUPLE_REQUEST_CLOSED');
  return linked;
}

async function notifyAnswer(tx: Tx, link: LinkRow, accepted: boolean, names: Map<number, string>) {
  await notifyShop(tx, {
    shopId: link.fromShopId,
    title: NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY,
    content: accepted ? NOTIFICATION_CONTENT.COUPLE_ACCEPTED : NOTIFICATION_CONTENT.COUPLE_DECLINED,
    payload: { requestId: link.id, shopId: link.toShopId, shopName: names.get(link.toShopId) ?? '' },
  });
}

/** Shop `fromShopId` asks shop `toShopId` to link (POST /api/marketing/couple/apply). */
export async function applyForCouple(db: Db, basis: CoupleRewardBasis, fromShopId: number, toShopId: number): Promise<CoupleApplyAnswer> {
  if (fromShopId === toShopId) throw new AppError('COUPLE_OWN_SHOP');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, toShopId));
    if (!target) throw new AppError('COUPLE_SHOP_UNKNOWN');
    await lockShops(tx, [fromShopId, toShopId]);
    await expireLapsed(tx, [fromShopId, toShopId]);
    const names = await shopNames(tx, [fromShopId, toShopId]);

    // The other shop already asked this one: asking back is agreeing.
    const mine = await openRelationOf(tx, fromShopId);
    if (mine && mine.status === 'pending' && mine.fromShopId === toShopId && mine.toShopId === fromShopId) {
      const linked = await establish(tx, mine, basis);
      await notifyAnswer(tx, linked, true, names);
      return { request: requestView(linked, names), link: linkView(linked, fromShopId, names) };
    }
    if (mine) throw new AppError(mine.status === 'linked' ? 'COUPLE_ALREADY_LINKED' : 'COUPLE_REQUEST_PENDING');
    const theirs = await openRelationOf(tx, toShopId);
    if (theirs) throw new AppError(theirs.status === 'linked' ? 'COUPLE_PARTNER_LINKED' : 'COUPLE_PARTNER_PENDING');

    const [request] = await tx
      .insert(coupleLinks)
      .values({ fromShopId, toShopId, expiresAt: new Date(Date.now() + COUPLE_REQUEST_TTL_DAYS * DAY_MS) })
      .returning();
    await tx.insert(coupleMembers).values([
      { shopId: fromShopId, linkId: request.id },
      { shopId: toShopId, linkId: request.id },
    ]);
    await notifyShop(tx, {
      shopId: toShopId,
      title: NOTIFICATION_TITLE.COUPLE_OR_ACTIVITY,
      content: NOTIFICATION_CONTENT.COUPLE_REQUEST,
      payload: { requestId: request.id, shopId: fromShopId, shopName: names.get(fromShopId) ?? '' },
    });
    return { request: requestView(request, names), link: null };
  });
}

/** The asked shop agrees or declines (POST /api/marketing/couple/respond); only it may answer. */
export async function respondToCouple(db: Db, basis: CoupleRewardBasis, shopId: number, requestId: number, accept: boolean): Promise<CoupleRespondAnswer> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(coupleLinks).where(eq(coupleLinks.id, requestId));
    if (!found || found.toShopId !== shopId) throw new AppError('NOT_FOUND');
    await lockShops(tx, [found.fromShopId, found.toShopId]);
    await expireLapsed(tx, [found.fromShopId, found.toShopId]);
    const [request] = await tx.select().from(coupleLinks).where(eq(coupleLinks.id, requestId));
    if (request.status !== 'pending') throw new AppError('COUPLE_REQUEST_CLOSED');
    const names = await shopNames(tx, [request.fromShopId, request.toShopId]);
    if (accept) {
      const linked = await establish(tx, request, basis);
      await notifyAnswer(tx, linked, true, names);
      return { request: requestView(linked, names), link: linkView(linked, shopId, names) };
    }
    const [declined] = await tx.update(coupleLinks).set({ status: 'declined', decidedAt: sql`now()` }).where(eq(coupleLinks.id, requestId)).returning();
    await tx.delete(coupleMembers).where(eq(coupleMembers.linkId, requestId));
    await notifyAnswer(tx, declined, false, names);
    return { request: requestView(declined, names), link: null };
  });
}

/** The shop's couple situation: its link, the request it sent, the requests waiting for its answer. */
export async function coupleStateOf(db: DbOrTx, shopId: number) {
  const rows = await db
    .select()
    .from(coupleLinks)
    .where(
      and(
        or(eq(coupleLinks.fromShopId, shopId), eq(coupleLinks.toShopId, shopId)),
        or(eq(coupleLinks.status, 'linked'), and(eq(coupleLinks.status, 'pending'), gt(coupleLinks.expiresAt, sql`now()`))),
      ),
    )
    .orderBy(desc(coupleLinks.id));
  const names = await shopNames(db, rows.flatMap((r) => [r.fromShopId, r.toShopId]));
  const linked = rows.find((r) => r.status === 'linked') ?? null;
  const outgoing = rows.find((r) => r.status === 'pending' && r.fromShopId === shopId) ?? null;
  const incoming = rows.filter((r) => r.status === 'pending' && r.toShopId === shopId);
  return {
    linkRow: linked,
    link: linked ? linkView(linked, shopId, names) : null,
    outgoing: outgoing ? requestView(outgoing, names) : null,
    incoming: incoming.map((r) => requestView(r, names)),
  };
}

/**
 * The top-up a linked shop's couple tiers count (cents): its own top-up since the link, or with
 * the `combined` basis both partners' since the link. Null when the shop is not linked.
 */
export async function coupleProgressOf(db: DbOrTx, shopId: number, link?: LinkRow | null): Promise<number | null> {
  const row = link === undefined ? await linkedRowOf(db, shopId) : link;
  if (!row) return null;
  const totals = await db.select({ id: shops.id, total: shops.totalTopUpCents }).from(shops).where(inArray(shops.id, [row.fromShopId, row.toShopId]));
  const since = (id: number) => (totals.find((t) => t.id === id)?.total ?? 0) - (id === row.fromShopId ? row.fromBaseTopUpCents! : row.toBaseTopUpCents!);
  if (row.basis === 'combined') return since(row.fromShopId) + since(row.toShopId);
  return since(shopId);
}

/** The linked row of a shop (for the top-up hook), if any. */
export async function linkedRowOf(db: DbOrTx, shopId: number): Promise<LinkRow | null> {
  const [row] = await db
    .select()
    .from(coupleLinks)
    .where(and(eq(coupleLinks.status, 'linked'), or(eq(coupleLinks.fromShopId, shopId), eq(coupleLinks.toShopId, shopId))));
  return row ?? null;
}

/** The operator's list of requests and links, newest first. */
export function couplesForOps(db: Db, status?: CoupleLinkStatus) {
  return db
    .select()
    .from(coupleLinks)
    .where(status ? eq(coupleLinks.status, status) : undefined)
    .orderBy(desc(coupleLinks.id))
    .limit(500)
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        fromShopId: r.fromShopId,
        toShopId: r.toShopId,
        status: r.status,
        basis: r.basis,
        requestedAt: r.requestedAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
      })),
    );
}
