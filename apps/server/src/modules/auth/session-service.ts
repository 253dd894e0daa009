import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, shopRoles, shops, twoFactors, users } from '../../db/schema.ts';
import { roleMatrix } from '@shopdesk/shared/users/permission-rules';
import type { Caller } from './caller.ts';
import type { SessionCache, SessionRevocation } from './session-cache.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: a 256-bit random opaque token; only its hash is stored, with the device it was opened from. */
export async function createSession(db: DbOrTx, userId: number, ttlMs: number, remember: boolean, device: { userAgent: string; ip: string } = { userAgent: '', ip: '' }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), remember, expiresAt, userAgent: device.userAgent.slice(0, 400), ip: device.ip.slice(0, 64) });
  return { token, expiresAt };
}

/** When each session's last_seen_at was last written by this process: written at most once a minute per session. */
const lastTouched = new Map<number, number>();
const TOUCH_EVERY_MS = 60_000;

/** Notes that a session was used (the signed-in devices' "last seen"), off the request's path. */
function touchSession(db: DbOrTx, sessionId: number, now = Date.now()) {
  if ((lastTouched.get(sessionId) ?? 0) > now - TOUCH_EVERY_MS) return;
  if (lastTouched.size > 50_000) lastTouched.clear();
  lastTouched.set(sessionId, now);
  db.update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .catch(() => {
      // A missed "last seen" is retried on the next use after a minute; nothing depends on it.
    });
}

/**
 * The session lookup runs on every request, so it is a named prepared statement (built once per
 * database handle): no query building in JS and no planning in PostgreSQL per request.
 */
function buildResolveQuery(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      status: users.status,
      shopId: users.shopId,
      roleKey: shopRoles.key,
      rolePermissions: shopRoles.permissions,
      opsRole: users.opsRole,
      expiresAt: sessions.expiresAt,
      shopRequiresSecondFactor: shops.requireTwoFactor,
      secondFactorSince: twoFactors.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shopRoles, eq(shopRoles.id, users.roleId))
    .leftJoin(shops, eq(shops.id, users.shopId))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('resolve_session');
}
const resolveQueries = new WeakMap<DbOrTx, ReturnType<typeof buildResolveQuery>>();

/**
 * The caller behind a token. With a cache (plugins/auth.ts), a session looked up less than a few
 * seconds ago is answered from memory; its own expiry is still checked (see SessionCache).
 */
export async function resolveSession(db: DbOrTx, token: string, cache?: SessionCache): Promise<Caller | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  let query = resolveQueries.get(db);
  if (!query) {
    query = buildResolveQuery(db);
    resolveQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  if (!row || row.status !== 'active') return null;
  const permissions = row.role === 'seller' ? roleMatrix(row.roleKey, row.rolePermissions) : null;
  const mustEnrolSecondFactor = row.role === 'seller' && row.shopRequiresSecondFactor === true && !row.secondFactorSince;
  const caller: Caller = { sessionId: row.sessionId, userId: row.userId, role: row.role, shopId: row.shopId, roleKey: row.roleKey, permissions, opsRole: row.opsRole, mustEnrolSecondFactor };
  touchSession(db, row.sessionId);
  cache?.set(tokenHash, caller, row.expiresAt, generation);
  return caller;
}

/** Who hears of ended sessions, per database handle: the session caches (plugins/auth.ts). */
const endedListeners = new WeakMap<Db, (revocation: SessionRevocation) => void>();

export function onSessionsEnded(db: Db, listener: (revocation: SessionRevocation) => void) {
  endedListeners.set(db, listener);
}

/**
 * Tells this instance's session cache (at once) and the other instances' (event bus) that
 * sessions ended. Call after the revocation committed, never inside its transaction: a request
 * in between would read the session as still valid and cache it again.
 */
export function sessionsEnded(db: Db, revocation: SessionRevocation) {
  endedListeners.get(db)?.(revocation);
}

/** Logout: ends one session (its own statement, committed when this resolves) and announces it. */
export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  sessionsEnded(db, { sessionId });
}

/** Ends every session of a user; inside a transaction, call sessionsEnded(db, { userId }) after its commit. */
export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
