import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "orderDetail": its frame; the content arrives with its own issue. */
export function MobileOrderDetailPage() {
  return <MobilePageFrame titleKey="orderDetail" />;
}
