import { Card, Empty, Table, type TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from '../../components/desktop/query-state.tsx';

/**
 * A titled card of one list on a console page (a shop's packages, its operator actions, the
 * settings' history): the query's states, a small empty picture, ten rows a page.
 */
export function ListCard<T extends { id: number }>({ title, testId, query, emptyText, columns }: { title: string; testId: string; query: UseQueryResult<T[]>; emptyText: string; columns: TableColumnsType<T> }) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />} testId={testId}>
        {(rows) => <Table<T> size="small" rowKey="id" pagination={{ pageSize: 10, hideOnSinglePage: true }} dataSource={rows} scroll={{ x: 'max-content' }} columns={columns} data-testid={`${testId}-table`} />}
      </QueryState>
    </Card>
  );
}
