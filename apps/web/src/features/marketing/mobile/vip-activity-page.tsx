import { DotLoading, ProgressBar } from 'antd-mobile';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useVipActivity } from '../hooks/use-activity-screens.ts';
import { MobileRewardTierList } from './reward-tier-list.tsx';
import '../../../styles/rewards.css';

/** Phone shop upgrade (VIP) activity: the level and progress on top, then every tier with its bonus. */
function MobileVipActivityContent() {
  const { t } = useFormat('activity');
  const { query, claim, view } = useVipActivity();
  return (
    <MobileQueryState query={query}>
      {({ vip }) => {
        const v = view(vip);
        return (
          <div data-testid="m-vip-activity">
            <div className="m-reward-hero">
              <div className="m-reward-tier-meta" style={{ color: 'inherit' }}>{t('vip.currentLevel')}</div>
              <div className="m-reward-hero-level" data-testid="m-vip-level" data-level={vip.level}>
                {v.level}
              </div>
              <div className="m-reward-hero-line">
                <span>{t('vip.topUp')}</span>
                <strong>{v.topUp}</strong>
              </div>
              <ProgressBar percent={v.percent} style={{ marginTop: 8 }} />
              <div className="m-reward-hero-line">
                {v.next ? (
                  <>
                    <span>{v.next.label}</span>
                    <strong>{v.next.toGo}</strong>
                  </>
                ) : (
                  <strong>{v.maxed}</strong>
                )}
              </div>
            </div>
            <div className="m-reward-rules">{t('vip.rules')}</div>
            <MobileRewardTierList activity="vip" tiers={vip.tiers} claim={claim} header={t('vip.level')} />
          </div>
        );
      }}
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
