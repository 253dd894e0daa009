import { eq, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';
import { recordAttempt, waitError } from './login-throttle.ts';

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));

/**
 * The fund password is the shop's, not each user's (docs/decisions.md, "The fund
 * password is the shop's"): it and its lockout live on the shop owner's row, so every user of the shop pays with
 * the same password and wrong attempts count once for the whole shop. A user without a shop (an
 * operator) holds their own.
 */
async function fundHolderOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ ownerId: shops.ownerUserId })
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row.ownerId ?? userId;
}

async function loadFundState(db: DbOrTx, holderId: number) {
  const [row] = await db
    .select({ hash: users.fundPasswordHash, lockedUntil: users.fundLockedUntil })
    .from(users)
    .where(eq(users.id, holderId));
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

/** Whether the fund password of the user's shop is set ("who am I"). */
export async function fundPasswordIsSet(db: DbOrTx, userId: number): Promise<boolean> {
  const state = await loadFundState(db, await fundHolderOf(db, userId));
  return state.hash !== null;
}

/**
 * Reserves one attempt on the fund password before it is compared (docs/decisions.md, "Login and
 * secret throttling"): one atomic UPDATE counts it as a failure in advance, unless fund operations
 * are locked or FUND_PASSWORD_MAX_ATTEMPTS attempts are already counted. So N parallel guesses
 * compare at most the limit, and a right answer arriving while locked is refused. Answers the hash
 * and the count with this attempt, 'locked', or 'busy' when the limit is taken by attempts still
 * being compared (the caller waits for them: a right answer gives its place back, wrong ones lock).
 */
async function reserveFundAttempt(db: DbOrTx, holderId: number): Promise<{ hash: string; failures: number } | 'locked' | 'busy'> {
  const max = AUTH.FUND_PASSWORD_MAX_ATTEMPTS;
  const [row] = await db
    .update(users)
    .set({ fundFailures: sql`${users.fundFailures} + 1` })
    .where(sql`${users.id} = ${holderId} and ${users.fundPasswordHash} is not null and (${users.fundLockedUntil} is null or ${users.fundLockedUntil} <= now()) and ${users.fundFailures} < ${max}`)
    .returning({ hash: users.fundPasswordHash, failures: users.fundFailures });
  if (row?.hash) return { hash: row.hash, failures: row.failures };
  const state = await db.select({ lockedUntil: users.fundLockedUntil }).from(users).where(eq(users.id, holderId));
  const lockedUntil = state[0]?.lockedUntil;
  return lockedUntil && lockedUntil.getTime() > Date.now() ? 'locked' : 'busy';
}

/** How long an attempt waits for the attempts ahead of it to be compared before it gives up. */
const BUSY_WAIT_MS = 15_000;

/** A reserved attempt, waiting while the limit is taken by attempts in flight (parallel payments). */
async function reserveOrWait(db: DbOrTx, holderId: number): Promise<{ hash: string; failures: number } | 'locked'> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const attempt = await reserveFundAttempt(db, holderId);
    if (attempt !== 'busy') return attempt;
    if (Date.now() > deadline) throw waitError('TOO_MANY_ATTEMPTS', 1000);
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause));
  }
}

/**
 * A right answer, in one statement with its record: the count starts again (its own advance
 * included), so the attempts waiting behind it go on.
 */
async function fundAttemptSucceeded(db: DbOrTx, holderId: number) {
  await db.execute(sql`
    with updated as (
      update users set fund_failures = 0 where id = ${holderId} returning 1
    )
    insert into auth_attempts (kind, subject, address, outcome) values ('fund-password', ${String(holderId)}, '', 'success')`);
}

/**
 * A wrong answer keeps the failure counted in advance; the one that completes the limit locks fund
 * operations (and the count starts again for after the lock). Answers the lock's end, if set now.
 */
