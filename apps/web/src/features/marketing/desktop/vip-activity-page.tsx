import { Alert, Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { percentToNext } from '../hooks/rewards-progress.ts';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { RewardTierTable } from './reward-tier-table.tsx';
import '../../../styles/rewards.css';

/** Desktop shop upgrade (VIP) activity: the level, the progress to the next, every tier and its bonus. */
function VipActivityContent() {
  const { t, usdt } = useFormat('activity');
  const { query } = useActivitiesView();
  const claim = useClaimReward();
  return (
    <PageFrame titleKey="vipActivity">
      <QueryState query={query}>
        {({ vip }) => {
          const claimable = vip.tiers.filter((tier) => tier.state === 'claimable').length;
          return (
            <div className="reward-page" data-testid="vip-activity">
              <Row gutter={[16, 16]}>
                <Col xs={24} md={6}>
                  <Card size="small" className="reward-stat">
                    <Statistic title={t('vip.currentLevel')} value={t('vip.levelN', { level: vip.level })} prefix={<CrownFilled aria-hidden className="reward-crown" />} valueStyle={{ color: 'var(--sd-gold-text)' }} />
                    <span data-testid="vip-level" data-level={vip.level} hidden />
                  </Card>
                </Col>
                <Col xs={24} md={6}>
                  <Card size="small" className="reward-stat">
                    <Statistic title={t('vip.topUp')} value={usdt(vip.topUpCents)} data-testid="vip-topup" />
                  </Card>
                </Col>
                <Col xs={24} md={12}>
                  <Card size="small" className="reward-stat" data-testid="vip-next">
                    {vip.next ? (
                      <>
                        <div className="reward-next-line">
                          <span>{t('vip.next', { level: vip.next.tier, amount: usdt(vip.next.thresholdCents) })}</span>
                          <strong>{t('vip.toGo', { amount: usdt(vip.next.remainingCents) })}</strong>
                        </div>
                        <Progress percent={percentToNext(vip.topUpCents, vip.tiers, vip.next)} strokeColor="#faad14" aria-label={t('vip.next', { level: vip.next.tier, amount: usdt(vip.next.thresholdCents) })} />
                      </>
                    ) : (
                      <div className="reward-next-line">
                        <strong>{t('vip.maxed')}</strong>
                      </div>
                    )}
                    <div className="reward-muted">
                      {t('vip.claimable')}: <strong data-testid="vip-claimable-count">{claimable}</strong>
                    </div>
                  </Card>
                </Col>
              </Row>
              <Alert type="info" showIcon title={t('vip.rules')} className="reward-rules" />
              <RewardTierTable activity="vip" tiers={vip.tiers} claim={claim} currentTier={vip.level} />
            </div>
          );
        }}
      </QueryState>
    </PageFrame>
  );
}

export function VipActivityPage() {
  return (
    <NamespaceGate ns="activity" fallback={<PageFrame titleKey="vipActivity"><Skeleton active /></PageFrame>}>
      <VipActivityContent />
    </NamespaceGate>
  );
}
