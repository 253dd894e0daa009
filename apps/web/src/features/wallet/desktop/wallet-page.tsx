import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "wallet": its frame; the content arrives with its own issue. */
export function WalletPage() {
  return <PageFrame titleKey="wallet" />;
}
