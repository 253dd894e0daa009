import { List, Tag } from 'antd-mobile';
import type { RewardActivity, RewardState, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { useRewardTiers } from '../hooks/use-activity-screens.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileRewardClaimButton } from './reward-claim-button.tsx';

const STATE_COLOR: Record<RewardState, 'default' | 'warning' | 'success'> = { locked: 'default', claimable: 'warning', received: 'success' };

/** Every tier of an activity as a phone list: threshold, bonus, (exposure), state and claim. */
export function MobileRewardTierList({ activity, tiers, claim, header }: { activity: RewardActivity; tiers: RewardTier[]; claim: ReturnType<typeof useClaimReward>; header: string }) {
  const { labels, rows } = useRewardTiers(activity, tiers);
  return (
    <List header={header} data-testid={`m-${activity}-tiers`}>
      {rows.map((r) => (
        <List.Item key={r.row.tier}>
          <div className="m-reward-tier">
            <div className="m-reward-tier-main">
              <div className="m-reward-tier-name">
                {r.name}{' '}
                <Tag color={STATE_COLOR[r.row.state]} fill="outline" data-testid={`m-${activity}-state-${r.row.tier}`} data-state={r.row.state}>
                  {r.state}
                </Tag>
              </div>
              <div className="m-reward-tier-meta">
                {labels.threshold}: {r.threshold}
                {r.exposure && ` · ${labels.exposure} ${r.exposure}`}
              </div>
              <div className="m-reward-tier-meta">
                {labels.bonus}: <span className="m-reward-tier-bonus">{r.bonus}</span>
              </div>
            </div>
            {r.row.state === 'claimable' && <MobileRewardClaimButton bonus={r.bonusToClaim} claim={claim} />}
          </div>
        </List.Item>
      ))}
    </List>
  );
}
