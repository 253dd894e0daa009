import { and, count, desc, eq, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { NotificationMessage } from '@shopdesk/shared/notifications/codes';
import type { NotificationListQuery, NotificationPage, UnreadNotifications } from '@shopdesk/shared/notifications/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { rowFromJson } from '../../lib/json-rows.ts';
import { noteNewNotification } from './notify-scope.ts';

type Row = typeof notifications.$inferSelect;

/** Advisory lock class of "one shop's notification inserts" (the job locks use another class). */
export const SHOP_NOTIFY_LOCK_CLASS = 0x5d01;

/** What an order's notification keeps of its line, for the text: the product and its variant. */
export const orderLinePayload = (o: { productName: string; variantName: string; variantSku: string }) => ({ productName: o.productName, variantName: o.variantName, sku: o.variantSku });

/** The product and variant of an order's notification (from orderLinePayload); nothing for other notifications. */
function orderLine(payload: Row['payload']): Pick<NotificationMessage, 'productName' | 'variantName'> {
  if (!payload || typeof payload.productName !== 'string') return {};
  return { productName: payload.productName, variantName: typeof payload.variantName === 'string' ? payload.variantName : '' };
}

export function toMessage(row: Row): NotificationMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    unread: row.readAt === null,
    orderId: row.orderNo,
    ...orderLine(row.payload),
  };
}

/**
 * Stores a notification for a shop, inside the caller's transaction (call it last in that
 * transaction); the streams are woken after the commit (notify-scope.ts).
 *
 * The streams send rows with id > the last id they sent, so one shop's rows must become visible
 * in id order: a transaction-scoped advisory lock per shop, taken before the id is drawn, makes a
 * second transaction for the same shop wait until the first has committed. Without it, two
 * checkouts at once could commit ids 11 then 10, and a stream that had sent 11 would never send 10.
 */
export async function notifyShop(
  tx: DbOrTx,
  input: { shopId: number; title: number; content: number; orderId?: string | null; payload?: Record<string, unknown> },
) {
  await lockShopStream(tx, input.shopId);
  const [row] = await tx
    .insert(notifications)
    .values({ shopId: input.shopId, title: input.title, content: input.content, orderNo: input.orderId ?? null, payload: input.payload ?? null })
    .returning();
  noteNewNotification(input.shopId);
  return toMessage(row);
}

/**
 * Holds, until the transaction ends, the right to add items to a shop's stream (notifications, and
 * chat events, whose ids come from the same sequence): take it before the id is drawn.
 */
export async function lockShopStream(tx: DbOrTx, shopId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SHOP_NOTIFY_LOCK_CLASS}::int, ${shopId}::int)`);
}

const unread = (shopId: number) => and(eq(notifications.shopId, shopId), isNull(notifications.readAt));

export async function unreadCount(db: DbOrTx, shopId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unread(shopId));
  return Number(row.n);
}

/** The bell: the newest unread messages (at most 50) and the true unread count. */
export async function unreadSummary(db: DbOrTx, shopId: number): Promise<UnreadNotifications> {
  const rows = await db.select().from(notifications).where(unread(shopId)).orderBy(desc(notifications.id)).limit(NOTIFICATIONS.UNREAD_LIST_MAX);
  return { list: rows.map(toMessage), unreadCount: await unreadCount(db, shopId) };
}

/** One page of the shop's notifications, newest first, all or unread only. */
export async function listNotifications(db: DbOrTx, shopId: number, query: NotificationListQuery): Promise<NotificationPage> {
  const where = query.status === 'unread' ? unread(shopId) : eq(notifications.shopId, shopId);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const unreadTotal = query.status === 'unread' ? Number(total.n) : await unreadCount(db, shopId);
  return { list: rows.map(toMessage), total: Number(total.n), page: query.page, pageSize: query.pageSize, unreadCount: unreadTotal };
}

/** Marks the shop's own messages read; ids of other shops are ignored. */
export async function markRead(db: DbOrTx, shopId: number, ids: number[]): Promise<{ updated: number }> {
  if (ids.length === 0) return { updated: 0 };
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(unread(shopId), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function markAllRead(db: DbOrTx, shopId: number): Promise<{ updated: number }> {
  const rows = await db.update(notifications).set({ readAt: sql`now()` }).where(unread(shopId)).returning({ id: notifications.id });
  return { updated: rows.length };
}

/** The stream's live read: unread rows after `afterId`, oldest first. */
/**
 * The stream's select of a shop's unread rows after `afterId` as `(id, data)`: the oldest `limit`,
 * or on (re)connect (`replay`) the newest `limit`.
 */
export function unreadAfterSelect(shopId: number, afterId: number, limit: number, replay: boolean): SQL {
  const n = notifications;
  return sql`select ${n.id} as id, to_jsonb(${n}) as data from ${n} where ${n.shopId} = ${shopId} and ${n.readAt} is null and ${n.id} > ${afterId}
    order by ${n.id} ${replay ? sql`desc` : sql`asc`} limit ${limit}`;
}

/** A row of that select as the stream's message. */
export const notificationFromJson = (data: Record<string, unknown>): NotificationMessage => toMessage(rowFromJson(notifications, data));

/** The shop's largest notification id (0 when none): where a stream opened without lastEventId starts. */
export async function latestNotificationId(db: DbOrTx, shopId: number): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications).where(eq(notifications.shopId, shopId));
  return Number(row?.id ?? 0);
}
