import { eq, sql } from 'drizzle-orm';
import { AUTH } from '@shopdesk/shared/constants';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummySecretHash, hashSecret, verifySecret } from '../../lib/passwords.ts';
import { assertStrongPassword } from './password-strength.ts';
import { attemptSucceeded, loginRules, loginWait, recordAttempt, reserveAttempt, slowdownMs, waitError, type Reservation } from './login-throttle.ts';
import { revokeAllSessions, sessionsEnded } from './session-service.ts';

/**
 * The credentials under every login: the member's (modules/account-security/member-login.ts) and
 * the operator's (modules/ops/operator-login.ts) start here, and each opens its session its own way.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  role: 'seller' | 'operator';
  /** The device's User-Agent header (the signed-in devices list). */
  userAgent?: string;
}

async function findUser(db: Db, username: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return user ?? null;
}

/**
 * Checks the credentials under the login throttle (login-throttle.ts): the attempt is reserved on
 * its keys before the password is compared, so parallel guesses cannot outrun the limit.
 */
export async function authenticate(db: Db, config: AppConfig, input: LoginInput) {
  const kind = input.role === 'operator' ? 'operator-login' : 'login';
  const reserved = await reserveAttempt(db, loginRules('user', input.username, input.ip));
  if (!reserved.ok) {
    await recordAttempt(db, kind, input.username, input.ip, 'refused');
    throw loginWait(reserved.waitMs);
  }
  const { reservation } = reserved;
  await sleep(slowdownMs(reservation.previousFailures, config.loginSlowdownStepMs));
  const user = await findUser(db, input.username);
  const valid = await verifySecret(input.password, user?.passwordHash ?? (await dummySecretHash()));
  if (!user || !valid || user.role !== input.role) {
    await recordAttempt(db, kind, input.username, input.ip, 'wrong');
    if (reservation.waitMs > 0) throw loginWait(reservation.waitMs);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await attemptSucceeded(db, reservation, { kind, subject: input.username, address: input.ip });
  // Only someone who knows the password learns that the account was deactivated.
  if (user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
  return user;
}

/**
 * Checks the old login password of a password change under its own throttle key (a stolen session
 * must not guess its way to the account): reserved before the comparison, like a login.
 */
async function checkOldPassword(db: Db, userId: number, hash: string, plain: string, ip: string) {
  const rules = [{ key: `password:${userId}`, free: AUTH.PASSWORD_CHANGE_FREE_FAILURES, onSuccess: 'clear' as const }];
  const reserved = await reserveAttempt(db, rules);
  if (!reserved.ok) {
    await recordAttempt(db, 'password', String(userId), ip, 'refused');
    throw waitError('TOO_MANY_ATTEMPTS', reserved.waitMs);
  }
  const reservation: Reservation = reserved.reservation;
  if (!(await verifySecret(plain, hash))) {
    await recordAttempt(db, 'password', String(userId), ip, 'wrong');
    if (reservation.waitMs > 0) throw waitError('TOO_MANY_ATTEMPTS', reservation.waitMs);
    throw new AppError('WRONG_OLD_PASSWORD');
  }
  await attemptSucceeded(db, reservation, { kind: 'password', subject: String(userId), address: ip });
}

/** Changes the login password and revokes every session of the user (re-login required). */
export async function changeLoginPassword(db: Db, userId: number, oldPlain: string, newPlain: string, ip = '') {
  const [user] = await db.select({ hash: users.passwordHash, username: users.username, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  await checkOldPassword(db, userId, user.hash, oldPlain, ip);
  if (oldPlain === newPlain) throw new AppError('SAME_PASSWORD');
  assertStrongPassword(newPlain, [user.username, user.name, user.email]);
  const hash = await hashSecret(newPlain);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
  sessionsEnded(db, { userId });
}
