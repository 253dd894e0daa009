import type { Paged } from '@shopdesk/shared/envelope';

/** A page asked for: 1-based page number and its size. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/**
 * One page of a list and its total, read side by side: the shape of every paged list answer.
 * `rows` gets the page's limit and offset; `total` counts the rows of the same condition
 * (`db.select({ n: count() })…`); `view` turns a row into its answer, with the row's position in
 * the whole list (0-based) for lists that number their lines.
 */
export async function readPage<Row, View>(
  query: PageQuery,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  total: PromiseLike<{ n: number }[]>,
  view: (row: Row, position: number) => View,
): Promise<Paged<View>> {
  const offset = (query.page - 1) * query.pageSize;
  const [list, [counted]] = await Promise.all([rows(query.pageSize, offset), total]);
  return { list: list.map((row, i) => view(row, offset + i)), total: Number(counted?.n ?? 0), page: query.page, pageSize: query.pageSize };
}
