import { useState } from 'react';
import { REVIEWS } from '@shopdesk/shared/constants';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import type { ListLayout } from '../../../lib/list-params.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { useInfiniteReviews, useReplyReview, useReviews } from '../api/products-api.ts';
import { parseReviewsSearch } from '../reviews-search.ts';

/** The ratings a seller filters by, best first (SPEC §5: a rating is required; 'all' is a choice). */
const RATINGS = [5, 4, 3, 2, 1] as const;

/**
 * The product reviews (SPEC §2 /products/reviews, the phone's /m/reviews) on both devices: the
 * rating and "unanswered only" filters and the page in the URL, the reviews of the layout (a
 * table, or the phone's feed), and the review being answered.
 */
export function useReviewsScreen(layout: ListLayout) {
  const { t } = useFormat('products');
  const [state, update] = useSearchState(parseReviewsSearch);
  const filters = { rating: state.rating, unanswered: state.unanswered || undefined };
  // The phone's filters replace the entry: its back button leaves the page, not a filter.
  const replace = layout === 'feed';
  const [replying, setReplying] = useState<ReviewView | null>(null);
  return {
    state,
    setRating: (rating: 'all' | number) => update({ rating: rating === 'all' ? undefined : rating }, { replace }),
    setUnanswered: (on: boolean) => update({ unanswered: on ? '1' : undefined }, { replace }),
    setPage: (page: number, pageSize: number) => update({ page, pageSize }),
    ratings: [{ value: 'all' as const, label: t('reviews.allRatings') }, ...RATINGS.map((n) => ({ value: n, label: t('reviews.stars', { count: n }), short: `${n}★` }))],
    table: useReviews({ page: state.page, pageSize: state.pageSize, ...filters }, layout === 'table'),
    feed: useInfiniteReviews(filters, layout === 'feed'),
    emptyText: t('reviews.empty'),
    replying,
    reply: setReplying as (review: ReviewView) => void,
    closeReply: () => setReplying(null),
  };
}

/**
 * Answering one review (once: SPEC §5): the rule (a reply that is not blank), the send, the
 * server's refusal, and whether the dialog may close (not while the reply is on its way).
 * `onSent` gets the text to confirm it with, in the kit's own toast.
 */
export function useReviewReply(review: ReviewView | null, onClose: () => void, onSent: (text: string) => void) {
  const { t } = useFormat('products');
  const reply = useReplyReview();
  const [failure, setFailure] = useState<string | null>(null);
  const problemOf = (text: string | undefined) => (text?.trim() ? null : t('reviews.replyRequired'));
  return {
    pending: reply.isPending,
    failure,
    maxLength: REVIEWS.REPLY_MAX,
    problemOf,
    clearFailure: () => setFailure(null),
    /** Sends `text` when it passes the rule, else shows why not. */
    send: (text: string) => {
      if (!review || reply.isPending) return;
      const problem = problemOf(text);
      if (problem) {
        setFailure(problem);
        return;
      }
      reply.mutate(
        { id: review.id, reply: text.trim() },
        {
          onSuccess: () => {
            onSent(t('reviews.replied'));
            setFailure(null);
            onClose();
          },
          onError: (error) => setFailure(error.message),
        },
      );
    },
    /** Closes unless the reply is on its way; true when it closed. */
    close: () => {
      if (reply.isPending) return false;
      setFailure(null);
      onClose();
      return true;
    },
  };
}
