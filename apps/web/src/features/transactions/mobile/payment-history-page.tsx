import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "paymentHistory": its frame; the content arrives with its own issue. */
export function MobilePaymentHistoryPage() {
  return <MobilePageFrame titleKey="paymentHistory" />;
}
