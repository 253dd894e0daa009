import { Table, Tag } from 'antd';
import type { RewardActivity, RewardState, RewardTier } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
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
  const { t, usdt, date } = useFormat('activity');
  const vip = activity === 'vip';
  return (
    <Table<RewardTier>
      rowKey="tier"
      size="middle"
      pagination={false}
      dataSource={tiers}
      scroll={{ x: 640 }}
      data-testid={`${activity}-tiers`}
      rowClassName={(row) => (row.tier === currentTier ? 'reward-row-current' : '')}
      columns={[
        { key: 'tier', title: vip ? t('vip.level') : t('couple.tier'), render: (_, row) => <strong>{vip ? t('vip.levelN', { level: row.tier }) : t('couple.tierN', { tier: row.tier })}</strong> },
        { key: 'threshold', title: vip ? t('vip.threshold') : t('couple.threshold'), align: 'right', render: (_, row) => usdt(row.thresholdCents) },
        { key: 'bonus', title: vip ? t('vip.bonus') : t('couple.bonus'), align: 'right', render: (_, row) => <span className="reward-bonus">{usdt(row.bonusCents)}</span> },
        ...(vip ? [{ key: 'exposure', title: t('vip.exposure'), align: 'right' as const, render: (_: unknown, row: RewardTier) => `+${row.exposurePct}%` }] : []),
        {
          key: 'state',
          title: vip ? t('vip.state') : t('couple.state'),
          render: (_, row) => (
            <Tag color={STATE_COLOR[row.state]} data-testid={`${activity}-state-${row.tier}`} data-state={row.state}>
              {t(`states.${row.state}`)}
            </Tag>
          ),
        },
        {
          key: 'action',
          title: '',
          align: 'right',
          width: 140,
          render: (_, row) =>
            row.state === 'claimable' ? (
              <RewardClaimButton bonus={{ activity, tier: row.tier, bonusCents: row.bonusCents }} claim={claim} />
            ) : row.state === 'received' ? (
              <span className="reward-muted">{t('claim.receivedOn', { date: date(row.receivedAt) })}</span>
            ) : null,
        },
      ]}
    />
  );
}
