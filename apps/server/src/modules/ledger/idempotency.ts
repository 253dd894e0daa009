import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { metrics } from '../../lib/metrics.ts';

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Fields never kept, even hashed: a 6-digit secret's hash is reversible in milliseconds. */
const SECRET_FIELDS = new Set(['fundPassword', 'password', 'newPwd', 'confirmPassword']);

/** How long a stored answer is replayed (docs/decisions.md "Idempotency"); the prune job forgets older ones. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;

export function hashRequest(parts: unknown): string {
  const json = JSON.stringify(parts, (key, value) => (SECRET_FIELDS.has(key) ? undefined : value));
  return createHash('sha256').update(json ?? '').digest('hex');
}

type Outcome = { answer: StoredAnswer } | { refusal: AppError };

/**
 * Runs a money-moving request at most once per Idempotency-Key (scoped to the caller and the
 * route), crash-safe: the key is claimed in the SAME transaction as the work it guards and its
 * answer is stored before that transaction commits. `run` gets the transaction as its database
 * handle (a service's own `db.transaction` becomes a savepoint inside it). So either the claim,
 * the money and the answer are all committed, or none of them is: a process killed in the middle
 * leaves nothing behind, and the retry does the work once.
 *
 * - A retry after the commit replays the stored answer (a 4xx refusal is replayed as well; it is
 *   stored after its savepoint rolled the work back). The same key with another body is refused.
 * - A retry while the first is still running waits on the claim's row lock (PostgreSQL makes a
 *   conflicting insert wait for the inserting transaction) and then replays its answer, or runs
 *   itself if the first rolled back.
 * - Server errors (5xx) roll everything back, the claim included: nothing is kept, a retry runs again.
 * - `check` holds what must count every attempt (the fund password): it runs outside the
 *   transaction, before the claim, so its refusal is neither rolled back nor stored as the key's
 *   answer, and only when the key has no answer yet: a retry of an answered key replays it without
 *   touching the throttle (docs/decisions.md, "Replays skip the fund-password check"). What `check`
 *   answers is handed to `run`.
 *
 * Without a key `check` then `run` get the plain database handle.
 */
export async function withIdempotency<C = undefined>(
  db: Db,
  input: { scope: string; key: string | undefined; requestHash: string },
  run: (db: Db, checked: C) => Promise<StoredAnswer>,
  check?: () => Promise<C>,
): Promise<StoredAnswer> {
  const runChecks = async () => (check ? check() : (undefined as C));
  if (!input.key) return run(db, await runChecks());
  if (input.key.length > 200) throw new AppError('BAD_REQUEST');
  const scope = `${input.scope}:${input.key}`;
  if (check) {
    const answered = await answeredOutcome(db, scope, input.requestHash);
    if (answered) return settle(answered);
  }
  const checked = await runChecks();
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, requestHash: input.requestHash })
      .onConflictDoNothing({ target: idempotencyKeys.scope })
      .returning({ scope: idempotencyKeys.scope });
    if (claimed.length === 0) return storedOutcome(tx, scope, input.requestHash);
    try {
      const answer = await tx.transaction((work) => run(work, checked));
      await tx.update(idempotencyKeys).set({ state: 'done', statusCode: answer.statusCode, response: answer.body as object }).where(eq(idempotencyKeys.scope, scope));
      return { answer };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await tx.update(idempotencyKeys).set({ state: 'done', statusCode: error.status, response: { appError: error.key, params: error.params } }).where(eq(idempotencyKeys.scope, scope));
      return { refusal: error };
    }
  });
  return settle(outcome);
}

function settle(outcome: Outcome): StoredAnswer {
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.answer;
}

/**
 * The key's committed answer, read before any check: null while it has none (never claimed, or
 * claimed by a request still running, whose uncommitted claim is not visible yet).
 */
async function answeredOutcome(db: Db, scope: string, requestHash: string): Promise<Outcome | null> {
  const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
  if (!row) return null;
  if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return row.state === 'done' ? outcomeOf(row) : null;
}

/** The committed answer of a key claimed before (its transaction is over: the insert waited for it). */
async function storedOutcome(tx: Db, scope: string, requestHash: string): Promise<Outcome> {
  const [row] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, scope));
  // Gone between the insert and this read (pruned): the client should simply retry.
  if (!row) throw new AppError('CONFLICT');
  if (row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  // Only a claim written by the code before claims and work shared a transaction can be committed
  // unfinished; the prune job removes it after a day.
  if (row.state !== 'done') throw new AppError('CONFLICT');
  return outcomeOf(row);
}

/** A stored answer replayed (counted for the metrics). */
function outcomeOf(row: typeof idempotencyKeys.$inferSelect): Outcome {
  metrics.idempotencyReplay();
  const stored = row.response as { appError?: string; params?: Record<string, string | number> } | null;
  if (stored?.appError) return { refusal: new AppError(stored.appError as never, stored.params ?? {}) };
  return { answer: { statusCode: row.statusCode!, body: row.response } };
}

/** Forgets answers older than IDEMPOTENCY_KEEP_MS (the `idempotency-keys` job of jobs.ts). Answers how many. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_KEEP_MS / 1000})`))
    .returning({ scope: idempotencyKeys.scope });
  return removed.length;
}
