import type { ReactNode } from 'react';
import { Button, DotLoading, Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobileErrorBlock } from './error-block.tsx';
import { ApiError } from '../../lib/http.ts';
import { isNotFoundError } from '../../lib/not-found.ts';
import { PATHS } from '../../lib/route-table.ts';
import { MobileNotFound } from './not-found-state.tsx';

/** What the states need of a query: a plain or an infinite (scrolling pages) TanStack query. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface MobileQueryStateProps<T> {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** `<testId>-error`, `<testId>-not-found` and `<testId>-empty` on those states, for the browser tests. */
  testId?: string;
  emptyClassName?: string;
  /**
   * For a page of one object named in the address: where "not found" leads back to. With it a 400
   * (an id that cannot be one) is "not found" too; without it only a 404 is, and it leads home.
   */
  backTo?: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, error (with retry), not found (with a way back), empty and loaded states of a query, in
 * antd-mobile. A request that got no answer within UI.API_TIMEOUT_MS fails with a message that says
 * so (lib/http.ts) and is not retried silently, so the loading dots end there.
 */
export function MobileQueryState<T>({ query, isEmpty, emptyText, testId = 'm-query-state', emptyClassName, backTo, children }: MobileQueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending && !query.isError) {
    return (
      <div className="m-state">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && (error.status === 404 || (backTo !== undefined && isNotFoundError(error)))) {
      return (
        <MobileNotFound
          title={t('states.notFound')}
          description={t('states.notFoundHint')}
          backText={backTo ? t('actions.back') : t('actions.backHome')}
          backTo={backTo ?? PATHS.mobileHome}
          testId={`${testId}-not-found`}
        />
      );
    }
    return (
      <MobileErrorBlock status="default" title={t('states.loadFailed')} description={error instanceof Error ? error.message : ''} data-testid={`${testId}-error`}>
        <Button size="small" color="primary" fill="outline" loading={query.isFetching} onClick={() => void query.refetch()} data-testid={`${testId}-retry`}>
          {t('actions.retry')}
        </Button>
      </MobileErrorBlock>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <Empty className={emptyClassName} description={emptyText ?? t('states.empty')} data-testid={`${testId}-empty`} />;
  return <>{children(data)}</>;
}
