import { eq, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';
import { recordAttempt } from './login-throttle.ts';

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000));

/**
 * The fund password is the shop's, not each user's (docs/decisions.md, "Users, roles and
 * settings"): it and its lockout live on the shop owner's row, so every user of the shop pays with
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
 * secret throttling"): one atomic UPDATE counts it as a failure unless fund operations are locked,
 * and the attempt that reaches FUND_PASSWORD_MAX_ATTEMPTS sets the lock itself. So N parallel
 * guesses compare at most the limit, and a right answer arriving while locked is refused.
 * Answers null when locked, else the failures left after this one and the lock it set, if any.
 */
async function reserveFundAttempt(db: DbOrTx, holderId: number): Promise<{ hash: string; remaining: number; lockedUntil: Date | null } | null> {
  const max = AUTH.FUND_PASSWORD_MAX_ATTEMPTS;
  const lockSecs = AUTH.FUND_PASSWORD_LOCK_MS / 1000;
  const reaches = sql`${users.fundFailures} + 1 >= ${max}`;
  const [row] = await db
    .update(users)
    .set({
      fundFailures: sql`case when ${reaches} then 0 else ${users.fundFailures} + 1 end`,
      fundLockedUntil: sql`case when ${reaches} then now() + make_interval(secs => ${lockSecs}) else null end`,
    })
    .where(sql`${users.id} = ${holderId} and ${users.fundPasswordHash} is not null and (${users.fundLockedUntil} is null or ${users.fundLockedUntil} <= now())`)
    .returning({ hash: users.fundPasswordHash, failures: users.fundFailures, lockedUntil: users.fundLockedUntil });
  if (!row?.hash) return null;
  return { hash: row.hash, remaining: row.lockedUntil ? 0 : max - row.failures, lockedUntil: row.lockedUntil };
}

/**
 * A right answer, in one statement with its record: the count starts again. A lock this very
 * attempt set is lifted (every attempt after it was refused, so it is still this one's); a lock
 * another attempt set meanwhile stays.
 */
async function fundAttemptSucceeded(db: DbOrTx, holderId: number, ownLock: Date | null) {
  await db.execute(sql`
    with updated as (
      update users set fund_failures = 0${ownLock ? sql`, fund_locked_until = null` : sql``} where id = ${holderId} returning 1
    )
    insert into auth_attempts (kind, subject, address, outcome) values ('fund-password', ${String(holderId)}, '', 'success')`);
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
  const attempt = await reserveFundAttempt(db, userId);
  if (!attempt) {
    const state = await loadFundState(db, userId);
    if (!state.hash) throw new AppError('FUND_PASSWORD_NOT_SET');
    await recordAttempt(db, 'fund-password', String(userId), '', 'refused');
    throw lockedError(state.lockedUntil ?? new Date(Date.now() + 1000));
  }
  if (await verifySecret(plain, attempt.hash)) {
    await fundAttemptSucceeded(db, userId, attempt.lockedUntil);
    return;
  }
  await recordAttempt(db, 'fund-password', String(userId), '', 'wrong');
  if (attempt.lockedUntil) throw lockedError(attempt.lockedUntil);
  throw new AppError(wrongKey, { count: attempt.remaining });
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
