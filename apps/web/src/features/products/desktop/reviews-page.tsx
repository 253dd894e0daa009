import { PageFrame } from '../../../components/desktop/page-frame.tsx';

/** Desktop page "reviews": its frame; the content arrives with its own issue. */
export function ReviewsPage() {
  return <PageFrame titleKey="reviews" />;
}
