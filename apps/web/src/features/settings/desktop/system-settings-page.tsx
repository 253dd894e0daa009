import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "systemSettings": its frame; the content arrives with its own issue. */
export function SystemSettingsPage() {
  return <PageFrame titleKey="systemSettings" />;
}
