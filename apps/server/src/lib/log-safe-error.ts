/** What the log keeps of an error: never a failed query's parameters nor a database error's detail. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  /** The database's own fields that name things, never values: the constraint, table, column. */
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** A database message quotes the input it refused (`invalid input syntax for type integer: "…"`): keep the words, drop the value. */
function withoutQuotedValues(message: string): string {
  // Names are quoted after a word (relation "users"), values after a colon (…: "abc").
  return message.replace(/:\s*"[^"]*"/g, ': "…"').replace(/\(([^)]*)\)=\(([^)]*)\)/g, '($1)=(…)');
}

/**
 * The log serializer of `err`: Drizzle's failed-query error carries the query's
 * parameters in its message and stack ("params: …", e.g. a password hash or a buyer's address), and
 * a database error may quote values in `detail`, `where` or its message. The log keeps the SQL text,
 * the SQLSTATE code and the names of the constraint, table and column; values never.
 */
export function logSafeError(error: unknown, depth = 0): LoggedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as ErrorLike;
  const constructorName = (error as { constructor?: { name?: string } }).constructor?.name;
  const type = (constructorName && constructorName !== 'Object' ? constructorName : e.name) ?? 'Error';
  const isFailedQuery = typeof e.query === 'string' && 'params' in e;
  const original = e.message ?? '';
  const message = isFailedQuery ? `Failed query: ${e.query as string}` : withoutQuotedValues(original);
  let stack = e.stack;
  if (stack && original && message !== original) stack = stack.split(original).join(message);
  const logged: LoggedError = { type, message, stack: stack ?? '' };
  const code = text(e.code);
  if (code) logged.code = code;
  const constraint = text(e.constraint);
  if (constraint) logged.constraint = constraint;
  const table = text(e.table);
  if (table) logged.table = table;
  const column = text(e.column);
  if (column) logged.column = column;
  if (e.cause !== undefined && depth < 3) logged.cause = logSafeError(e.cause, depth + 1);
  return logged;
}
