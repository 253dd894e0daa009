import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "withdraw": its frame; the content arrives with its own issue. */
export function MobileWithdrawPage() {
  return <MobilePageFrame titleKey="withdraw" />;
}
