import type { ReactNode } from 'react';
import { DotLoading, InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { MobileQueryState } from './query-state.tsx';

/** What the feed needs of an infinite TanStack query. */
interface FeedQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: unknown;
  hasNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A phone list read page by page as it scrolls: its loading, error and empty states
 * (`<testId>-error`, `<testId>-empty`), pull to refresh, and the end of the list.
 */
export function MobileScrollFeed({ query, count, emptyText, endText, testId, children }: { query: FeedQuery; count: number; emptyText: string; endText: string; testId: string; children: ReactNode }) {
  return (
    <MobileQueryState query={query} isEmpty={() => count === 0} emptyText={emptyText} emptyClassName="m-empty" testId={testId}>
      {() => (
        <PullToRefresh onRefresh={() => query.refetch().then(() => undefined)}>
          {children}
          <InfiniteScroll loadMore={() => query.fetchNextPage().then(() => undefined)} hasMore={query.hasNextPage}>
            {query.hasNextPage ? <DotLoading /> : <span className="m-end">{endText}</span>}
          </InfiniteScroll>
        </PullToRefresh>
      )}
    </MobileQueryState>
  );
}
