import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClaimRewardAnswer, ClaimRewardBody } from '@shopdesk/shared/marketing/rewards-schemas';
import { useMoneyAction, type MoneyResult } from '../../../lib/money-action.ts';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { claimReward } from '../api/rewards-claim.ts';
import { rewardKeys, userLevelKeyPrefix } from '../api/rewards-keys.ts';
import type { ClaimableBonus } from './rewards-progress.ts';

/**
 * Claiming a bonus (SPEC §4: claimable → received), for the desktop and the phone alike: the
 * texts of the confirmation, one Idempotency-Key per bonus (a retry after no answer reuses it),
 * one claim in flight at a time, the outcome as a message, and the activities, the wallet and
 * the header's VIP tag refreshed. The pages show the confirmation with their own kit.
 */
export function useClaimReward() {
  const { t, usdt } = useFormat('activity');
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState<string | null>(null);
  const action = useMoneyAction<ClaimRewardBody, ClaimRewardAnswer>({
    send: claimReward,
    settled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        queryClient.invalidateQueries({ queryKey: userLevelKeyPrefix }),
      ]),
    fallbackText: t('common:http.requestFailed'),
  });

  const idOf = (b: Pick<ClaimableBonus, 'activity' | 'tier'>) => `${b.activity}:${b.tier}`;

  /** The bonus's name, e.g. "Level 2 bonus" or "Couple tier 1 bonus". */
  const labelOf = (b: Pick<ClaimableBonus, 'activity' | 'tier'>) => t(b.activity === 'vip' ? 'claim.vipLabel' : 'claim.coupleLabel', { tier: b.tier });

  /** The confirmation's title and text. */
  const confirmOf = (b: ClaimableBonus) => ({
    title: t('claim.confirmTitle'),
    content: t('claim.confirm', { name: labelOf(b), amount: usdt(b.bonusCents) }),
    okText: t('claim.action'),
    cancelText: t('common:actions.cancel'),
  });

  /** Claims after the confirmation; answers null when a claim is already in flight. */
  const claim = async (b: ClaimableBonus): Promise<MoneyResult<ClaimRewardAnswer> | null> => {
    setClaiming(idOf(b));
    try {
      const result = await action.run({ activity: b.activity, tier: b.tier });
      if (!result) return null;
      if (result.ok) notify.success(t('claim.done', { amount: usdt(result.answer.amountCents) }));
      else notify.error(result.failure.text);
      return result;
    } finally {
      setClaiming(null);
    }
  };

  /** True while this bonus's claim is in flight (its button spins; the others are disabled). */
  const isClaiming = (b: Pick<ClaimableBonus, 'activity' | 'tier'>) => claiming === idOf(b);

  return { claim, confirmOf, labelOf, isClaiming, pending: action.pending };
}
