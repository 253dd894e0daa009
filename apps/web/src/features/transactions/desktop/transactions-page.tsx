import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "transactions": its frame; the content arrives with its own issue. */
export function TransactionsPage() {
  return <PageFrame titleKey="transactions" />;
}