async function fundAttemptFailed(db: DbOrTx, holderId: number): Promise<Date | null> {
  const lockSecs = AUTH.FUND_PASSWORD_LOCK_MS / 1000;
  const [row] = await db
    .update(users)
    .set({ fundFailures: 0, fundLockedUntil: sql`now() + make_interval(secs => ${lockSecs})` })
    .where(sql`${users.id} = ${holderId} and ${users.fundFailures} >= ${AUTH.FUND_PASSWORD_MAX_ATTEMPTS} and (${users.fundLockedUntil} is null or ${users.fundLockedUntil} <= now())`)
    .returning({ lockedUntil: users.fundLockedUntil });
  await recordAttempt(db, 'fund-password', String(holderId), '', 'wrong');
  if (row) return row.lockedUntil;
  // Another wrong answer of the same burst may have set the lock first: this one is refused by it too.
  const { lockedUntil } = await loadFundState(db, holderId);
  return lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null;
}

/**
 * Checks a fund password before a fund operation. Wrong answers count toward the lockout
 * (FUND_PASSWORD_WRONG, then FUND_PASSWORD_LOCKED). `wrongKey` lets the password-change
 * endpoint answer the spec's code -1 instead. Call it outside the operation's transaction: a
 * wrong answer throws, and a rollback would forget the attempt it counted.
 */
export async function verifyFundPassword(
  db: DbOrTx,
  userId: number,
  plain: string,
  wrongKey: 'FUND_PASSWORD_WRONG' | 'WRONG_OLD_PASSWORD' = 'FUND_PASSWORD_WRONG',
): Promise<void> {
  await verifyHolderPassword(db, await fundHolderOf(db, userId), plain, wrongKey);
}

const lockedError = (until: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError('FUND_PASSWORD_LOCKED', { minutes: minutesLeft(until), retryAfter: seconds });
};

async function verifyHolderPassword(db: DbOrTx, userId: number, plain: string, wrongKey: 'FUND_PASSWORD_WRONG' | 'WRONG_OLD_PASSWORD') {
  const state = await loadFundState(db, userId);
  if (!state.hash) throw new AppError('FUND_PASSWORD_NOT_SET');
  const attempt = await reserveOrWait(db, userId);
  if (attempt === 'locked') {
    await recordAttempt(db, 'fund-password', String(userId), '', 'refused');
    const { lockedUntil } = await loadFundState(db, userId);
    throw lockedError(lockedUntil ?? new Date(Date.now() + 1000));
  }
  if (await verifySecret(plain, attempt.hash)) {
    await fundAttemptSucceeded(db, userId);
    return;
  }
  const lockedUntil = await fundAttemptFailed(db, userId);
  if (lockedUntil) throw lockedError(lockedUntil);
  throw new AppError(wrongKey, { count: Math.max(1, AUTH.FUND_PASSWORD_MAX_ATTEMPTS - attempt.failures) });
}

export async function setFundPassword(db: DbOrTx, callerUserId: number, plain: string, confirm: string) {
  if (plain !== confirm) throw new AppError('PASSWORDS_DO_NOT_MATCH');
  const userId = await fundHolderOf(db, callerUserId);
  const hash = await hashSecret(plain);
  const updated = await db
    .update(users)
    .set({ fundPasswordHash: hash, fundFailures: 0, fundLockedUntil: null })
    .where(sql`${users.id} = ${userId} and ${users.fundPasswordHash} is null`)
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('FUND_PASSWORD_ALREADY_SET');
}

export async function changeFundPassword(db: DbOrTx, callerUserId: number, oldPlain: string, newPlain: string) {
  const userId = await fundHolderOf(db, callerUserId);
  await verifyHolderPassword(db, userId, oldPlain, 'WRONG_OLD_PASSWORD');
  if (oldPlain === newPlain) throw new AppError('SAME_PASSWORD');
  await db.update(users).set({ fundPasswordHash: await hashSecret(newPlain) }).where(eq(users.id, userId));
}
