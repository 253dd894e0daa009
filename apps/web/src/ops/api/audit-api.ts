import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_MAX, type AuditLogAnswer } from '@shopdesk/shared/ops/audit';
import { opsRequest } from './client.ts';

export interface AuditFilters {
  operatorId?: number;
  action?: string;
  from?: string;
  to?: string;
}

/** A row of the trail as the console reads it (dates as ISO strings). */
export type AuditItem = Omit<AuditLogAnswer['list'][number], 'createdAt'> & { createdAt: string };
type AuditPage = Omit<AuditLogAnswer, 'list'> & { list: AuditItem[] };

/** Minutes east of UTC: the days of the filter start at the operator's midnight. */
const tzOffset = () => -new Date().getTimezoneOffset();

function auditPage(filters: AuditFilters, page: number, pageSize: number, signal?: AbortSignal) {
  return opsRequest<AuditPage>('/ops/auditLog', { query: { ...filters, page, pageSize, tzOffset: tzOffset() }, signal });
}

export function useAuditLog(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['ops', 'audit', filters, page, pageSize],
    queryFn: ({ signal }) => auditPage(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every row the filters match (newest first), read in parts of AUDIT_PAGE_MAX, for the CSV export. */
export async function allAuditRows(filters: AuditFilters): Promise<AuditItem[]> {
  const rows: AuditItem[] = [];
  for (let page = 1; ; page += 1) {
    const part = await auditPage(filters, page, AUDIT_PAGE_MAX);
    rows.push(...part.list);
    if (part.list.length < AUDIT_PAGE_MAX || rows.length >= part.total) return rows;
  }
}
