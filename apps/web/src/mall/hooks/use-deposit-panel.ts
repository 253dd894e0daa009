import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MONEY, WALLET } from '@shopdesk/shared/constants';
import { checkWithdrawAddress, WALLET_ADDRESS_LENGTH } from '@shopdesk/shared/wallet/address-rule';
import { checkDepositAmount, normalizeAmountText } from '../../lib/amount-rules.ts';
import { copyText } from '../../lib/copy-text.ts';
import { useMoneyAction } from '../../lib/money-action.ts';
import { checkScreenshotFile, SCREENSHOT_ACCEPT, SCREENSHOT_MAX_MB } from '../../lib/screenshot-file.ts';
import { mallKeys, submitBuyerDeposit, useBuyerDeposits, useDepositAddresses, type DepositInput } from '../api/mall-api.ts';
import { useMallFormat } from '../components/ui.tsx';
import { showToast } from '../components/toast.ts';

type Field = 'amount' | 'fromAddress' | 'screenshot';
export type DepositErrors = Partial<Record<Field, string>>;

/**
 * The buyer's deposit on the "Me" page: the platform's address per network (copied with a tap), the
 * amount (at least WALLET.DEPOSIT_MIN_CENTS, as the server checks it), the address the money comes
 * from, the payment screenshot (the seller's file rules), one Idempotency-Key per request, and the
 * buyer's requests. A request sent or refused refreshes the list and the balance: nothing of it is
 * kept from before the submission.
 */
export function useDepositPanel() {
  const f = useMallFormat();
  const queryClient = useQueryClient();
  const addresses = useDepositAddresses();
  const deposits = useBuyerDeposits();
  const [network, setNetwork] = useState('');
  const [amount, setAmount] = useState('');
  const [fromAddress, setFromAddress] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<DepositErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const minCents = WALLET.DEPOSIT_MIN_CENTS;

  const action = useMoneyAction({
    send: (body: DepositInput, idempotencyKey: string) => submitBuyerDeposit(body, idempotencyKey),
    fingerprint: ({ network: n, amount: a, fromAddress: from, screenshot: file }) => JSON.stringify([n, a, from, file.name, file.size, file.lastModified]),
    settled: () => Promise.all([queryClient.invalidateQueries({ queryKey: mallKeys.deposits() }), queryClient.invalidateQueries({ queryKey: mallKeys.me() })]),
    fallbackText: f.t('state.error'),
  });

  // A request approved since the last look moved money into the wallet: the balance is asked again.
  const approved = deposits.data?.filter((d) => d.status === 'approved').length ?? null;
  const seenApproved = useRef(approved);
  useEffect(() => {
    if (approved !== null && seenApproved.current !== null && approved > seenApproved.current) void queryClient.invalidateQueries({ queryKey: mallKeys.me() });
    seenApproved.current = approved;
  }, [approved, queryClient]);

  // The first network is the choice until the buyer picks another (the list may arrive later).
  const list = addresses.data;
  const chosen = list?.find((a) => a.network === network) ?? list?.[0] ?? null;

  const limits = useMemo(() => ({ min: f.usdt(minCents), max: f.usdt(MONEY.AMOUNT_MAX_CENTS), maxMb: SCREENSHOT_MAX_MB }), [f, minCents]);

  const validate = (): { ok: true; body: DepositInput } | { ok: false } => {
    const found: DepositErrors = {};
    const amountCheck = checkDepositAmount(amount, minCents);
    if (!amountCheck.ok) found.amount = f.t(`deposit.amountErrors.${amountCheck.issue}`, limits);
    const from = checkWithdrawAddress(fromAddress);
    if (!from.ok) found.fromAddress = f.t(`deposit.fromAddressErrors.${from.issue}`, { min: WALLET_ADDRESS_LENGTH.MIN, max: WALLET_ADDRESS_LENGTH.MAX });
    if (!screenshot) found.screenshot = f.t('deposit.screenshotRequired');
    setErrors(found);
    if (!chosen || !amountCheck.ok || !from.ok || !screenshot) return { ok: false };
    return { ok: true, body: { network: chosen.network, amount: amount.trim(), fromAddress: from.address, screenshot } };
  };

  const submit = async () => {
    setFailure(null);
    const checked = validate();
    if (!checked.ok) return;
    const result = await action.run(checked.body);
    if (!result) return;
    if (!result.ok) {
      setFailure(result.failure.text);
      return;
    }
    showToast(f.t('deposit.success'));
    setAmount('');
    setScreenshot(null);
    setErrors({});
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const issue = checkScreenshotFile(file);
    if (issue) {
      setErrors((e) => ({ ...e, screenshot: f.t(`deposit.fileErrors.${issue}`, limits) }));
      return;
    }
    setErrors((e) => ({ ...e, screenshot: undefined }));
    setScreenshot(file);
  };

  const copyAddress = async () => {
    if (!chosen) return;
    const done = await copyText(chosen.address);
    showToast(f.t(done ? 'deposit.copied' : 'deposit.copyFailed'), done ? 'ok' : 'error');
  };

  return {
    addresses,
    deposits,
    chosen,
    selectNetwork: setNetwork,
    amount,
    setAmount: (value: string) => setAmount(normalizeAmountText(value)),
    fromAddress,
    setFromAddress,
    screenshot,
    pickFile,
    clearFile: () => setScreenshot(null),
    accept: SCREENSHOT_ACCEPT,
    limits,
    errors,
    failure,
    pending: action.pending,
    submit,
    copyAddress,
  };
}
