import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationMessage } from '@shopdesk/shared/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

type Row = typeof notifications.$inferSelect;

export function toMessage(row: Row): NotificationMessage {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    unread: row.readAt === null,
    orderId: row.orderNo,
  };
}

/** Stores a notification for a shop; the stream (later) sends rows, so nothing is lost on reconnect. */
export async function notifyShop(
  db: DbOrTx,
  input: { shopId: number; title: number; content: number; orderNo?: string | null; payload?: Record<string, unknown> },
) {
  const [row] = await db
    .insert(notifications)
    .values({ shopId: input.shopId, title: input.title, content: input.content, orderNo: input.orderNo ?? null, payload: input.payload ?? null })
    .returning();
  return toMessage(row);
}

export async function unreadMessages(db: DbOrTx, shopId: number, limit = 50): Promise<NotificationMessage[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.shopId, shopId), isNull(notifications.readAt)))
    .orderBy(desc(notifications.id))
    .limit(limit);
  return rows.map(toMessage);
}

/** Marks the shop's own messages read; ids of other shops are ignored. */
export async function markRead(db: DbOrTx, shopId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.shopId, shopId), inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
