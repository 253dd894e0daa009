import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CurrentUser, LoginResult, updatePasswordBody } from '@shopdesk/shared/auth/schemas';
import { AUTH } from '@shopdesk/shared/constants';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummySecretHash, hashSecret, verifySecret } from '../../lib/passwords.ts';
import type { Caller } from './caller.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { changeFundPassword, fundPasswordIsSet } from './fund-password.ts';
import { assertStrongPassword } from './password-strength.ts';
import { attemptSucceeded, loginRules, loginWait, recordAttempt, reserveAttempt, slowdownMs, waitError, type Reservation } from './login-throttle.ts';
import { createSession, revokeAllSessions, sessionsEnded } from './session-service.ts';
import { assertShopApproved } from './registration-service.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
  ip: string;
  role: 'seller' | 'operator';
}

async function findUser(db: Db, username: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return user ?? null;
}

/** The shop a seller works in (users.shop_id; the owner is its first admin). */
async function findShopOf(db: Db, shopId: number | null) {
  if (shopId === null) return null;
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return shop ?? null;
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

export async function login(db: Db, config: AppConfig, input: LoginInput): Promise<LoginResult> {
  const user = await authenticate(db, config, input);
  const shop = await findShopOf(db, user.shopId);
  if (input.role === 'seller' && !shop) throw new AppError('INVALID_CREDENTIALS');
  // A shop registered from the login page waits for the operator; the login says so (the password was right).
  if (input.role === 'seller' && shop) assertShopApproved(shop);
  const ttl = input.rememberMe ? config.sessionTtlRememberMs : config.sessionTtlMs;
  const session = await createSession(db, user.id, ttl, input.rememberMe);
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    userId: user.id,
    shopId: shop?.id ?? 0,
    shopName: shop?.name ?? '',
    shopLogo: shop?.logo ?? '',
  };
}

export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED');
  const shop = await findShopOf(db, user.shopId);
  return {
    userId: user.id,
    username: user.username,
    role: user.role,
    shopRole: user.shopRole,
    name: user.name,
    fundPasswordSet: await fundPasswordIsSet(db, userId),
    shop: shop && {
      shopId: shop.id,
      shopName: shop.name,
      shopLogo: shop.logo,
      vipLevel: shop.vipLevel,
      creditScore: shop.creditScore,
      frozen: shop.frozen,
    },
  };
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

type UpdatePasswordInput = z.output<typeof updatePasswordBody>;

/**
 * POST /api/sellAuth/updatePassword: the caller's own login password, or the shop's fund password
 * (admins only: SPEC §6 roles; docs/decisions.md, "Users, roles and settings"); another userId is FORBIDDEN. A new login
 * password ends every session; a new fund password does not.
 */
export async function updatePassword(db: Db, caller: Pick<Caller, 'userId' | 'shopId' | 'shopRole'>, body: UpdatePasswordInput, ip = '') {
  if (body.userId !== undefined && body.userId !== caller.userId) throw new AppError('FORBIDDEN');
  if (body.kind === 'fund') {
    if (caller.shopRole !== 'admin') throw new AppError('FORBIDDEN');
    await changeFundPassword(db, caller.userId, body.oldPassword, body.newPassword);
    if (caller.shopId) await recordActivity(db, { shopId: caller.shopId, userId: caller.userId, action: 'fund_password_changed' });
  } else await changeLoginPassword(db, caller.userId, body.oldPassword, body.newPassword, ip);
}
