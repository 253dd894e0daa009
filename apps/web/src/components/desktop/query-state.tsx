import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http.ts';
import { isNotFoundError } from '../../lib/not-found.ts';
import { PATHS } from '../../lib/route-table.ts';
import { NotFound } from './not-found.tsx';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  /**
   * For a page of one object named in the address: where "not found" leads back to. With it a 400
   * (an id that cannot be one) is "not found" too; without it only a 404 is, and it leads home.
   */
  backTo?: string;
  /** `<testId>-error` and `<testId>-not-found` on those states, for the browser tests. */
  testId?: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, error (with retry), not found (with a way back), empty and loaded states of a query, in
 * antd. A request that got no answer within UI.API_TIMEOUT_MS fails with a message that says so
 * (lib/http.ts) and is not retried silently, so the skeleton ends there.
 */
export function QueryState<T>({ query, isEmpty, empty, loading, backTo, testId = 'query-state', children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading ?? <Skeleton active />}</>;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && (error.status === 404 || (backTo !== undefined && isNotFoundError(error)))) {
      return (
        <NotFound
          title={t('states.notFound')}
          description={t('states.notFoundHint')}
          backText={backTo ? t('actions.back') : t('actions.backHome')}
          backTo={backTo ?? PATHS.desktopLanding}
          testId={`${testId}-not-found`}
        />
      );
    }
    return (
      <Result
        status="warning"
        title={t('states.loadFailed')}
        subTitle={error instanceof Error ? error.message : undefined}
        data-testid={`${testId}-error`}
        extra={
          <Button onClick={() => void query.refetch()} loading={query.isFetching} data-testid={`${testId}-retry`}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</>;
  return <>{children(query.data)}</>;
}
