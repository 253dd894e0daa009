/**
 * Which failures mean "the database is not reachable right now" (a restart, a failover, a network
 * cut, a full connection table) rather than "this request is wrong": those answer 503 with
 * Retry-After (plugins/errors.ts) and make the instance report not-ready, and a retry later works.
 * Drizzle wraps the driver's error in `cause`, so the chain is walked.
 */

/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost or refused connection with these messages and no code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  // A Client of its own (the migrations' connection) past its connectionTimeoutMillis: a server too
  // busy to accept it in time (several instances starting at once on a loaded machine).
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Client was closed and is not queryable',
  // The embedded database closed (a stop in progress) or its WebAssembly instance aborted.
  'PGlite is closed',
  'PGlite is closing',
  'Aborted(',
];

/** An embedded database that fails like this cannot come back in this process (its WebAssembly instance is gone). */
export function isEmbeddedDatabaseLost(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return error instanceof WebAssembly.RuntimeError || (typeof message === 'string' && (message.includes('Aborted(') || message.includes('PGlite is closed')));
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
  // A Promise.any-style aggregate (several addresses tried).
  const errors = (error as { errors?: unknown }).errors;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
