import { Button } from 'antd-mobile';
import { Dialog } from '../../../components/mobile/imperative.ts';
import { useTranslation } from 'react-i18next';
import type { ClaimableBonus } from '../hooks/rewards-progress.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';

/** "Claim" on the phone: a confirmation dialog, then the claim; loading while in flight. */
export function MobileRewardClaimButton({ bonus, claim }: { bonus: ClaimableBonus; claim: ReturnType<typeof useClaimReward> }) {
  const { t } = useTranslation('activity');
  const mine = claim.isClaiming(bonus);
  const ask = async () => {
    const texts = claim.confirmOf(bonus);
    const ok = await Dialog.confirm({ title: texts.title, content: texts.content, confirmText: texts.okText, cancelText: texts.cancelText });
    if (ok) await claim.claim(bonus);
  };
  return (
    <Button size="small" color="warning" loading={mine} disabled={claim.pending && !mine} onClick={() => void ask()} data-testid={`m-claim-${bonus.activity}-${bonus.tier}`}>
      {t('claim.action')}
    </Button>
  );
}
