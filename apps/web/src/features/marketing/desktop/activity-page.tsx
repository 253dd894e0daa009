import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "coupleActivity": its frame; the content arrives with its own issue. */
export function ActivityPage() {
  return <PageFrame titleKey="coupleActivity" />;
}
