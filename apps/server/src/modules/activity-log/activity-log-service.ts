import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { ActivityAction, ActivityDetail, ActivityEntry, ActivityListAnswer, ActivityListFilters } from '@shopdesk/shared/activity-log/schemas';
import { localDayEnd, localDayStart } from '@shopdesk/shared/time';
import type { DbOrTx } from '../../db/client.ts';
import { activityLog, users } from '../../db/schema.ts';
import { readPage } from '../../lib/read-page.ts';

export interface ActivityRecord {
  shopId: number;
  /** Who did it; null for the system (a job) or an operator acting from the console. */
  userId: number | null;
  action: ActivityAction;
  /** What it was done to: an order id, a username, a product id… */
  subject?: string | null;
  detail?: ActivityDetail;
}

/**
 * Writes one activity log entry. Call it with the transaction of the act itself, so the entry
 * exists exactly when the act does.
 */
export async function recordActivity(db: DbOrTx, entry: ActivityRecord): Promise<void> {
  await db.insert(activityLog).values({
    shopId: entry.shopId,
    userId: entry.userId,
    action: entry.action,
    subject: entry.subject ?? null,
    detail: entry.detail ?? {},
  });
}

type ActivityRow = { id: number; action: string; userId: number | null; username: string | null; subject: string | null; detail: ActivityDetail; createdAt: Date };

const toEntry = (row: ActivityRow): ActivityEntry => ({
  id: row.id,
  action: row.action as ActivityAction,
  userId: row.userId,
  username: row.username,
  subject: row.subject,
  detail: row.detail ?? {},
  createdAt: row.createdAt.toISOString(),
});

const entryColumns = {
  id: activityLog.id,
  action: activityLog.action,
  userId: activityLog.userId,
  username: users.username,
  subject: activityLog.subject,
  detail: activityLog.detail,
  createdAt: activityLog.createdAt,
};

/** One page of the shop's activity, newest first, filtered by action, user and day range. */
export async function listActivity(db: DbOrTx, shopId: number, filters: ActivityListFilters): Promise<ActivityListAnswer> {
  const where: SQL[] = [eq(activityLog.shopId, shopId)];
  if (filters.action) where.push(eq(activityLog.action, filters.action));
  if (filters.userId) where.push(eq(activityLog.userId, filters.userId));
  if (filters.from) where.push(gte(activityLog.createdAt, localDayStart(filters.from, filters.tzOffset)));
  if (filters.to) where.push(lt(activityLog.createdAt, localDayEnd(filters.to, filters.tzOffset)));
  const condition = and(...where);
  return readPage(
    filters,
    (limit, offset) => db.select(entryColumns).from(activityLog).leftJoin(users, eq(users.id, activityLog.userId)).where(condition).orderBy(desc(activityLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(activityLog).where(condition),
    (row) => toEntry(row),
  );
}

/** The shop's latest entries, for the dashboard's recent activity. */
export async function recentActivity(db: DbOrTx, shopId: number, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.userId))
    .where(eq(activityLog.shopId, shopId))
    .orderBy(desc(activityLog.id))
    .limit(limit);
  return rows.map(toEntry);
}
