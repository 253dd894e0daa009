import { eq, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';

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
 * Counts one wrong attempt; at the limit the fund operations lock for a period.
 * Returns the attempts left (0 when this attempt locked them).
 */
async function countWrongAttempt(db: DbOrTx, userId: number): Promise<{ remaining: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(users)
    .set({ fundFailures: sql`${users.fundFailures} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.fundFailures });
  if (row.failures < AUTH.FUND_PASSWORD_MAX_ATTEMPTS) {
    return { remaining: AUTH.FUND_PASSWORD_MAX_ATTEMPTS - row.failures, lockedUntil: null };
  }
  const lockedUntil = new Date(Date.now() + AUTH.FUND_PASSWORD_LOCK_MS);
  await db.update(users).set({ fundFailures: 0, fundLockedUntil: lockedUntil }).where(eq(users.id, userId));
  return { remaining: 0, lockedUntil };
}

/**
 * Checks a fund password before a fund operation. Wrong answers count toward the lockout
 * (FUND_PASSWORD_WRONG, then FUND_PASSWORD_LOCKED). `wrongKey` lets the password-change
 * endpoint answer the spec's code -1 instead.
 */
export async function verifyFundPassword(
  db: DbOrTx,
  userId: number,
  plain: string,
  wrongKey: 'FUND_PASSWORD_WRONG' | 'WRONG_OLD_PASSWORD' = 'FUND_PASSWORD_WRONG',
): Promise<void> {
  await verifyHolderPassword(db, await fundHolderOf(db, userId), plain, wrongKey);
}

async function verifyHolderPassword(db: DbOrTx, userId: number, plain: string, wrongKey: 'FUND_PASSWORD_WRONG' | 'WRONG_OLD_PASSWORD') {
  const state = await loadFundState(db, userId);
  if (!state.hash) throw new AppError('FUND_PASSWORD_NOT_SET');
  if (state.lockedUntil && state.lockedUntil.getTime() > Date.now()) {
    throw new AppError('FUND_PASSWORD_LOCKED', { minutes: minutesLeft(state.lockedUntil) });
  }
  if (await verifySecret(plain, state.hash)) {
    await db.update(users).set({ fundFailures: 0, fundLockedUntil: null }).where(eq(users.id, userId));
    return;
  }
  const attempt = await countWrongAttempt(db, userId);
  if (attempt.lockedUntil) throw new AppError('FUND_PASSWORD_LOCKED', { minutes: minutesLeft(attempt.lockedUntil) });
  throw new AppError(wrongKey, { remaining: attempt.remaining });
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
