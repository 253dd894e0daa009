import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MONEY } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import type { DepositAnswer } from '@shopdesk/shared/wallet/transactions';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { submitDeposit, useDepositAddresses, walletKeys } from '../api/wallet-api.ts';
import { checkDepositAmount } from '../../../lib/amount-rules.ts';

export interface DepositRequest {
  network: string;
  amount: string;
  screenshot: File;
}

/**
 * Depositing (SPEC §3, §5), for the desktop dialog and the phone sheet alike: the platform's
 * addresses, the amount rule (at least the minimum), one Idempotency-Key per request (the same
 * network, amount and file is the same request), the wallet refreshed, and the failure to show.
 */
export function useDepositAction(summary: WalletSummary, open: boolean) {
  const { t, usdt } = useFormat('wallet');
  const queryClient = useQueryClient();
  const addresses = useDepositAddresses(open);
  const action = useMoneyAction<DepositRequest, DepositAnswer>({
    send: (body, idempotencyKey) => submitDeposit({ ...body, idempotencyKey }),
    fingerprint: ({ network, amount, screenshot }) => JSON.stringify([network, amount.trim(), screenshot.name, screenshot.size, screenshot.lastModified]),
    settled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    fallbackText: t('common:http.requestFailed'),
  });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const minCents = summary.depositMinCents;

  const amountRule = useMemo(
    () => ({
      validator: async (_: unknown, value: unknown) => {
        const check = checkDepositAmount(value, minCents);
        if (!check.ok) throw new Error(t(`amount.${check.issue}`, { min: usdt(minCents), max: usdt(MONEY.AMOUNT_MAX_CENTS) }));
      },
    }),
    [minCents, t, usdt],
  );

  /** Sends the deposit; answers null when one is already in flight. */
  const submit = async (body: DepositRequest): Promise<MoneyResult<DepositAnswer> | null> => {
    setFailure(null);
    const result = await action.run(body);
    if (result && !result.ok) setFailure(result.failure);
    return result;
  };

  const reset = () => {
    action.reset();
    setFailure(null);
  };

  return { addresses, minCents, amountRule, submit, reset, pending: action.pending, failure };
}
