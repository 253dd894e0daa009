import { and, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications';
import type { WithdrawalStatus } from '@shopdesk/shared/wallet/schemas';
import type { Db, Tx } from '../../db/client.ts';
import { deposits, operatorAudit, shops, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { depositApproved, withdrawalCompleted, withdrawalReturned } from '../ledger/money-flows.ts';
import { notifyShop } from '../notifications/notification-service.ts';

async function audit(tx: Tx, operatorUserId: number, action: string, targetType: string, targetId: number, before: unknown, after: unknown) {
  await tx.insert(operatorAudit).values({ operatorUserId, action, targetType, targetId, before: before as object, after: after as object });
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
    }
    await audit(tx, operatorUserId, `deposit.${decision}`, 'deposit', depositId, before, after);
    const content = decision === 'approve' ? NOTIFICATION_CONTENT.DEPOSIT_APPROVED : NOTIFICATION_CONTENT.DEPOSIT_REJECTED;
    await notifyShop(tx, { shopId: before.shopId, title: NOTIFICATION_TITLE.WALLET, content, payload: { depositId, amountCents: before.amountCents, reason: reason ?? null } });
    return after;
  });
}

export type WithdrawalAction = 'approve' | 'process' | 'complete' | 'fail' | 'reject';

/** Which statuses each operator action may leave from, and where it goes. */
export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalAction, { from: WithdrawalStatus[]; to: WithdrawalStatus }> = {
  approve: { from: ['pending'], to: 'approved' },
  process: { from: ['approved'], to: 'processing' },
  complete: { from: ['approved', 'processing'], to: 'completed' },
  fail: { from: ['approved', 'processing'], to: 'failed' },
  reject: { from: ['pending'], to: 'rejected' },
};

const WITHDRAWAL_NOTICE: Record<WithdrawalAction, number> = {
  approve: NOTIFICATION_CONTENT.WITHDRAWAL_APPROVED,
  process: NOTIFICATION_CONTENT.WITHDRAWAL_PROCESSING,
  complete: NOTIFICATION_CONTENT.WITHDRAWAL_COMPLETED,
  fail: NOTIFICATION_CONTENT.WITHDRAWAL_FAILED,
  reject: NOTIFICATION_CONTENT.WITHDRAWAL_REJECTED,
};

export async function decideWithdrawal(db: Db, operatorUserId: number, withdrawalId: number, action: WithdrawalAction, remark?: string) {
  const transition = WITHDRAWAL_TRANSITIONS[action];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (!transition.from.includes(before.status)) throw new AppError('INVALID_STATE');
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: transition.to,
        decidedBy: operatorUserId,
        remark: remark ?? before.remark,
        completedAt: transition.to === 'completed' ? sql`now()` : before.completedAt,
      })
      .where(and(eq(withdrawals.id, withdrawalId), inArray(withdrawals.status, transition.from)))
      .returning();
    if (action === 'complete') await withdrawalCompleted(tx, before);
    if (action === 'fail' || action === 'reject') await withdrawalReturned(tx, before);
    await audit(tx, operatorUserId, `withdrawal.${action}`, 'withdrawal', withdrawalId, before, after);
    await notifyShop(tx, {
      shopId: before.shopId,
      title: NOTIFICATION_TITLE.WALLET,
      content: WITHDRAWAL_NOTICE[action],
      payload: { withdrawalId, amountCents: before.amountCents, arrivalCents: before.arrivalCents, remark: remark ?? null },
    });
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
    const action = change.frozen === undefined ? 'shop.credit' : change.frozen ? 'shop.freeze' : 'shop.unfreeze';
    const pick = (s: typeof before) => ({ frozen: s.frozen, frozenReason: s.frozenReason, creditScore: s.creditScore });
    await audit(tx, operatorUserId, action, 'shop', shopId, pick(before), pick(after));
    return after;
  });
}
