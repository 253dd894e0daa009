import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "transactions": its frame; the content arrives with its own issue. */
export function MobileTransactionsPage() {
  return <MobilePageFrame titleKey="transactions" />;
}
