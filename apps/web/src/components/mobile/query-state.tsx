import type { ReactNode } from 'react';
import { Button, DotLoading, Empty, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** What the states need of a query: a plain or an infinite (scrolling pages) TanStack query. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface MobileQueryStateProps<T> {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** `<testId>-error` and `<testId>-empty` on those states, for the browser tests. */
  testId?: string;
  emptyClassName?: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty and loaded states of a query, in antd-mobile. */
export function MobileQueryState<T>({ query, isEmpty, emptyText, testId, emptyClassName, children }: MobileQueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="m-state">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorBlock status="default" title={t('states.loadFailed')} description={query.error instanceof Error ? query.error.message : ''} data-testid={testId && `${testId}-error`}>
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <Empty className={emptyClassName} description={emptyText ?? t('states.empty')} data-testid={testId && `${testId}-empty`} />;
  return <>{children(data)}</>;
}
