import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "productEdit": its frame; the content arrives with its own issue. */
export function MobileProductEditPage() {
  return <MobilePageFrame titleKey="productEdit" />;
}
