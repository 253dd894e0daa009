import { DotLoading } from 'antd-mobile';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { MobileCoupleSection } from './couple-section.tsx';
import { MobileRewardTierList } from './reward-tier-list.tsx';
import '../../../styles/rewards.css';

/** Phone couple activity (/m/activity): the link or request, requests to answer, and the couple tiers. */
function MobileActivityContent() {
  const { t } = useFormat('activity');
  const { query } = useActivitiesView();
  const claim = useClaimReward();
  return (
    <MobileQueryState query={query}>
      {({ couple }) => (
        <div data-testid="m-activity">
          <MobileCoupleSection couple={couple} />
          <MobileRewardTierList activity="couple" tiers={couple.tiers} claim={claim} header={t('couple.tiersTitle')} />
        </div>
      )}
    </MobileQueryState>
  );
}

export function MobileActivityPage() {
  return (
    <MobilePageFrame titleKey="coupleActivity">
      <NamespaceGate ns="activity" fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
        <MobileActivityContent />
      </NamespaceGate>
    </MobilePageFrame>
  );
}
