import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "finance": its frame; the content arrives with its own issue. */
export function MobileFinancePage() {
  return <MobilePageFrame titleKey="finance" />;
}
