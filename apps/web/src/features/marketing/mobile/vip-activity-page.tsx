import { DotLoading, ProgressBar } from 'antd-mobile';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { percentToNext } from '../hooks/rewards-progress.ts';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileRewardTierList } from './reward-tier-list.tsx';
import '../../../styles/rewards.css';

/** Phone shop upgrade (VIP) activity: the level and progress on top, then every tier with its bonus. */
function MobileVipActivityContent() {
  const { t, usdt } = useFormat('activity');
  const { query } = useActivitiesView();
  const claim = useClaimReward();
  return (
    <MobileQueryState query={query}>
      {({ vip }) => (
        <div data-testid="m-vip-activity">
          <div className="m-reward-hero">
            <div className="m-reward-tier-meta" style={{ color: 'inherit' }}>{t('vip.currentLevel')}</div>
            <div className="m-reward-hero-level" data-testid="m-vip-level" data-level={vip.level}>
              {t('vip.levelN', { level: vip.level })}
            </div>
            <div className="m-reward-hero-line">
              <span>{t('vip.topUp')}</span>
              <strong>{usdt(vip.topUpCents)}</strong>
            </div>
            <ProgressBar percent={percentToNext(vip.topUpCents, vip.tiers, vip.next)} style={{ marginTop: 8 }} />
            <div className="m-reward-hero-line">
              {vip.next ? (
                <>
                  <span>{t('vip.next', { level: vip.next.tier, amount: usdt(vip.next.thresholdCents) })}</span>
                  <strong>{t('vip.toGo', { amount: usdt(vip.next.remainingCents) })}</strong>
                </>
              ) : (
                <strong>{t('vip.maxed')}</strong>
              )}
            </div>
          </div>
          <div className="m-reward-rules">{t('vip.rules')}</div>
          <MobileRewardTierList activity="vip" tiers={vip.tiers} claim={claim} header={t('vip.level')} />
        </div>
      )}
    </MobileQueryState>
  );
}

export function MobileVipActivityPage() {
  return (
    <MobilePageFrame titleKey="vipActivity">
      <NamespaceGate ns="activity" fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
        <MobileVipActivityContent />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
