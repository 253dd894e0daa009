import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "shopSettings": its frame; the content arrives with its own issue. */
export function ShopSettingsPage() {
  return <PageFrame titleKey="shopSettings" />;
}
