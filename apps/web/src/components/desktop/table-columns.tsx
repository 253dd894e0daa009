import type { ReactNode } from 'react';
import { Space, type TableColumnType } from 'antd';

/** The actions column of a desktop table: pinned to the right, its links side by side (wrapping when narrow). */
export function actionsColumn<T>(title: string, width: number, render: (row: T) => ReactNode): TableColumnType<T> {
  return {
    title,
    key: 'actions',
    width,
    fixed: 'right',
    render: (_: unknown, row: T) => (
      <Space size={0} wrap>
        {render(row)}
      </Space>
    ),
  };
}
