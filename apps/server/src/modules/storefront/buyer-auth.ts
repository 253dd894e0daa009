import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { perHandle } from '../../db/per-handle.ts';
import { buyerSessions, buyers } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummySecretHash, verifySecret } from '../../lib/passwords.ts';
import { attemptSucceeded, loginRules, loginWait, recordAttempt, reserveAttempt } from '../auth/login-throttle.ts';
import { SessionCache, sessionEndings, type SessionRevocation } from '../auth/session-cache.ts';
import { digestBits, hashToken, refreshCached } from '../auth/session-service.ts';

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

/** Buyers' session caches, one per app (plugins/auth.ts): as sellers', keyed by the token's hash, an owner being a buyer. */
export type BuyerSessionCache = SessionCache<BuyerCaller>;

export function newBuyerSessionCache(maxEntries: number, ttlMs: number): BuyerSessionCache {
  return new SessionCache<BuyerCaller>(maxEntries, ttlMs, undefined, (caller) => caller.buyerId);
}

/** The buyer session's row as one digest (see session-service.ts's `sessionDigest`); revoked, expired or frozen ones have none. */
const buyerSessionDigest = sql<string>`md5(row(${buyerSessions.id}, ${buyerSessions.buyerId}, ${buyerSessions.expiresAt}, ${buyers.nickname})::text)`;

/** The buyer's lookup and the refresh of cached buyer sessions: named prepared statements per database handle, as sellers' are. */
function buildBuyerSessionQueries(db: DbOrTx) {
  // A frozen buyer's sessions stop working at once; the login then says why.
  const valid = [isNull(buyerSessions.revokedAt), gt(buyerSessions.expiresAt, sql`now()`), eq(buyers.frozen, false)];
  const one = db
    .select({ sessionId: buyerSessions.id, buyerId: buyers.id, nickname: buyers.nickname, expiresAt: buyerSessions.expiresAt, digest: buyerSessionDigest })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    .where(and(eq(buyerSessions.tokenHash, sql.placeholder('tokenHash')), ...valid))
    .limit(1)
    .prepare('resolve_buyer_session');
  const some = and(sql`${buyerSessions.id} = any(${sql.placeholder('ids')}::bigint[])`, ...valid);
  const digests = db
    .select({ sessionId: buyerSessions.id, digest: buyerSessionDigest })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    .where(some)
    .prepare('refresh_buyer_sessions');
  const digestOfAll = db
    .select({ count: sql<number>`count(*)::int`, low: digestBits(buyerSessionDigest, 0), high: digestBits(buyerSessionDigest, 8) })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    .where(some)
    .prepare('refresh_buyer_sessions_digest');
  return { one, digests, digestOfAll };
}
const buyerQueriesOf = perHandle(buildBuyerSessionQueries);

/**
 * The buyer behind a token. With a cache, a session read from the database less than a second ago
 * is answered from memory without a promise (docs/decisions.md, "Session cache"); otherwise a lookup.
 */
export function resolveBuyerSession(db: DbOrTx, token: string, cache?: BuyerSessionCache): BuyerCaller | null | Promise<BuyerCaller | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  return cache?.get(tokenHash) ?? lookUpBuyerSession(db, tokenHash, cache);
}

async function lookUpBuyerSession(db: DbOrTx, tokenHash: string, cache?: BuyerSessionCache): Promise<BuyerCaller | null> {
  const generation = cache?.generation ?? 0;
  const readAt = Date.now();
  const [row] = await buyerQueriesOf(db).one.execute({ tokenHash });
  if (!row) return null;
  const buyer: BuyerCaller = { sessionId: row.sessionId, buyerId: row.buyerId, nickname: row.nickname };
  cache?.set(tokenHash, buyer, row.expiresAt, generation, readAt, row.digest);
  return buyer;
}

/** Reads the cached buyer sessions in use again (plugins/auth.ts, beside the sellers'): a logout or a freeze reaches every instance within a second. */
export function refreshBuyerSessions(db: DbOrTx, cache: BuyerSessionCache): Promise<void> {
  const queries = buyerQueriesOf(db);
  return refreshCached(cache, (ids) => queries.digestOfAll.execute({ ids }), (ids) => queries.digests.execute({ ids }));
}

/** Who hears of ended buyer sessions, per database handle: the buyers' session cache (plugins/auth.ts). */
const endedBuyerSessions = sessionEndings();

export const onBuyerSessionsEnded = endedBuyerSessions.listen;

/**
 * Drops ended buyer sessions (`{ sessionId }` a logout, `{ userId: buyerId }` a freeze) from this
 * instance's cache at once; the other instances' refresh drops them within a second. Call after the commit.
 */
export function buyerSessionsEnded(db: Db, revocation: SessionRevocation) {
  endedBuyerSessions.announce(db, revocation);
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
export function buyerRoute(db: Db, cache?: BuyerSessionCache) {
  // A callback hook: a session answered from the cache is checked without a promise.
  const requireBuyer = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = buyerTokenOf(request);
    const admit = (buyer: BuyerCaller | null) => {
      if (!buyer) return done(new AppError('UNAUTHORIZED'));
      request.buyer = buyer;
      done();
    };
    const found = token ? resolveBuyerSession(db, token, cache) : null;
    if (found instanceof Promise) found.then(admit, done);
    else admit(found);
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
