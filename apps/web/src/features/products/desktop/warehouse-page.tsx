import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "warehouse": its frame; the content arrives with its own issue. */
export function WarehousePage() {
  return <PageFrame titleKey="warehouse" />;
}
