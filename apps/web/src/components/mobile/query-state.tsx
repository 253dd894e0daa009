import type { ReactNode } from 'react';
import { Button, DotLoading, Empty, ErrorBlock } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export interface MobileQueryStateProps<T> {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry), empty and loaded states of a query, in antd-mobile. */
export function MobileQueryState<T>({ query, isEmpty, emptyText, children }: MobileQueryStateProps<T>) {
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
      <ErrorBlock status="default" title={t('states.loadFailed')} description={query.error instanceof Error ? query.error.message : ''}>
        <Button size="small" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (isEmpty?.(query.data)) return <Empty description={emptyText ?? t('states.empty')} />;
  return <>{children(query.data)}</>;
}
