import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "productsList": its frame; the content arrives with its own issue. */
export function ProductsListPage() {
  return <PageFrame titleKey="productsList" />;
}
