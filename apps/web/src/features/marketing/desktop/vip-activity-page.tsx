import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "vipActivity": its frame; the content arrives with its own issue. */
export function VipActivityPage() {
  return <PageFrame titleKey="vipActivity" />;
}
