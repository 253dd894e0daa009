import { REVIEWS } from '@shopdesk/shared/constants';
import { parsePage, type PageState } from '../../lib/list-params.ts';

export interface ReviewsSearch extends PageState {
  /** SPEC §5: a rating is required to filter reviews; 'all' is the explicit choice of every rating. */
  rating: 'all' | number;
  unanswered: boolean;
}

export function parseReviewsSearch(search: URLSearchParams): ReviewsSearch {
  const raw = search.get('rating');
  const n = raw !== null && /^\d$/.test(raw) ? Number(raw) : NaN;
  const rating = n >= REVIEWS.RATING_MIN && n <= REVIEWS.RATING_MAX ? n : 'all';
  return { ...parsePage(search), rating, unanswered: search.get('unanswered') === '1' };
}
