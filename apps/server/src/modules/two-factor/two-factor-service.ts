import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { TWO_FACTOR } from '@shopdesk/shared/constants';
import { TOTP_CODE } from '@shopdesk/shared/two-factor/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { loginChallenges, twoFactorRecoveryCodes, twoFactors } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { attemptSucceeded, recordAttempt, reserveAttempt, waitError } from '../auth/login-throttle.ts';
import { hashToken } from '../auth/session-service.ts';
import { matchingStep, newTotpSecret, otpauthUrl, qrDataUrl } from './totp.ts';

/**
 * The TOTP second factor of a user (any account in `users`: operators now, shop members later).
 * It knows nothing of logins or routes: a caller asks for an enrolment, confirms it with a code, and
 * checks a code or a recovery code before whatever it protects. Codes are throttled like the other
 * secrets (login-throttle.ts) and each time step, like each recovery code, is accepted once.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery code: 10 random base32 characters (50 bits) shown as XXXXX-XXXXX. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => BASE32[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are compared without the dash and case-blind: their hash is of the normalized form. */
const recoveryHash = (code: string) => hashToken(`recovery:${code.replace(/-/g, '').toUpperCase()}`);

export async function secondFactorEnabled(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: twoFactors.enabledAt }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return Boolean(row?.enabledAt);
}

/**
 * Starts (or starts again) an enrolment: a new secret, kept pending until a code from it is
 * confirmed. Refused once the factor is enabled (a stolen password must not replace it).
 */
export async function beginEnrolment(db: Db, userId: number, label: string) {
  const secret = newTotpSecret();
  const [row] = await db
    .insert(twoFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: twoFactors.userId, set: { secret, lastStep: null }, where: isNull(twoFactors.enabledAt) })
    .returning({ userId: twoFactors.userId });
  if (!row) throw new AppError('TWO_FACTOR_ALREADY_ENROLLED');
  const url = otpauthUrl(label, secret);
  return { otpauthUrl: url, qrDataUrl: await qrDataUrl(url), secret };
}

/** The wrong-code throttle of one account: reserved before the check, like a password's. */
async function underThrottle<T>(db: Db, userId: number, ip: string, check: () => Promise<T | null>): Promise<T> {
  const reserved = await reserveAttempt(db, [{ key: `two-factor:${userId}`, free: TWO_FACTOR.FREE_FAILURES, onSuccess: 'clear' }]);
  if (!reserved.ok) {
    await recordAttempt(db, 'two-factor', String(userId), ip, 'refused');
    throw waitError('TOO_MANY_ATTEMPTS', reserved.waitMs);
  }
  const result = await check();
  if (result === null) {
    await recordAttempt(db, 'two-factor', String(userId), ip, 'wrong');
    if (reserved.reservation.waitMs > 0) throw waitError('TOO_MANY_ATTEMPTS', reserved.reservation.waitMs);
    throw new AppError('TWO_FACTOR_CODE_WRONG');
  }
  await attemptSucceeded(db, reserved.reservation, { kind: 'two-factor', subject: String(userId), address: ip });
  return result;
}

/**
 * Takes a TOTP code once: its step must be later than the last one accepted (one statement, so
 * two requests with the same code cannot both pass). `pending`: the code confirms an enrolment.
 */
async function takeCode(db: DbOrTx, userId: number, code: string, pending: boolean, nowMs: number): Promise<boolean> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const step = await matchingStep(row.secret, code, nowMs);
  if (step === null) return false;
  const [taken] = await db
    .update(twoFactors)
    .set({ lastStep: step, ...(pending ? { enabledAt: sql`now()` } : {}) })
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.secret, row.secret), or(isNull(twoFactors.lastStep), lt(twoFactors.lastStep, step))))
    .returning({ userId: twoFactors.userId });
  return Boolean(taken);
}

/** Confirms a pending enrolment with a code from the new secret: answers the recovery codes, shown once. */
export async function confirmEnrolment(db: Db, userId: number, code: string, ip: string, nowMs = Date.now()): Promise<string[]> {
  if (!TOTP_CODE.test(code)) throw new AppError('TWO_FACTOR_CODE_WRONG');
  return underThrottle(db, userId, ip, async () => {
    const codes = Array.from({ length: TWO_FACTOR.RECOVERY_CODES }, newRecoveryCode);
    const done = await db.transaction(async (tx) => {
      if (!(await takeCode(tx, userId, code, true, nowMs))) return false;
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx.insert(twoFactorRecoveryCodes).values(codes.map((plain) => ({ userId, codeHash: recoveryHash(plain) })));
      return true;
    });
    return done ? codes : null;
  });
}

/** Checks the second factor: a current TOTP code (each step once) or an unused recovery code (then used). */
export async function checkSecondFactor(db: Db, userId: number, code: string, ip: string, nowMs = Date.now()): Promise<'code' | 'recovery'> {
  return underThrottle(db, userId, ip, async () => {
    if (TOTP_CODE.test(code)) return (await takeCode(db, userId, code, false, nowMs)) ? 'code' : null;
    if (!(await secondFactorEnabled(db, userId))) return null;
    const [used] = await db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, recoveryHash(code)), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    return used ? 'recovery' : null;
  });
}

// A login's second step ------------------------------------------------------------------------

/** After the password: a one-time challenge naming the user, valid TWO_FACTOR.CHALLENGE_TTL_MS. */
export async function openChallenge(db: DbOrTx, userId: number, remember: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TWO_FACTOR.CHALLENGE_TTL_MS);
  await db.insert(loginChallenges).values({ userId, tokenHash: hashToken(token), remember, expiresAt });
  return { challenge: token, expiresAt: expiresAt.toISOString() };
}

/** The user behind a live challenge (not used, not expired), or TWO_FACTOR_CHALLENGE_INVALID. */
export async function challengeUser(db: DbOrTx, challenge: string) {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId, remember: loginChallenges.remember })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, hashToken(challenge)), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`)));
  if (!row) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
  return row;
}

/** Ends a challenge (once: a second request with it is refused). */
export async function closeChallenge(db: DbOrTx, id: number) {
  const [row] = await db.update(loginChallenges).set({ usedAt: sql`now()` }).where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt))).returning({ id: loginChallenges.id });
  if (!row) throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
}

// A member's own menu ---------------------------------------------------------------------------

/** Unused recovery codes of the user. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Turns the second factor off after a good code: the secret and the recovery codes go. */
export async function disableSecondFactor(db: Db, userId: number, code: string, ip: string, nowMs = Date.now()) {
  if (!(await secondFactorEnabled(db, userId))) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
  await checkSecondFactor(db, userId, code, ip, nowMs);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  });
}

/** New recovery codes after a good code: the old ones stop working; the new ones are shown this once. */
export async function regenerateRecoveryCodes(db: Db, userId: number, code: string, ip: string, nowMs = Date.now()): Promise<string[]> {
  if (!(await secondFactorEnabled(db, userId))) throw new AppError('TWO_FACTOR_NOT_ENROLLED');
  await checkSecondFactor(db, userId, code, ip, nowMs);
  const codes = Array.from({ length: TWO_FACTOR.RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((plain) => ({ userId, codeHash: recoveryHash(plain) })));
  });
  return codes;
}

/**
 * Removes a user's second factor and its recovery codes (a lost phone): the next login enrols a
 * new one. Only an administrator's action calls it, inside its audited transaction.
 */
export async function removeSecondFactor(tx: DbOrTx, userId: number): Promise<boolean> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ userId: twoFactors.userId });
  return removed.length > 0;
}
