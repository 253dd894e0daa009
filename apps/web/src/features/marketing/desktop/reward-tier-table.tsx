import { Table, Tag } from 'antd';
import type { RewardActivity, RewardState, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { useRewardTiers } from '../hooks/use-activity-screens.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { RewardClaimButton } from './reward-claim-button.tsx';

const STATE_COLOR: Record<RewardState, string> = { locked: 'default', claimable: 'gold', received: 'success' };

export interface RewardTierTableProps {
  activity: RewardActivity;
  tiers: RewardTier[];
  claim: ReturnType<typeof useClaimReward>;
  /** The VIP level to highlight. */
  currentTier?: number;
}

/** Every tier of an activity: threshold, bonus, (exposure), its state and the claim button. */
export function RewardTierTable({ activity, tiers, claim, currentTier }: RewardTierTableProps) {
  const { labels, rows } = useRewardTiers(activity, tiers);
  type Row = (typeof rows)[number];
  return (
    <Table<Row>
      rowKey={(r) => r.row.tier}
      size="middle"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 640 }}
      data-testid={`${activity}-tiers`}
      rowClassName={(r) => (r.row.tier === currentTier ? 'reward-row-current' : '')}
      columns={[
        { key: 'tier', title: labels.tier, render: (_, r) => <strong>{r.name}</strong> },
        { key: 'threshold', title: labels.threshold, align: 'right', render: (_, r) => r.threshold },
        { key: 'bonus', title: labels.bonus, align: 'right', render: (_, r) => <span className="reward-bonus">{r.bonus}</span> },
        ...(labels.exposure ? [{ key: 'exposure', title: labels.exposure, align: 'right' as const, render: (_: unknown, r: Row) => r.exposure }] : []),
        {
          key: 'state',
          title: labels.state,
          render: (_, r) => (
            <Tag color={STATE_COLOR[r.row.state]} data-testid={`${activity}-state-${r.row.tier}`} data-state={r.row.state}>
              {r.state}
            </Tag>
          ),
        },
        {
          key: 'action',
          // Named for screen readers: an empty header leaves the column's buttons without one.
          title: <span className="sr-only">{labels.action}</span>,
          align: 'right',
          width: 140,
          render: (_, r) =>
            r.row.state === 'claimable' ? <RewardClaimButton bonus={r.bonusToClaim} claim={claim} /> : r.receivedOn ? <span className="reward-muted">{r.receivedOn}</span> : null,
        },
      ]}
    />
  );
}
