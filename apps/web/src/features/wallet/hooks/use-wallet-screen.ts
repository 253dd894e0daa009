import { useState } from 'react';
import { SHOP } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useCustomerService } from '../../support/api/use-customer-service.ts';
import { useWalletSummary } from '../api/wallet-api.ts';
import { withdrawBlock } from '../withdraw-block.ts';

/**
 * The wallet on both devices (desktop /wallet, phone /m/finance): the summary, why withdrawing is
 * refused now (said on the disabled button), and which money dialog is open (the phone withdraws
 * on a page of its own).
 */
export function useWalletScreen() {
  const { t } = useFormat('wallet');
  const summary = useWalletSummary();
  const [dialog, setDialog] = useState<'deposit' | 'withdraw' | null>(null);
  const block = summary.data ? withdrawBlock(summary.data) : null;
  return {
    summary,
    block,
    blockReason: block === 'frozen' ? t('alerts.frozenShort') : block === 'credit' ? t('alerts.creditTooLow', { score: summary.data?.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN }) : null,
    canDeposit: Boolean(summary.data),
    canWithdraw: Boolean(summary.data) && block === null,
    dialog,
    openDeposit: () => setDialog('deposit'),
    openWithdraw: () => setDialog('withdraw'),
    closeDialog: () => setDialog(null),
  };
}

/**
 * The wallet's four figures (SPEC §3) and the settlement still held (part of available, not yet
 * withdrawable) with their summary fields, in the order both devices show them.
 */
export const WALLET_FIGURES = [
  { key: 'balance', field: 'balanceCents' },
  { key: 'available', field: 'availableCents' },
  { key: 'held', field: 'heldCents' },
  { key: 'frozen', field: 'frozenCents' },
  { key: 'totalEarnings', field: 'totalEarningsCents' },
] as const satisfies readonly { key: string; field: keyof WalletSummary }[];

/**
 * Why withdrawals are (or will soon be) refused, before it bites (SPEC §6, DESIGN §3), for the
 * desktop's alerts and the phone's notice bars: a frozen shop (with its reason and the way to
 * customer service), a credit score under the minimum, or a warning as it nears it.
 */
export function useWalletNotices(summary: Pick<WalletSummary, 'shopFrozen' | 'frozenReason' | 'creditScore' | 'creditWarning'>) {
  const { t } = useFormat('wallet');
  const contact = useCustomerService();
  const tooLow = summary.creditScore < SHOP.CREDIT_WITHDRAW_MIN;
  const credit = { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN };
  const reason = summary.frozenReason ? t('alerts.frozenReason', { reason: summary.frozenReason }) : null;
  /** The one line of a phone notice: "Your account is frozen. Reason: …". */
  const frozenLine = reason ? `${t('alerts.frozenShort')} ${reason}` : t('alerts.frozenShort');
  return {
    frozenLine,
    frozen: summary.shopFrozen
      ? {
          title: t('alerts.frozenTitle'),
          text: t('alerts.frozenText'),
          reason,
          line: frozenLine,
          contactText: t('alerts.contactSupport'),
          contact,
        }
      : null,
    creditTooLow: tooLow ? t('alerts.creditTooLow', credit) : null,
    creditWarning: !tooLow && summary.creditWarning ? t('alerts.creditWarning', credit) : null,
  };
}
