import { Skeleton } from 'antd';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useActivitiesView } from '../hooks/use-activities-view.ts';
import { useClaimReward } from '../hooks/use-claim-reward.ts';
import { ActivityCentrePanel } from './activity-centre-panel.tsx';
import { CouplePanel } from './couple-panel.tsx';
import '../../../styles/rewards.css';

/**
 * Desktop /marketing/activity: the activity centre (both activities, every bonus to claim) on top,
 * then couple linking. SPEC §2 has no separate desktop route for the centre (docs/decisions.md, "Activity centre").
 */
function ActivityContent() {
  const { query, claimable } = useActivitiesView();
  const claim = useClaimReward();
  return (
    <PageFrame titleKey="coupleActivity">
      <QueryState query={query}>
        {(data) => (
          <div className="reward-page" data-testid="activity-page">
            <ActivityCentrePanel data={data} claimable={claimable} claim={claim} />
            <CouplePanel couple={data.couple} claim={claim} />
          </div>
        )}
      </QueryState>
    </PageFrame>
  );
}

export function ActivityPage() {
  return (
    <NamespaceGate ns="activity" fallback={<PageFrame titleKey="coupleActivity"><Skeleton active /></PageFrame>}>
      <ActivityContent />
    </NamespaceGate>
  );
}
