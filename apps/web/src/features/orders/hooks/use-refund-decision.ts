import { useState } from 'react';
import { ORDERS } from '@shopdesk/shared/constants';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { decideRefund, type RefundDecision } from '../api/orders-api.ts';
import { refundApproveHint } from '../refund-hint.ts';
import { useSettleOrderMoney } from './use-settle-money.ts';

export type RefundOutcome = 'approved' | 'rejected';

/**
 * Approving or rejecting a refund request (SPEC §4), for the desktop dialog and the phone order
 * detail alike: a reason is required to reject (checked as the seller types, and again before any
 * request), one Idempotency-Key per decision, the queries refreshed, and the outcome or the failure
 * to show.
 */
export function useRefundDecision(order: Pick<OrderView, 'orderId' | 'paymentStatus' | 'purchaseStatus' | 'amountCents' | 'purchaseAmountCents'> | null) {
  const { t, usdt } = useFormat('orders');
  const hint = order ? refundApproveHint(order, usdt) : null;
  const settle = useSettleOrderMoney();
  const action = useMoneyAction<RefundDecision, OrderView>({ send: decideRefund, settled: settle, fallbackText: t('common:http.requestFailed') });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [outcome, setOutcome] = useState<RefundOutcome | null>(null);
  const requiredText = t('orders:refund.rejectReasonRequired');
  /** Why this rejection reason cannot be sent (it is empty), or null. */
  const reasonError = (reason: string | undefined): string | null => (reason?.trim() ? null : requiredText);

  /** Sends the decision; a rejection without a reason is refused here, before any request. */
  const decide = async (approve: boolean, rejectReason?: string): Promise<MoneyResult<RefundOutcome> | null> => {
    if (!order) return null;
    const reason = rejectReason?.trim() ?? '';
    if (!approve && reasonError(reason)) {
      const missing: MoneyFailure = { kind: 'other', text: requiredText };
      setFailure(missing);
      return { ok: false, failure: missing };
    }
    setFailure(null);
    const result = await action.run({ orderId: order.orderId, approve, rejectReason: approve ? undefined : reason });
    if (!result) return null;
    if (!result.ok) {
      setFailure(result.failure);
      return result;
    }
    const done: RefundOutcome = approve ? 'approved' : 'rejected';
    setOutcome(done);
    return { ok: true, answer: done };
  };

  const reset = () => {
    action.reset();
    setFailure(null);
    setOutcome(null);
  };

  return {
    decide,
    reset,
    pending: action.pending,
    failure,
    outcome,
    /** What approving moves, said before the seller confirms (by where the order stands). */
    approveText: hint ? t(hint.key, hint.values) : '',
    /** The outcome as the seller reads it. */
    outcomeText: (done: RefundOutcome) => t(`orders:refund.${done}`),
    reasonError,
    /** The same check as a form rule (rc-field-form: antd's and antd-mobile's forms). */
    reasonRule: { required: true, whitespace: true, message: requiredText },
    reasonMax: ORDERS.REJECT_REASON_MAX,
  };
}
