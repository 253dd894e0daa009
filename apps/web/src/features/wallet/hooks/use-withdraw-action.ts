import { SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { checkWithdrawAddress, WALLET_ADDRESS_LENGTH } from '@shopdesk/shared/wallet/address-rule';
import type { WithdrawAnswer } from '@shopdesk/shared/wallet/transactions';
import { useMoneyAction, type MoneyFailure, type MoneyResult } from '../../../lib/money-action.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useMe } from '../../auth/api/me.ts';
import { stepUpHeaders, useWithdrawalAddresses } from '../../account/api/security-api.ts';
import { submitWithdrawal, walletKeys } from '../api/wallet-api.ts';
import { maxWithdrawable, withdrawPreview } from '../amount-rules.ts';
import { checkAmount } from '../../../lib/amount-rules.ts';
import { withdrawBlock } from '../withdraw-block.ts';

/** A withdrawal as the forms collect it (the phone's network selector answers a list: pass its first). */
export interface WithdrawRequest {
  network: string;
  address: string;
  amount: string;
  /** The plain 6-digit fund password. */
  fundPassword: string;
  /** The authenticator's code (second factor on): checked first, its one-action proof goes with the withdrawal. */
  code?: string;
}

/**
 * Withdrawing (SPEC §3, §5, §6, §9), for the desktop dialog and the phone page alike: why the
 * seller cannot withdraw now (frozen shop, credit, no fund password), the address and amount rules
 * (rc-field-form validators, for antd and antd-mobile), the fee preview, one Idempotency-Key per
 * request, the refusals mapped (wrong or locked fund password, …), the wallet refreshed, and the
 * answer or the failure to show.
 */
export function useWithdrawAction(summary: WalletSummary) {
  const { t, usdt } = useFormat('wallet');
  const me = useMe();
  const queryClient = useQueryClient();
  const action = useMoneyAction<WithdrawRequest, WithdrawAnswer>({
    send: async ({ code, ...body }, idempotencyKey) => submitWithdrawal({ ...body, idempotencyKey, headers: await stepUpHeaders('withdraw', code) }),
    settled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
    fallbackText: t('common:http.requestFailed'),
  });
  const [failure, setFailure] = useState<MoneyFailure | null>(null);
  const [answer, setAnswer] = useState<WithdrawAnswer | null>(null);
  /** The request the answer belongs to (network and address for the success page). */
  const [answered, setAnswered] = useState<WithdrawRequest | null>(null);
  const policy = summary.withdrawPolicy;
  const block = withdrawBlock(summary);
  const noFundPassword = me.data?.fundPasswordSet === false;
  const book = useWithdrawalAddresses();
  /** The second factor is on: the form asks its code, checked before the withdrawal is sent. */
  const needsCode = me.data?.twoFactorEnabled === true;
  /** The saved addresses of a network, the ones still in their cool-down disabled with when they become usable. */
  const addressOptions = (network: string) =>
    (book.data ?? []).filter((line) => line.network === network).map((line) => ({ value: line.address, label: line.label ? `${line.label} · ${line.address}` : line.address, disabled: !line.usable, usableAt: line.usableAt }));
  const ready = Boolean(me.data);

  const rules = useMemo(
    () => ({
      address: {
        validator: async (_: unknown, value: unknown) => {
          const check = checkWithdrawAddress(value);
          if (check.ok) return;
          throw new Error(check.issue === 'required' ? t('common:validation.required') : t('withdraw.addressInvalid', { min: WALLET_ADDRESS_LENGTH.MIN, max: WALLET_ADDRESS_LENGTH.MAX }));
        },
      },
      code: {
        validator: async (_: unknown, value: unknown) => {
          if (typeof value === 'string' && SECOND_FACTOR_CODE_INPUT.test(value)) return;
          throw new Error(t('withdraw.stepUpCodeInvalid'));
        },
      },
      amount: {
        validator: async (_: unknown, value: unknown) => {
          const check = checkAmount(value, { minCents: policy.minCents, maxCents: policy.maxCents, availableCents: summary.availableCents });
          if (!check.ok) throw new Error(t(`amount.${check.issue}`, { min: usdt(policy.minCents), max: usdt(policy.maxCents) }));
        },
      },
    }),
    [t, usdt, policy, summary.availableCents],
  );

  /** The request as it will be sent (trimmed), for the confirm step; null when a value breaks a rule. */
  const prepare = (values: WithdrawRequest): (WithdrawRequest & { preview: NonNullable<ReturnType<typeof withdrawPreview>> }) | null => {
    const address = checkWithdrawAddress(values.address);
    const preview = withdrawPreview(values.amount, policy);
    if (!address.ok || !preview || !values.network) return null;
    return { network: values.network, address: address.address, amount: values.amount.trim(), fundPassword: values.fundPassword, code: values.code?.trim() || undefined, preview };
  };

  /** Sends the withdrawal; answers null when one is already in flight or a value breaks a rule. */
  const submit = async (values: WithdrawRequest): Promise<MoneyResult<WithdrawAnswer> | null> => {
    const body = prepare(values);
    if (!body) return null;
    setFailure(null);
    const request = { network: body.network, address: body.address, amount: body.amount, fundPassword: body.fundPassword, code: body.code };
    const result = await action.run(request);
    if (!result) return null;
    if (result.ok) {
      setAnswer(result.answer);
      setAnswered(request);
    } else setFailure(result.failure);
    return result;
  };

  /** The dialog closed or the seller went back to edit: the next submission is a new request. */
  const reset = () => {
    action.reset();
    setFailure(null);
    setAnswer(null);
    setAnswered(null);
  };

  return {
    policy,
    block,
    noFundPassword,
    ready,
    /** Still asking who the seller is (whether a fund password is set). */
    checking: me.isPending,
    /** Nothing stops the seller from withdrawing now. */
    canWithdraw: ready && block === null && !noFundPassword,
    maxCents: maxWithdrawable(summary.availableCents, policy),
    preview: (amount: unknown) => withdrawPreview(amount, policy),
    rules,
    needsCode,
    addressOptions,
    addressesLoading: book.isPending,
    prepare,
    submit,
    reset,
    clearFailure: () => setFailure(null),
    pending: action.pending,
    failure,
    answer,
    answered,
  };
}
