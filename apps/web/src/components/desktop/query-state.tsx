import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty and loaded states of a query, in antd. */
export function QueryState<T>({ query, isEmpty, empty, loading, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <>{loading ?? <Skeleton active />}</>;
  if (query.isError) {
    return (
      <Result
        status="warning"
        subTitle={query.error instanceof Error ? query.error.message : t('states.loadFailed')}
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}</>;
  return <>{children(query.data)}</>;
}
