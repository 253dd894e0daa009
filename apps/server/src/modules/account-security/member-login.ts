import { eq } from 'drizzle-orm';
import type { LoginResult } from '@shopdesk/shared/auth/schemas';
import type { SellerLoginAnswer } from '@shopdesk/shared/account-security/schemas';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate, type LoginInput } from '../auth/auth-service.ts';
import { assertShopApproved } from '../auth/registration-service.ts';
import { challengeUser, checkSecondFactor, closeChallenge, openChallenge, secondFactorEnabled } from '../two-factor/two-factor-service.ts';
import { openMemberSession, type Device } from './sessions-service.ts';

/**
 * A shop member's login, above the credentials and sessions of modules/auth as the operator's is
 * (modules/ops/operator-login.ts): the password, then (second factor on) a challenge the code must
 * answer (POST /api/sellAuth/login/verify) before any session exists; the session tells the shop of
 * a new device.
 */

/** The shop a member works in (users.shop_id; the owner is its first admin). */
export async function findShopOf(db: Db, shopId: number | null) {
  if (shopId === null) return null;
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return shop ?? null;
}

export async function login(db: Db, config: AppConfig, input: Omit<LoginInput, 'role'>): Promise<SellerLoginAnswer> {
  const user = await authenticate(db, config, { ...input, role: 'seller' });
  const shop = await findShopOf(db, user.shopId);
  if (!shop) throw new AppError('INVALID_CREDENTIALS');
  // A shop registered from the login page waits for the operator; the login says so (the password was right).
  assertShopApproved(shop);
  if (await secondFactorEnabled(db, user.id)) return { step: 'code', ...(await openChallenge(db, user.id, input.rememberMe)) };
  return openSellerSession(db, config, user.id, input.rememberMe, { userAgent: input.userAgent ?? '', ip: input.ip });
}

/** The login's second step of a member: a current code or an unused recovery code opens the session. */
export async function memberSecondStep(db: Db, config: AppConfig, body: { challenge: string; code: string }, device: Device): Promise<LoginResult> {
  const challenge = await challengeUser(db, body.challenge);
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, challenge.userId));
  // An operator's challenge opens only the operator's own second step.
  if (user?.role !== 'seller') throw new AppError('TWO_FACTOR_CHALLENGE_INVALID');
  await checkSecondFactor(db, challenge.userId, body.code, device.ip);
  await closeChallenge(db, challenge.id);
  return openSellerSession(db, config, challenge.userId, challenge.remember, device);
}

/** The session of a member who passed every step of the login. */
async function openSellerSession(db: Db, config: AppConfig, userId: number, remember: boolean, device: Device): Promise<LoginResult> {
  const [user] = await db.select({ shopId: users.shopId }).from(users).where(eq(users.id, userId));
  const shop = await findShopOf(db, user?.shopId ?? null);
  const ttl = remember ? config.sessionTtlRememberMs : config.sessionTtlMs;
  const session = await openMemberSession(db, userId, ttl, remember, device);
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    userId,
    shopId: shop?.id ?? 0,
    shopName: shop?.name ?? '',
    shopLogo: shop?.logo ?? '',
  };
}
