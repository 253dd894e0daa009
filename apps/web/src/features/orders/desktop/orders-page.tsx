import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "orders": its frame; the content arrives with its own issue. */
export function OrdersPage() {
  return <PageFrame titleKey="orders" />;
}
