import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "mobileProducts": its frame; the content arrives with its own issue. */
export function MobileProductsPage() {
  return <MobilePageFrame titleKey="mobileProducts" back={false} />;
}
