import type { ReactNode } from 'react';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { MobileQueryState, type MobileQueryStateProps } from './query-state.tsx';

/** The pages of a TanStack infinite query of list answers (`{ list, total }` each). */
interface InfiniteListQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  error: unknown;
  data: { pages: { list: T[]; total: number }[] } | undefined;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

type MobileInfiniteListProps<T> = Omit<MobileQueryStateProps<unknown>, 'query' | 'isEmpty' | 'children'> & {
  query: InfiniteListQuery<T>;
  /** The line under the last page ("no more"); without it antd-mobile's own loading and end lines. */
  endText?: string;
  /** The items of every page loaded so far. */
  children: (items: T[]) => ReactNode;
};

/**
 * A phone list that loads its next page as the seller scrolls to its end: the query's states
 * (MobileQueryState; empty when the first page counts no item), the items of every page, and the
 * infinite-scroll footer.
 */
export function MobileInfiniteList<T>({ query, endText, children, ...states }: MobileInfiniteListProps<T>) {
  const footer = endText === undefined ? {} : { children: query.hasNextPage ? <DotLoading /> : <span className="m-end">{endText}</span> };
  return (
    <MobileQueryState query={query} isEmpty={(d) => d.pages[0].total === 0} {...states}>
      {(data) => (
        <>
          {children(data.pages.flatMap((p) => p.list))}
          <InfiniteScroll loadMore={async () => void (await query.fetchNextPage())} hasMore={query.hasNextPage} {...footer} />
        </>
      )}
    </MobileQueryState>
  );
}
