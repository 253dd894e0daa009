import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { buyerSessions, buyers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummySecretHash, verifySecret } from '../../lib/passwords.ts';
import { attemptSucceeded, loginRules, loginWait, recordAttempt, reserveAttempt } from '../auth/login-throttle.ts';
import { hashToken } from '../auth/session-service.ts';

export interface BuyerCaller {
  buyerId: number;
  nickname: string;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    buyer: BuyerCaller | null;
  }
}

/** Buyers' sessions work like sellers': a 256-bit opaque token sent in the `buyerToken` header, stored hashed. */
export async function createBuyerSession(db: DbOrTx, buyerId: number, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(buyerSessions).values({ buyerId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

export async function resolveBuyerSession(db: DbOrTx, token: string): Promise<BuyerCaller | null> {
  if (token.length > 200) return null;
  const [row] = await db
    .select({ sessionId: buyerSessions.id, buyerId: buyers.id, nickname: buyers.nickname })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    // A frozen buyer's sessions stop working at once; the login then says why.
    .where(and(eq(buyerSessions.tokenHash, hashToken(token)), isNull(buyerSessions.revokedAt), gt(buyerSessions.expiresAt, sql`now()`), eq(buyers.frozen, false)))
    .limit(1);
  return row ?? null;
}

/** The request's `buyerToken` header, if it has one. */
export function buyerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.buyertoken;
  return Array.isArray(header) ? header[0] : header;
}

/**
 * The options of a route for the signed-in buyer. The seller auth plugin lets `access: 'buyer'`
 * routes through; this checks a valid `buyerToken` header before the handler, else 401 (a seller's
 * authToken is not a buyer session), and sets `request.buyer`.
 */
export function buyerRoute(db: Db) {
  const requireBuyer = async (request: FastifyRequest) => {
    const token = buyerTokenOf(request);
    const buyer = token ? await resolveBuyerSession(db, token) : null;
    if (!buyer) throw new AppError('UNAUTHORIZED');
    request.buyer = buyer;
  };
  return { config: { access: 'buyer' as const }, onRequest: requireBuyer };
}

/** The signed-in buyer of a `buyerRoute`. */
export const buyerIdOf = (request: FastifyRequest) => request.buyer!.buyerId;

/** Buyer login under the same login throttle as sellers (its own account keys; modules/auth/login-throttle.ts). */
export async function buyerLogin(db: Db, config: AppConfig, input: { username: string; password: string; ip: string }) {
  const reserved = await reserveAttempt(db, loginRules('buyer', input.username, input.ip));
  if (!reserved.ok) {
    await recordAttempt(db, 'buyer-login', input.username, input.ip, 'refused');
    throw loginWait(reserved.waitMs);
  }
  const [buyer] = await db.select().from(buyers).where(sql`lower(${buyers.username}) = ${input.username.toLowerCase()}`).limit(1);
  const valid = await verifySecret(input.password, buyer?.passwordHash ?? (await dummySecretHash()));
  if (!buyer || !valid) {
    await recordAttempt(db, 'buyer-login', input.username, input.ip, 'wrong');
    if (reserved.reservation.waitMs > 0) throw loginWait(reserved.reservation.waitMs);
    throw new AppError('INVALID_CREDENTIALS');
  }
  await attemptSucceeded(db, reserved.reservation, { kind: 'buyer-login', subject: input.username, address: input.ip });
  // Said only to whoever knows the password: a guesser learns nothing of the account.
  if (buyer.frozen) throw new AppError('BUYER_FROZEN', { reason: buyer.frozenReason });
  const session = await createBuyerSession(db, buyer.id, config.buyerSessionTtlMs);
  return { buyerToken: session.token, expiresAt: session.expiresAt.toISOString(), buyerId: buyer.id, nickname: buyer.nickname };
}
