import { Badge, DotLoading, Empty, List } from 'antd-mobile';
import { GiftOutline, HeartOutline, StarOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import type { ActivitiesAnswer } from '@shopdesk/shared/marketing/rewards-schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import type { ClaimableBonus } from '../hooks/rewards-progress.ts';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useActivityCentre } from '../hooks/use-activity-screens.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileRewardClaimButton } from './reward-claim-button.tsx';
import '../../../styles/rewards.css';

const ICONS = { vip: <StarOutline fontSize={24} color="#faad14" />, couple: <HeartOutline fontSize={24} color="#eb2f96" /> };
const TARGETS = { vip: '/m/vip-activity', couple: '/m/activity' };

function Centre({ data, claimable, claim }: { data: ActivitiesAnswer; claimable: ClaimableBonus[]; claim: ReturnType<typeof useClaimReward> }) {
  const { usdt } = useFormat('activity');
  const navigate = useNavigate();
  const centre = useActivityCentre(data, claimable);
  return (
    <div data-testid="m-activity-center">
      <List header={centre.title}>
        {centre.activities.map((c) => (
          <List.Item
            key={c.key}
            prefix={ICONS[c.key]}
            // The VIP level stands beside its name; the couple's state follows its description.
            description={c.key === 'couple' ? `${c.desc} ${c.state}` : c.desc}
            extra={
              <span className="m-reward-extra">
                {c.key === 'vip' && c.state}
                {c.count > 0 && <Badge content={c.count} />}
              </span>
            }
            onClick={() => void navigate(TARGETS[c.key])}
            data-testid={`m-centre-${c.key}`}
          >
            {c.name}
          </List.Item>
        ))}
      </List>
      <List header={`${centre.claimableTitle}${centre.claimableTotal ? ` · ${centre.claimableTotal}` : ''}`} data-testid="m-centre-claimable">
        {claimable.length === 0 ? (
          <List.Item>
            <Empty image={<GiftOutline fontSize={40} color="#ccc" />} description={centre.nothingToClaim} />
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
}

/** Phone activity centre: the activities with the shop's state in each, and every bonus to claim. */
function MobileActivityCenterContent() {
  const { query, claimable } = useActivitiesView();
  const claim = useClaimReward();
  return <MobileQueryState query={query}>{(data) => <Centre data={data} claimable={claimable} claim={claim} />}</MobileQueryState>;
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
