import { z } from 'zod';
import { auditRow } from '../wallet/schemas.ts';

const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Rows one request of the audit trail may ask for: a page of the console's table, or a part of its CSV export. */
export const AUDIT_PAGE_MAX = 1000;

/** GET /api/ops/auditLog: the operator actions, newest first, by operator, action and days (in the reader's time zone). */
export const auditLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(20),
  operatorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(60).optional(),
  from: dateString.optional(),
  to: dateString.optional(),
  /** The reader's UTC offset in minutes, so a day starts at their midnight. */
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** A page of the trail, with what its filters can choose from: every operator who acted and every action recorded. */
export const auditLogAnswer = z.object({
  list: z.array(auditRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
  actions: z.array(z.string()),
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;
