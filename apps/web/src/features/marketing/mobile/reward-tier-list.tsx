import { List, Tag } from 'antd-mobile';
import type { RewardActivity, RewardState, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileRewardClaimButton } from './reward-claim-button.tsx';

const STATE_COLOR: Record<RewardState, 'default' | 'warning' | 'success'> = { locked: 'default', claimable: 'warning', received: 'success' };

/** Every tier of an activity as a phone list: threshold, bonus, (exposure), state and claim. */
export function MobileRewardTierList({ activity, tiers, claim, header }: { activity: RewardActivity; tiers: RewardTier[]; claim: ReturnType<typeof useClaimReward>; header: string }) {
  const { t, usdt } = useFormat('activity');
  const vip = activity === 'vip';
  return (
    <List header={header} data-testid={`m-${activity}-tiers`}>
      {tiers.map((row) => (
        <List.Item key={row.tier}>
          <div className="m-reward-tier">
            <div className="m-reward-tier-main">
              <div className="m-reward-tier-name">
                {vip ? t('vip.levelN', { level: row.tier }) : t('couple.tierN', { tier: row.tier })}{' '}
                <Tag color={STATE_COLOR[row.state]} fill="outline" data-testid={`m-${activity}-state-${row.tier}`} data-state={row.state}>
                  {t(`states.${row.state}`)}
                </Tag>
              </div>
              <div className="m-reward-tier-meta">
                {vip ? t('vip.threshold') : t('couple.threshold')}: {usdt(row.thresholdCents)}
                {vip && ` · ${t('vip.exposure')} +${row.exposurePct}%`}
              </div>
              <div className="m-reward-tier-meta">
                {vip ? t('vip.bonus') : t('couple.bonus')}: <span className="m-reward-tier-bonus">{usdt(row.bonusCents)}</span>
              </div>
            </div>
            {row.state === 'claimable' && <MobileRewardClaimButton bonus={{ activity, tier: row.tier, bonusCents: row.bonusCents }} claim={claim} />}
          </div>
        </List.Item>
      ))}
    </List>
  );
}
