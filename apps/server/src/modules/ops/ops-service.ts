import { desc, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import type { DepositStatus } from '@shopdesk/shared/wallet/schemas';
import type { Db } from '../../db/client.ts';
import { deposits, shops } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { depositApproved } from '../ledger/money-flows.ts';
import { notifyShop } from '../notifications/notification-service.ts';
import { rewardsAfterTopUp } from '../rewards/reward-service.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { recordCreditEvent } from '../shop-health/credit-events.ts';

/** The operator's queue: deposits in one status, newest first. */
export function depositsByStatus(db: Db, status: DepositStatus) {
  return db.select().from(deposits).where(eq(deposits.status, status)).orderBy(desc(deposits.id)).limit(500);
}

/** Any deposit, for the operator (NOT_FOUND if none). */
export async function depositById(db: Db, depositId: number) {
  const [deposit] = await db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit) throw new AppError('NOT_FOUND');
  return deposit;
}

export type DepositDecision = 'approve' | 'reject';

/** Approves (credits the shop through the ledger, counts as a top-up) or rejects a pending deposit, once. */
export async function decideDeposit(db: Db, operatorUserId: number, depositId: number, decision: DepositDecision, reason?: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'pending') throw new AppError('ALREADY_DECIDED');
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const [after] = await tx
      .update(deposits)
      .set({ status, rejectReason: decision === 'reject' ? (reason ?? '') : null, decidedBy: operatorUserId, decidedAt: sql`now()` })
      .where(eq(deposits.id, depositId))
      .returning();
    if (decision === 'approve') {
      await depositApproved(tx, before);
      await tx.update(shops).set({ totalTopUpCents: sql`${shops.totalTopUpCents} + ${before.amountCents}` }).where(eq(shops.id, before.shopId));
      // The VIP level follows the top-up in this transaction; newly reached bonuses are announced.
      await rewardsAfterTopUp(tx, before.shopId, before.amountCents);
    }
    await recordOperatorAction(tx, operatorUserId, `deposit.${decision}`, 'deposit', depositId, before, after);
    const content = decision === 'approve' ? NOTIFICATION_CONTENT.DEPOSIT_APPROVED : NOTIFICATION_CONTENT.DEPOSIT_REJECTED;
    await notifyShop(tx, { shopId: before.shopId, title: NOTIFICATION_TITLE.WALLET, content, payload: { depositId, amountCents: before.amountCents, reason: reason ?? null } });
    return after;
  });
}

/** Freezes or unfreezes a shop, or sets its credit score; audited. */
export async function updateShopStanding(db: Db, operatorUserId: number, shopId: number, change: { frozen?: boolean; reason?: string; creditScore?: number }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const patch: Partial<typeof shops.$inferInsert> = {};
    if (change.frozen !== undefined) {
      patch.frozen = change.frozen;
      patch.frozenReason = change.frozen ? (change.reason ?? '') : '';
    }
    if (change.creditScore !== undefined) patch.creditScore = change.creditScore;
    const [after] = await tx.update(shops).set(patch).where(eq(shops.id, shopId)).returning();
    if (after.creditScore !== before.creditScore) {
      await recordCreditEvent(tx, { shopId, delta: after.creditScore - before.creditScore, reason: 'operator_adjustment', note: change.reason ?? '', scoreAfter: after.creditScore });
    }
    const action = change.frozen === undefined ? 'shop.credit' : change.frozen ? 'shop.freeze' : 'shop.unfreeze';
    const pick = (s: typeof before) => ({ frozen: s.frozen, frozenReason: s.frozenReason, creditScore: s.creditScore });
    await recordOperatorAction(tx, operatorUserId, action, 'shop', shopId, pick(before), pick(after));
    return after;
  });
}
