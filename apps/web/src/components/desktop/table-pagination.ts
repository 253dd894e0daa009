import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE_OPTIONS, type PageState } from '../../lib/list-params.ts';

/** antd pagination for a URL-synced list: page size choice and go-to-page (SPEC §2). */
export function tablePagination(
  state: PageState,
  total: number,
  onChange: (page: number, pageSize: number) => void,
  showTotal: (total: number) => string,
): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal,
    onChange: (page, pageSize) => onChange(pageSize !== state.pageSize ? 1 : page, pageSize),
  };
}
