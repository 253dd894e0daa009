import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "coupleActivity": its frame; the content arrives with its own issue. */
export function MobileActivityPage() {
  return <MobilePageFrame titleKey="coupleActivity" />;
}
