import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "refunds": its frame; the content arrives with its own issue. */
export function RefundsPage() {
  return <PageFrame titleKey="refunds" />;
}
