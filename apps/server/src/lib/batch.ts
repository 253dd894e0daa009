import type { FastifyRequest } from 'fastify';
import type { ErrorKey } from '@shopdesk/shared/errors';
import { translate } from '../i18n/translate.ts';

/** The outcome of one row of a batch operation; failed rows carry an error key (and its params). */
export interface Outcome {
  ok: boolean;
  error?: ErrorKey;
  params?: Record<string, string | number>;
}
export interface RowOutcome<K> extends Outcome {
  id: K;
}

/** Replaces each failed row's params with its localized message (`msg`). */
export function localizeRows<R extends Outcome>(request: FastifyRequest, rows: R[]) {
  return rows.map(({ params, ...row }) => (row.ok || !row.error ? row : { ...row, msg: translate(request.lang, `error.${row.error}`, params ?? {}) }));
}

/** Per-row results with their messages, and how many succeeded and failed. */
export function batchAnswer<R extends Outcome>(request: FastifyRequest, rows: R[]) {
  const succeeded = rows.filter((r) => r.ok).length;
  return { results: localizeRows(request, rows), succeeded, failed: rows.length - succeeded };
}
