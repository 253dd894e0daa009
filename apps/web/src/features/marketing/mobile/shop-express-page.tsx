import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

/** Mobile page "shopExpress": its frame; the content arrives with its own issue. */
export function MobileShopExpressPage() {
  return <MobilePageFrame titleKey="shopExpress" />;
}
