import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { SHOP } from '@shopdesk/shared/constants';

/** Why the seller cannot withdraw now (SPEC §6), or null: a frozen shop first, then the credit score. */
export type WithdrawBlock = 'frozen' | 'credit' | null;

export function withdrawBlock(summary: Pick<WalletSummary, 'shopFrozen' | 'creditScore' | 'canWithdraw'>): WithdrawBlock {
  if (summary.shopFrozen) return 'frozen';
  if (summary.creditScore < SHOP.CREDIT_WITHDRAW_MIN) return 'credit';
  return summary.canWithdraw ? null : 'frozen';
}
