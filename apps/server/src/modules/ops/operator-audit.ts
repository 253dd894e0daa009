import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { operatorAudit, users } from '../../db/schema.ts';

/** Records one operator action with the target's state before and after (same transaction). */
export async function recordOperatorAction(tx: Tx, operatorUserId: number, action: string, targetType: string, targetId: number, before: unknown, after: unknown) {
  await tx.insert(operatorAudit).values({ operatorUserId, action, targetType, targetId, before: before as object, after: after as object });
}

/** The operator actions on one target, newest first, each with the operator's name (their username when they gave none). */
export function operatorActionsOn(db: Db, target: { targetType: string; targetId: number }) {
  return db
    .select({
      id: operatorAudit.id,
      operatorUserId: operatorAudit.operatorUserId,
      operatorName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`,
      action: operatorAudit.action,
      targetType: operatorAudit.targetType,
      targetId: operatorAudit.targetId,
      before: operatorAudit.before,
      after: operatorAudit.after,
      createdAt: operatorAudit.createdAt,
    })
    .from(operatorAudit)
    .innerJoin(users, eq(users.id, operatorAudit.operatorUserId))
    .where(and(eq(operatorAudit.targetType, target.targetType), eq(operatorAudit.targetId, target.targetId)))
    .orderBy(desc(operatorAudit.id));
}
