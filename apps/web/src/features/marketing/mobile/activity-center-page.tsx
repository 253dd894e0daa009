import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "activityCenter": its frame; the content arrives with its own issue. */
export function MobileActivityCenterPage() {
  return <MobilePageFrame titleKey="activityCenter" />;
}
