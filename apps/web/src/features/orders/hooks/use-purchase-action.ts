import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView, PurchaseAnswer } from '@shopdesk/shared/orders/schemas';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { purchaseOrders, useAccountBalance, type PurchaseBody } from '../api/orders-api.ts';
import { sumPurchase } from '../order-helpers.ts';
import { useSettleOrderMoney } from './use-settle-money.ts';

/**
 * Purchasing orders (one, or a batch) with the fund password, for the desktop dialog and the phone
 * sheet alike: the available balance (GET /api/order/getAccountBalance) and whether it falls short
 * of the total, one Idempotency-Key per request, the refusals mapped (wrong or locked fund
 * password, short balance), the queries refreshed, and the answer or the failure to show.
 */
export function usePurchaseAction(orders: readonly OrderView[] | null) {
  const { t } = useTranslation(['orders', 'common']);
  const list = orders ?? [];
  const open = list.length > 0;
  const balance = useAccountBalance(open);
  const settle = useSettleOrderMoney();
  const action = useMoneyAction<PurchaseBody, PurchaseAnswer>({ send: purchaseOrders, settled: settle, fallbackText: t('common:http.requestFailed') });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [answer, setAnswer] = useState<PurchaseAnswer | null>(null);
  const total = sumPurchase(list);
  const availableCents = balance.data?.availableCents ?? null;

  /** Pays with `fundPassword`; answers null when a purchase is already in flight. */
  const submit = async (fundPassword: string): Promise<MoneyResult<PurchaseAnswer> | null> => {
    setFailure(null);
    const result = await action.run({ orderIds: list.map((o) => o.orderId), fundPassword });
    if (!result) return null;
    if (result.ok) {
      setAnswer(result.answer);
      return result;
    }
    const shown: MoneyFailure = result.failure.kind === 'insufficient' ? { kind: 'insufficient', text: t('orders:purchase.insufficient') } : result.failure;
    setFailure(shown);
    return { ok: false, failure: shown };
  };

  /** The dialog or sheet closed: the next purchase is a new request. */
  const reset = () => {
    action.reset();
    setFailure(null);
    setAnswer(null);
  };

  return {
    orders: list,
    totalCents: total,
    availableCents,
    /** The balance is known and does not cover the total: warn before paying. */
    short: availableCents !== null && availableCents < total,
    /** The balance arrived, so the seller can pay. */
    ready: availableCents !== null,
    pending: action.pending,
    failure,
    answer,
    submit,
    reset,
  };
}
