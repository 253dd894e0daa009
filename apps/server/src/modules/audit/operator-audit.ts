import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@shopdesk/shared/ops/audit';
import { localDayEnd, localDayStart } from '@shopdesk/shared/time';
import type { Db, Tx } from '../../db/client.ts';
import { operatorAudit, users } from '../../db/schema.ts';

/** Records one operator action with the target's state before and after (same transaction). */
export async function recordOperatorAction(tx: Tx, operatorUserId: number, action: string, targetType: string, targetId: number, before: unknown, after: unknown) {
  await tx.insert(operatorAudit).values({ operatorUserId, action, targetType, targetId, before: before as object, after: after as object });
}

/** The name an operator shows under: the one they gave, else their username. */
const operatorName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`;

/** An audit row with the operator's name. */
const auditColumns = {
  id: operatorAudit.id,
  operatorUserId: operatorAudit.operatorUserId,
  operatorName,
  action: operatorAudit.action,
  targetType: operatorAudit.targetType,
  targetId: operatorAudit.targetId,
  before: operatorAudit.before,
  after: operatorAudit.after,
  createdAt: operatorAudit.createdAt,
};

/**
 * The audit trail, newest first, filtered by operator, action and days (cut at the reader's
 * midnight), with the operators who acted and the actions recorded, for the console's filters.
 */
export async function auditLogPage(db: Db, q: AuditLogQuery) {
  const filters: SQL[] = [];
  if (q.operatorId) filters.push(eq(operatorAudit.operatorUserId, q.operatorId));
  if (q.action) filters.push(eq(operatorAudit.action, q.action));
  if (q.from) filters.push(gte(operatorAudit.createdAt, localDayStart(q.from, q.tzOffset)));
  if (q.to) filters.push(lt(operatorAudit.createdAt, localDayEnd(q.to, q.tzOffset)));
  const where = filters.length ? and(...filters) : undefined;
  const [list, [total], operators, actions] = await Promise.all([
    db
      .select(auditColumns)
      .from(operatorAudit)
      .innerJoin(users, eq(users.id, operatorAudit.operatorUserId))
      .where(where)
      .orderBy(desc(operatorAudit.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(operatorAudit).where(where),
    db
      .selectDistinct({ id: users.id, name: operatorName })
      .from(operatorAudit)
      .innerJoin(users, eq(users.id, operatorAudit.operatorUserId))
      .orderBy(asc(users.id)),
    db.selectDistinct({ action: operatorAudit.action }).from(operatorAudit).orderBy(asc(operatorAudit.action)),
  ]);
  return { list, total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize, operators, actions: actions.map((a) => a.action) };
}

/** The operator actions on one target (or, without targetId, the latest 200 on every target of the type), newest first, each with the operator's name. */
export function operatorActionsOn(db: Db, target: { targetType: string; targetId?: number }) {
  return db
    .select(auditColumns)
    .from(operatorAudit)
    .innerJoin(users, eq(users.id, operatorAudit.operatorUserId))
    .where(and(eq(operatorAudit.targetType, target.targetType), target.targetId === undefined ? undefined : eq(operatorAudit.targetId, target.targetId)))
    .orderBy(desc(operatorAudit.id))
    .limit(200);
}
