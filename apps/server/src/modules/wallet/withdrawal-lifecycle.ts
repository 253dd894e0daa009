import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { decodePassword } from '@shopdesk/shared/auth/schemas';
import { SHOP, WALLET } from '@shopdesk/shared/constants';
import { centsToDecimal } from '@shopdesk/shared/money';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import { checkWithdrawAddress } from '@shopdesk/shared/wallet/address-rule';
import type { WithdrawalStatus } from '@shopdesk/shared/wallet/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyFundPassword } from '../auth/fund-password.ts';
import { withdrawalApplied, withdrawalCompleted, withdrawalReturned } from '../ledger/money-flows.ts';
import { notifyShop } from '../notifications/notification-service.ts';
import { recordOperatorAction } from '../audit/operator-audit.ts';
import { balanceOf, lockAccounts, shopAccount } from '../ledger/ledger-service.ts';
import { checkWithdrawAmount, heldSettlementCents, loadShop, withdrawableOf } from './wallet-service.ts';
import { assertNotSelfFundedAddress } from './self-funded-address.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { requireStepUp } from '../two-factor/step-up.ts';
import { assertUsableAddress } from '../account-security/withdrawal-addresses.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * The withdrawal lifecycle (SPEC §4), in one place: the seller applies (pending, the amount
 * moves available → frozen), then the operator's actions move it on. Each action states where it
 * may start from, where it goes, the money it moves (only through ledger/money-flows.ts) and the
 * notice the shop gets. The operator routes are generated from this table.
 */
export const WITHDRAWAL_APPLY = { to: 'pending', money: withdrawalApplied } as const;

export const WITHDRAWAL_TRANSITIONS = {
  approve: { from: ['pending'], to: 'approved', money: null, notice: NOTIFICATION_CONTENT.WITHDRAWAL_APPROVED },
  process: { from: ['approved'], to: 'processing', money: null, notice: NOTIFICATION_CONTENT.WITHDRAWAL_PROCESSING },
  /** Paid out: frozen → payouts (arrival) and fee revenue (fee). */
  complete: { from: ['approved', 'processing'], to: 'completed', money: withdrawalCompleted, notice: NOTIFICATION_CONTENT.WITHDRAWAL_COMPLETED },
  /** Not paid out: the whole amount back frozen → available. */
  fail: { from: ['approved', 'processing'], to: 'failed', money: withdrawalReturned, notice: NOTIFICATION_CONTENT.WITHDRAWAL_FAILED },
  reject: { from: ['pending'], to: 'rejected', money: withdrawalReturned, notice: NOTIFICATION_CONTENT.WITHDRAWAL_REJECTED },
} as const satisfies Record<
  string,
  { from: readonly WithdrawalStatus[]; to: WithdrawalStatus; money: ((tx: Tx, w: WithdrawalRow) => Promise<unknown>) | null; notice: number }
>;

export type WithdrawalAction = keyof typeof WITHDRAWAL_TRANSITIONS;
export const WITHDRAWAL_ACTIONS = Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalAction[];

/** The actions an operator may take on a withdrawal in this status. */
export function withdrawalActionsFrom(status: WithdrawalStatus): WithdrawalAction[] {
  return WITHDRAWAL_ACTIONS.filter((action) => (WITHDRAWAL_TRANSITIONS[action].from as readonly WithdrawalStatus[]).includes(status));
}

/** May `to` follow `from` (by some operator action)? */
export function withdrawalMayFollow(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return withdrawalActionsFrom(from).some((action) => WITHDRAWAL_TRANSITIONS[action].to === to);
}

export interface WithdrawInput {
  shopId: number;
  userId: number;
  method: 'crypto' | 'bank';
  network: string;
  address: string;
  amount: string | number;
  fundPassword: string;
  fullName?: string;
  /** The step-up proof of the second factor (when the member has it on). */
  stepUpProof?: string;
}

/** A withdrawal request that passed every rule of checkWithdrawRequest: what applyWithdrawal stores. */
export type CheckedWithdrawal = Awaited<ReturnType<typeof checkWithdrawRequest>>;

/**
 * Every rule of a withdrawal request before anything is stored (method, address of the book past
 * its cool-down, amount, frozen shop, credit, fund password, the second factor's step-up). Like the purchase's checkPurchaseRequest it is withIdempotency's
 * check, run before the Idempotency-Key is claimed, outside its transaction: a wrong fund password
 * is not kept as the key's answer (and still counts); a retry of an answered key replays it unchecked.
 */
