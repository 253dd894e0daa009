import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "purchaseHistory": its frame; the content arrives with its own issue. */
export function PurchaseHistoryPage() {
  return <PageFrame titleKey="purchaseHistory" />;
}
