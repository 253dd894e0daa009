import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { decideRefund, type RefundDecision } from '../api/orders-api.ts';
import { useSettleOrderMoney } from './use-settle-money.ts';

export type RefundOutcome = 'approved' | 'rejected';

/**
 * Approving or rejecting a refund request (SPEC §4), for the desktop dialog and the phone order
 * detail alike: a reason is required to reject, one Idempotency-Key per decision, the queries
 * refreshed, and the outcome or the failure to show.
 */
export function useRefundDecision(order: Pick<OrderView, 'orderId'> | null) {
  const { t } = useTranslation(['orders', 'common']);
  const settle = useSettleOrderMoney();
  const action = useMoneyAction<RefundDecision, OrderView>({ send: decideRefund, settled: settle, fallbackText: t('common:http.requestFailed') });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [outcome, setOutcome] = useState<RefundOutcome | null>(null);

  /** Sends the decision; a rejection without a reason is refused here, before any request. */
  const decide = async (approve: boolean, rejectReason?: string): Promise<MoneyResult<RefundOutcome> | null> => {
    if (!order) return null;
    const reason = rejectReason?.trim() ?? '';
    if (!approve && !reason) {
      const missing: MoneyFailure = { kind: 'other', text: t('orders:refund.rejectReasonRequired') };
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

  return { decide, reset, pending: action.pending, failure, outcome };
}
