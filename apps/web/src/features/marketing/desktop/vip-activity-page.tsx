import { Alert, Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useVipActivity } from '../hooks/use-activity-screens.ts';
import { RewardTierTable } from './reward-tier-table.tsx';
import '../../../styles/rewards.css';

/** Desktop shop upgrade (VIP) activity: the level, the progress to the next, every tier and its bonus. */
function VipActivityContent() {
  const { t } = useFormat('activity');
  const { query, claim, view } = useVipActivity();
  return (
    <PageFrame titleKey="vipActivity">
      <QueryState query={query}>
        {({ vip }) => {
          const v = view(vip);
          return (
            <div className="reward-page" data-testid="vip-activity">
              <Row gutter={[16, 16]}>
                <Col xs={24} md={6}>
                  <Card size="small" className="reward-stat">
                    <Statistic title={t('vip.currentLevel')} value={v.level} prefix={<CrownFilled aria-hidden className="reward-crown" />} valueStyle={{ color: 'var(--sd-gold-text)' }} />
                    <span data-testid="vip-level" data-level={vip.level} hidden />
                  </Card>
                </Col>
                <Col xs={24} md={6}>
                  <Card size="small" className="reward-stat">
                    <Statistic title={t('vip.topUp')} value={v.topUp} data-testid="vip-topup" />
                  </Card>
                </Col>
                <Col xs={24} md={12}>
                  <Card size="small" className="reward-stat" data-testid="vip-next">
                    {v.next ? (
                      <>
                        <div className="reward-next-line">
                          <span>{v.next.label}</span>
                          <strong>{v.next.toGo}</strong>
                        </div>
                        <Progress percent={v.percent} strokeColor="#faad14" aria-label={v.next.label} />
                      </>
                    ) : (
                      <div className="reward-next-line">
                        <strong>{v.maxed}</strong>
                      </div>
                    )}
                    <div className="reward-muted">
                      {t('vip.claimable')}: <strong data-testid="vip-claimable-count">{v.claimableCount}</strong>
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
