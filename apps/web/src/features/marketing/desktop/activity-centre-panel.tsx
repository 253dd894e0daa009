import { Badge, Button, Card, Col, Empty, List, Row } from 'antd';
import { CrownOutlined, HeartOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ActivitiesAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { ClaimableBonus } from '../hooks/rewards-progress.ts';
import { useActivityCentre } from '../hooks/use-activity-screens.ts';
import type { useClaimReward } from '../hooks/use-claim-reward.ts';
import { RewardClaimButton } from './reward-claim-button.tsx';

export interface ActivityCentrePanelProps {
  data: ActivitiesAnswer;
  claimable: ClaimableBonus[];
  claim: ReturnType<typeof useClaimReward>;
}

const ICONS = { vip: <CrownOutlined aria-hidden />, couple: <HeartOutlined aria-hidden /> };
/** The VIP activity has a page of its own; couple linking is further down this page. */
const TARGETS = { vip: '/marketing/vip-activity', couple: '#couple' };

/** The activity centre on the desktop: both activities with the shop's state, and every bonus to claim. */
export function ActivityCentrePanel({ data, claimable, claim }: ActivityCentrePanelProps) {
  const { t, usdt } = useFormat('activity');
  const navigate = useNavigate();
  const centre = useActivityCentre(data, claimable);
  const open = (to: string) => (to.startsWith('#') ? document.getElementById(to.slice(1))?.scrollIntoView({ behavior: 'smooth' }) : void navigate(to));
  return (
    <Card type="inner" title={<h2 className="reward-section-title">{centre.title}</h2>} className="reward-centre" data-testid="activity-centre">
      <Row gutter={[16, 16]}>
        {centre.activities.map((c) => (
          <Col key={c.key} xs={24} md={12}>
            <div className={`reward-activity-card reward-activity-${c.key}`} data-testid={`centre-${c.key}`}>
              <div className="reward-activity-icon">{ICONS[c.key]}</div>
              <div className="reward-activity-body">
                <div className="reward-activity-name">
                  {c.name} <Badge count={c.count} />
                </div>
                <div className="reward-muted">{c.desc}</div>
                <div className="reward-activity-state">{c.state}</div>
              </div>
              <Button type="link" onClick={() => open(TARGETS[c.key])} data-testid={`centre-open-${c.key}`}>
                {t('centre.open')} <RightOutlined aria-hidden />
              </Button>
            </div>
          </Col>
        ))}
      </Row>
      <h3 className="reward-subtitle">
        {centre.claimableTitle} {centre.claimableTotal && <span className="reward-muted">· {centre.claimableTotal}</span>}
      </h3>
      {claimable.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={centre.nothingToClaim} />
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
