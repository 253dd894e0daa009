import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "shopExpress": its frame; the content arrives with its own issue. */
export function ShopExpressPage() {
  return <PageFrame titleKey="shopExpress" />;
}
