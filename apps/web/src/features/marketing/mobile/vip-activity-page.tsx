import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "vipActivity": its frame; the content arrives with its own issue. */
export function MobileVipActivityPage() {
  return <MobilePageFrame titleKey="vipActivity" />;
}
