import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodIssue } from 'zod';
import { ERRORS, type ErrorKey } from '@shopdesk/shared/errors';
import { AppError } from '../lib/app-error.ts';
import { isMessageKey, translate } from '../i18n/translate.ts';
import { waitText } from '../lib/wait-text.ts';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';

/** The limit an issue broke (zod's `minimum` / `maximum`), for messages that name it as `{min}` / `{max}`. */
function issueLimits(fields: unknown): Record<string, number> {
  const { minimum, maximum } = (fields ?? {}) as { minimum?: unknown; maximum?: unknown };
  const limits: Record<string, number> = {};
  if (typeof minimum === 'number' || typeof minimum === 'bigint') limits.min = Number(minimum);
  if (typeof maximum === 'number' || typeof maximum === 'bigint') limits.max = Number(maximum);
  return limits;
}

function issueMessage(request: FastifyRequest, message: string, fields?: unknown): string {
  return isMessageKey(message) ? translate(request.lang, message, issueLimits(fields)) : translate(request.lang, 'validation.invalid');
}

function validationBody(request: FastifyRequest, issues: { path: string; message: string }[]) {
  const first = issues[0];
  return {
    code: ERRORS.VALIDATION_FAILED.code,
    error: 'VALIDATION_FAILED' as ErrorKey,
    msg: first ? first.message : translate(request.lang, 'error.VALIDATION_FAILED'),
    data: null,
    details: issues,
    requestId: request.id,
  };
}

function zodIssues(request: FastifyRequest, issues: readonly ZodIssue[]) {
  return issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(request, issue.message, issue) }));
}

export function errorBody(request: FastifyRequest, key: ErrorKey, params: Record<string, string | number> = {}, data: unknown = null) {
  // A refusal that must wait carries `retryAfter` seconds: its message names the wait as `{wait}`.
  const filled: Record<string, string | number> = typeof params.retryAfter === 'number' ? { ...params, wait: waitText(request.lang, params.retryAfter) } : { ...params };
  // A refusal whose parts are themselves messages (a weak password's reason, a missing permission's area) carries
  // their keys as `<name>Key`: `{<name>}` is filled in the request's language.
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('Key') && typeof value === 'string' && isMessageKey(value)) filled[name.slice(0, -3)] = translate(request.lang, value);
  }
  // The request id lets a seller quote the failure and support find its log lines (X-Request-Id carries it too).
  return { code: ERRORS[key].code, error: key, msg: translate(request.lang, `error.${key}`, filled), data, requestId: request.id };
}

/**
 * SQLSTATEs of input the database refuses to store or compare: 22003 numeric value out of range,
 * 22P02 invalid text representation, 22021 a byte sequence invalid in UTF-8 (a NUL), 22007/22008
 * bad or out-of-range dates. Drizzle wraps the driver's error in `cause`.
 */
const REFUSED_INPUT_STATES = new Set(['22003', '22P02', '22021', '22007', '22008']);
function isRefusedInput(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return (typeof code === 'string' && REFUSED_INPUT_STATES.has(code)) || isRefusedInput(cause, depth + 1);
}

/** The innermost message of a driver error (drizzle wraps it with the query text). */
function unavailableReason(error: unknown): string {
  let e = error as { message?: unknown; cause?: unknown };
  for (let depth = 0; e.cause && typeof e.cause === 'object' && depth < 4; depth++) e = e.cause as typeof e;
  return String(e.message ?? e);
}

/** The Retry-After of a 503: about how long a PostgreSQL restart or a failover takes. */
export const SERVICE_RETRY_AFTER_S = 5;

/** Maps every failure to the envelope with a truthful HTTP status and a localized message. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (typeof error.params.retryAfter === 'number') reply.header('retry-after', String(error.params.retryAfter));
      return reply.status(error.status).send(errorBody(request, error.key, error.params, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: issueMessage(request, v.message ?? '', v.params),
      }));
      return reply.status(400).send(validationBody(request, issues));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(validationBody(request, zodIssues(request, error.issues)));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.statusCode === 400) {
      return reply.status(400).send(errorBody(request, 'BAD_REQUEST'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(413).send(errorBody(request, 'PAYLOAD_TOO_LARGE'));
    }
    if (error.statusCode === 415) return reply.status(415).send(errorBody(request, 'BAD_REQUEST'));
    if (error.statusCode === 429) return reply.status(429).send(errorBody(request, 'TOO_MANY_REQUESTS'));
    // A value the database cannot hold (an id beyond its integer column, a number out of range) is bad input, not a crash.
    if (isRefusedInput(error)) return reply.status(400).send(validationBody(request, [{ path: '', message: translate(request.lang, 'validation.invalid') }]));
    // The database is away (a restart, a failover): nothing this request did was committed unless its
    // answer says so, and a retry (with the same Idempotency-Key for money) is the right move.
    if (isDatabaseUnavailable(error)) {
      // One short line per refused request: an outage would otherwise log every query text and stack.
      request.log.warn(`database unavailable: ${unavailableReason(error)}`);
      return reply.status(503).header('retry-after', String(SERVICE_RETRY_AFTER_S)).send(errorBody(request, 'SERVICE_UNAVAILABLE', { retryAfter: SERVICE_RETRY_AFTER_S }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(request, 'INTERNAL'));
  });
}