export async function checkWithdrawRequest(db: Db, config: AppConfig, input: WithdrawInput) {
  if (input.method !== 'crypto') throw new AppError('WITHDRAW_METHOD_UNSUPPORTED');
  // The same address rule as both web forms: a blank inside the address is refused, not glued.
  const address = checkWithdrawAddress(input.address);
  if (!(WALLET.NETWORKS as readonly string[]).includes(input.network) || !address.ok) throw new AppError('VALIDATION_FAILED');
  const money = checkWithdrawAmount(config, input.amount);
  const shop = await loadShop(db, input.shopId);
  if (shop.frozen) throw new AppError('SHOP_FROZEN');
  if (shop.creditScore < SHOP.CREDIT_WITHDRAW_MIN) throw new AppError('CREDIT_TOO_LOW');
  await assertNotSelfFundedAddress(db, input.shopId, address.address);
  await assertUsableAddress(db, config, input.shopId, input.network, address.address);
  const fundPassword = decodePassword(input.fundPassword);
  if (fundPassword === null) throw new AppError('VALIDATION_FAILED');
  await verifyFundPassword(db, input.userId, fundPassword);
  // Last: a proof is spent only by a request that passed everything else.
  await requireStepUp(db, input.userId, 'withdraw', input.stepUpProof);
  return { shopId: input.shopId, userId: input.userId, network: input.network, address: address.address, fullName: input.fullName ?? '', ...money, holdHours: config.settlementHoldHours };
}

/** Applies for a checked withdrawal: the request row and available → frozen in one transaction. */
export async function applyWithdrawal(db: Db, checked: CheckedWithdrawal) {
  const { userId, holdHours, ...values } = checked;
  return db.transaction(async (tx) => {
    // Held settlement is counted under the available account's lock, so parallel withdrawals
    // cannot each take the same free part; more than available is left to the ledger's refusal.
    await lockAccounts(tx, [shopAccount(values.shopId)]);
    const availableCents = await balanceOf(tx, shopAccount(values.shopId));
    const heldCents = await heldSettlementCents(tx, values.shopId, holdHours);
    const withdrawableCents = withdrawableOf(availableCents, heldCents);
    if (values.amountCents > withdrawableCents && values.amountCents <= availableCents) {
      throw new AppError('SETTLEMENT_HELD', { held: centsToDecimal(Math.min(heldCents, availableCents)), hours: holdHours, withdrawable: centsToDecimal(withdrawableCents) });
    }
    const [row] = await tx
      .insert(withdrawals)
      .values({ ...values, method: 'crypto', currency: WALLET.CURRENCY, status: WITHDRAWAL_APPLY.to })
      .returning();
    await WITHDRAWAL_APPLY.money(tx, row);
    await recordActivity(tx, { shopId: row.shopId, userId, action: 'withdraw_applied', subject: String(row.id), detail: { amountCents: row.amountCents, network: row.network } });
    return row;
  });
}

/**
 * An operator action on a withdrawal, once: the row is locked, the table decides, the money moves,
 * audited and notified. Completing it keeps the payout's transaction hash when one is given (the
 * console asks for it; the seller sees it on the withdrawal's record and in the notice).
 */
export async function decideWithdrawal(db: Db, operatorUserId: number, withdrawalId: number, action: WithdrawalAction, remark?: string, payoutTxHash?: string) {
  const transition = WITHDRAWAL_TRANSITIONS[action];
  const from = transition.from as readonly WithdrawalStatus[];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (!from.includes(before.status)) throw new AppError('INVALID_STATE');
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: transition.to,
        decidedBy: operatorUserId,
        remark: remark ?? before.remark,
        completedAt: transition.to === 'completed' ? sql`now()` : before.completedAt,
        payoutTxHash: transition.to === 'completed' ? (payoutTxHash ?? null) : before.payoutTxHash,
      })
      .where(and(eq(withdrawals.id, withdrawalId), inArray(withdrawals.status, [...from])))
      .returning();
    if (transition.money) await transition.money(tx, before);
    await recordOperatorAction(tx, operatorUserId, `withdrawal.${action}`, 'withdrawal', withdrawalId, before, after);
    await notifyShop(tx, {
      shopId: before.shopId,
      title: NOTIFICATION_TITLE.WALLET,
      content: transition.notice,
      payload: { withdrawalId, amountCents: before.amountCents, arrivalCents: before.arrivalCents, remark: remark ?? null, ...(after.payoutTxHash ? { payoutTxHash: after.payoutTxHash } : {}) },
    });
    return after;
  });
}

/** The operator's queue: withdrawals in one status, newest first. */
export function withdrawalsByStatus(db: Db, status: WithdrawalStatus) {
  return db.select().from(withdrawals).where(eq(withdrawals.status, status)).orderBy(desc(withdrawals.id)).limit(500);
}
