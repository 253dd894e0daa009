import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { operatorAudit } from '../../db/schema.ts';

/** Records one operator action with the target's state before and after (same transaction). */
export async function recordOperatorAction(tx: Tx, operatorUserId: number, action: string, targetType: string, targetId: number, before: unknown, after: unknown) {
  await tx.insert(operatorAudit).values({ operatorUserId, action, targetType, targetId, before: before as object, after: after as object });
}

/** The operator actions on one target, newest first. */
export function operatorActionsOn(db: Db, target: { targetType: string; targetId: number }) {
  return db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.targetType, target.targetType), eq(operatorAudit.targetId, target.targetId)))
    .orderBy(desc(operatorAudit.id));
}
