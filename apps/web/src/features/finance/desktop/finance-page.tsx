import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "finance": its frame; the content arrives with its own issue. */
export function FinancePage() {
  return <PageFrame titleKey="finance" />;
}
