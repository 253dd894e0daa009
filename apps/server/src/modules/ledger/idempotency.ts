import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Fields never kept, even hashed: a 6-digit secret's hash is reversible in milliseconds. */
const SECRET_FIELDS = new Set(['fundPassword', 'password', 'newPwd', 'confirmPassword']);

export function hashRequest(parts: unknown): string {
  const json = JSON.stringify(parts, (key, value) => (SECRET_FIELDS.has(key) ? undefined : value));
  return createHash('sha256').update(json ?? '').digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WAIT_FOR_FIRST_MS = 15_000;

/**
 * Runs a money-moving request at most once per Idempotency-Key (scoped to the caller and the
 * route). A retry gets the first answer; the same key with a different body is refused; a retry
 * that arrives while the first is still running waits for its answer. Server errors (5xx) are not
 * kept, so a retry after a crash tries again — the ledger's own transfer keys keep that safe.
 */
export async function withIdempotency(
  db: Db,
  input: { scope: string; key: string | undefined; requestHash: string },
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  if (!input.key) return run();
  if (input.key.length > 200) throw new AppError('BAD_REQUEST');
  const scope = `${input.scope}:${input.key}`;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, requestHash: input.requestHash })
    .onConflictDoNothing({ target: idempotencyKeys.scope })
    .returning({ scope: idempotencyKeys.scope });
  if (claimed.length === 0) return waitForFirstAnswer(db, scope, input.requestHash);
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      await db.update(idempotencyKeys).set({ state: 'done', statusCode: error.status, response: { appError: error.key, params: error.params } }).where(eq(idempotencyKeys.scope, scope));
      throw error;
    }
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    throw error;
  }
  await db.update(idempotencyKeys).set({ state: 'done', statusCode: answer.statusCode, response: answer.body as object }).where(eq(idempotencyKeys.scope, scope));
  return answer;
}

async function waitForFirstAnswer(db: Db, scope: string, requestHash: string): Promise<StoredAnswer> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let delay = 20; Date.now() < deadline; delay = Math.min(delay * 2, 250)) {
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
    if (!row) throw new AppError('CONFLICT');
    if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (row.state === 'done') return replay(row.statusCode!, row.response);
    await sleep(delay);
  }
  throw new AppError('CONFLICT');
}

function replay(statusCode: number, response: unknown): StoredAnswer {
  const stored = response as { appError?: string; params?: Record<string, string | number> } | null;
  if (stored?.appError) throw new AppError(stored.appError as never, stored.params ?? {});
  return { statusCode, body: response };
}

/** Forgets answers older than a day (called by the maintenance job). */
export async function pruneIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(and(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`)));
}
