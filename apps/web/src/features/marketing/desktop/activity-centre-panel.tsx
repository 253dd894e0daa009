import { Badge, Button, Card, Col, Empty, List, Row } from 'antd';
import { CrownOutlined, HeartOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ActivitiesAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { ClaimableBonus } from '../hooks/rewards-progress.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { RewardClaimButton } from './reward-claim-button.tsx';

export interface ActivityCentrePanelProps {
  data: ActivitiesAnswer;
  claimable: ClaimableBonus[];
  claim: ReturnType<typeof useClaimReward>;
}

/** The activity centre on the desktop: both activities with the shop's state, and every bonus to claim. */
export function ActivityCentrePanel({ data, claimable, claim }: ActivityCentrePanelProps) {
  const { t, usdt } = useFormat('activity');
  const navigate = useNavigate();
  const count = (activity: 'vip' | 'couple') => claimable.filter((c) => c.activity === activity).length;
  const { link, outgoing, incoming } = data.couple;
  const coupleState = link
    ? t('centre.linkedWith', { name: link.partner.shopName })
    : outgoing
      ? t('centre.awaitingWith', { name: outgoing.to.shopName })
      : incoming[0]
        ? t('centre.askedBy', { name: incoming[0].from.shopName })
        : t('centre.notLinked');
  const cards = [
    { key: 'vip', icon: <CrownOutlined aria-hidden />, name: t('centre.vipName'), desc: t('centre.vipDesc'), state: t('centre.levelState', { level: data.vip.level }), to: '/marketing/vip-activity' },
    { key: 'couple', icon: <HeartOutlined aria-hidden />, name: t('centre.coupleName'), desc: t('centre.coupleDesc'), state: coupleState, to: '#couple' },
  ] as const;
  return (
    <Card type="inner" title={<h2 className="reward-section-title">{t('centre.title')}</h2>} className="reward-centre" data-testid="activity-centre">
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={24} md={12}>
            <div className={`reward-activity-card reward-activity-${c.key}`} data-testid={`centre-${c.key}`}>
              <div className="reward-activity-icon">{c.icon}</div>
              <div className="reward-activity-body">
                <div className="reward-activity-name">
                  {c.name} <Badge count={count(c.key)} />
                </div>
                <div className="reward-muted">{c.desc}</div>
                <div className="reward-activity-state">{c.state}</div>
              </div>
              <Button
                type="link"
                onClick={() => (c.to.startsWith('#') ? document.getElementById(c.to.slice(1))?.scrollIntoView({ behavior: 'smooth' }) : void navigate(c.to))}
                data-testid={`centre-open-${c.key}`}
              >
                {t('centre.open')} <RightOutlined aria-hidden />
              </Button>
            </div>
          </Col>
        ))}
      </Row>
      <h3 className="reward-subtitle">
        {t('centre.claimableTitle')} {data.claimableCount > 0 && <span className="reward-muted">· {usdt(data.claimableCents)}</span>}
      </h3>
      {claimable.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('centre.nothingToClaim')} />
      ) : (
        <List
          size="small"
          dataSource={claimable}
          data-testid="centre-claimable"
          renderItem={(b) => (
            <List.Item key={`${b.activity}-${b.tier}`} actions={[<RewardClaimButton key="claim" bonus={b} claim={claim} />]}>
              <List.Item.Meta title={<span className="reward-capital">{claim.labelOf(b)}</span>} description={usdt(b.bonusCents)} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
