import { Badge, DotLoading, Empty, List } from 'antd-mobile';
import { GiftOutline, HeartOutline, StarOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileRewardClaimButton } from './reward-claim-button.tsx';
import '../../../styles/rewards.css';

/** Phone activity centre: the activities with the shop's state in each, and every bonus to claim. */
function MobileActivityCenterContent() {
  const { t, usdt } = useFormat('activity');
  const navigate = useNavigate();
  const { query, claimable } = useActivitiesView();
  const claim = useClaimReward();
  return (
    <MobileQueryState query={query}>
      {(data) => {
        const { link, outgoing, incoming } = data.couple;
        const coupleState = link
          ? t('centre.linkedWith', { name: link.partner.shopName })
          : outgoing
            ? t('centre.awaitingWith', { name: outgoing.to.shopName })
            : incoming[0]
              ? t('centre.askedBy', { name: incoming[0].from.shopName })
              : t('centre.notLinked');
        const count = (activity: 'vip' | 'couple') => claimable.filter((c) => c.activity === activity).length;
        return (
          <div data-testid="m-activity-center">
            <List header={t('centre.title')}>
              <List.Item
                prefix={<StarOutline fontSize={24} color="#faad14" />}
                description={t('centre.vipDesc')}
                extra={
                  <span className="m-reward-extra">
                    {t('centre.levelState', { level: data.vip.level })}
                    {count('vip') > 0 && <Badge content={count('vip')} />}
                  </span>
                }
                onClick={() => void navigate('/m/vip-activity')}
                data-testid="m-centre-vip"
              >
                {t('centre.vipName')}
              </List.Item>
              <List.Item
                prefix={<HeartOutline fontSize={24} color="#eb2f96" />}
                description={`${t('centre.coupleDesc')} ${coupleState}`}
                extra={count('couple') > 0 ? <Badge content={count('couple')} /> : null}
                onClick={() => void navigate('/m/activity')}
                data-testid="m-centre-couple"
              >
                {t('centre.coupleName')}
              </List.Item>
            </List>
            <List header={`${t('centre.claimableTitle')}${data.claimableCount ? ` · ${usdt(data.claimableCents)}` : ''}`} data-testid="m-centre-claimable">
              {claimable.length === 0 ? (
                <List.Item>
                  <Empty image={<GiftOutline fontSize={40} color="#ccc" />} description={t('centre.nothingToClaim')} />
                </List.Item>
              ) : (
                claimable.map((b) => (
                  <List.Item key={`${b.activity}-${b.tier}`} prefix={<GiftOutline fontSize={22} color="#faad14" />} description={usdt(b.bonusCents)} extra={<MobileRewardClaimButton bonus={b} claim={claim} />}>
                    <span className="reward-capital">{claim.labelOf(b)}</span>
                  </List.Item>
                ))
              )}
            </List>
          </div>
        );
      }}
    </MobileQueryState>
  );
}

export function MobileActivityCenterPage() {
  return (
    <MobilePageFrame titleKey="activityCenter">
      <NamespaceGate ns="activity" fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
        <MobileActivityCenterContent />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
