import { App, Button } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ClaimableBonus } from '../hooks/rewards-progress.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';

export interface RewardClaimButtonProps {
  bonus: ClaimableBonus;
  claim: ReturnType<typeof useClaimReward>;
  size?: 'small' | 'middle';
}

/** "Claim": a confirmation, then the claim; spinning while in flight, the other claims disabled meanwhile. */
export function RewardClaimButton({ bonus, claim, size = 'small' }: RewardClaimButtonProps) {
  const { t } = useTranslation('activity');
  const { modal } = App.useApp();
  const mine = claim.isClaiming(bonus);
  const ask = () => {
    const texts = claim.confirmOf(bonus);
    modal.confirm({ ...texts, icon: <GiftOutlined aria-hidden />, onOk: () => claim.claim(bonus) });
  };
  return (
    <Button type="primary" size={size} icon={<GiftOutlined aria-hidden />} loading={mine} disabled={claim.pending && !mine} onClick={ask} data-testid={`claim-${bonus.activity}-${bonus.tier}`}>
      {t('claim.action')}
    </Button>
  );
}
