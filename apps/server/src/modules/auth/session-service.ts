import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { perHandle } from '../../db/per-handle.ts';
import { sessions, shopRoles, shops, twoFactors, users } from '../../db/schema.ts';
import { roleMatrix } from '@shopdesk/shared/users/permission-rules';
import type { Caller } from './caller.ts';
import { sessionEndings, type DueEntry, type SessionCache, type SessionRevocation } from './session-cache.ts';

export function hashToken(token: string): string {
  // The one-shot form: no Hash object per call (it runs on every request's session check).
  return hash('sha256', token, 'hex');
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

/** Sessions used since the last write of "last seen", per database handle, written together shortly. */
const pendingTouches = new WeakMap<DbOrTx, Set<number>>();
/** How long touches gather before one statement writes them all. */
const TOUCH_BATCH_MS = 50;

/**
 * Notes that a session was used (the signed-in devices' "last seen"), off the request's path: the
 * sessions used within the next few milliseconds are written by one statement, not one each.
 */
function touchSession(db: DbOrTx, sessionId: number, now = Date.now()) {
  if ((lastTouched.get(sessionId) ?? 0) > now - TOUCH_EVERY_MS) return;
  if (lastTouched.size > 50_000) lastTouched.clear();
  lastTouched.set(sessionId, now);
  let pending = pendingTouches.get(db);
  if (pending) {
    pending.add(sessionId);
    return;
  }
  pending = new Set([sessionId]);
  pendingTouches.set(db, pending);
  setTimeout(() => {
    pendingTouches.delete(db);
    // One array parameter, not one per session.
    db.update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(sql`${sessions.id} = any(${`{${[...pending].join(',')}}`}::bigint[])`)
      .catch(() => {
        // A missed "last seen" is retried on the next use after a minute; nothing depends on it.
      });
  }, TOUCH_BATCH_MS).unref();
}

/**
 * The session and everything of its row that makes its caller (and its expiry), as one digest: the
 * refresh of the cached sessions reads only digests, and a session whose digest changed is looked up
 * again. The session's id is in it, so no two sessions share one.
 */
const sessionDigest = sql<string>`md5(row(${sessions.id}, ${users.role}, ${users.status}, ${users.shopId}, ${shopRoles.key}, ${shopRoles.permissions}, ${users.opsRole}, ${sessions.expiresAt}, ${shops.requireTwoFactor}, ${twoFactors.enabledAt})::text)`;

/** The exclusive or over rows of the first (0) or second (8) 32 bits of a digest as a signed integer, in SQL and in JS alike. */
export const digestBits = (digest: SQL, offset: 0 | 8) => sql<number | null>`bit_xor(('x' || substr(${digest}, ${sql.raw(String(offset + 1))}, 8))::bit(32)::int)`;
const bitsOf = (digest: string, offset: 0 | 8) => Number.parseInt(digest.slice(offset, offset + 8), 16) | 0;

/** A session with its user, the user's shop role, shop and second factor. */
function sessionRows<T extends PgSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shopRoles, eq(shopRoles.id, users.roleId))
    .leftJoin(shops, eq(shops.id, users.shopId))
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id));
}

/**
 * The session lookup runs on every request the cache cannot answer, and the refresh of the cached
 * ones four times a second: named prepared statements (built once per database handle), so no query
 * building in JS and no planning in PostgreSQL per call.
 */
function buildSessionQueries(db: DbOrTx) {
  const valid = [isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)];
  const lookup = db
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
      digest: sessionDigest,
    })
    .from(sessions)
    .$dynamic();
  const one = sessionRows(lookup)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), ...valid))
    .limit(1)
    .prepare('resolve_session');
  // One array parameter (`{1,2,…}`), not one per session; only the digests, not the rows.
  const some = and(sql`${sessions.id} = any(${sql.placeholder('ids')}::bigint[])`, ...valid);
  const digests = sessionRows(db.select({ sessionId: sessions.id, digest: sessionDigest }).from(sessions).$dynamic())
    .where(some)
    .prepare('refresh_sessions');
  // Usually nothing changed: their count and the exclusive or of their digests (64 bits, as two
  // integers; any order) answer that in one row.
  const digestOfAll = sessionRows(db.select({ count: sql<number>`count(*)::int`, low: digestBits(sessionDigest, 0), high: digestBits(sessionDigest, 8) }).from(sessions).$dynamic())
    .where(some)
    .prepare('refresh_sessions_digest');
  return { one, digests, digestOfAll };
}
const queriesOf = perHandle(buildSessionQueries);

/**
 * The caller behind a token. With a cache (plugins/auth.ts), a session read from the database less
 * than a second ago is answered from memory, without a promise (the request path then stays
 * synchronous); its own expiry is still checked (see SessionCache). Otherwise a database lookup.
 */
export function resolveSession(db: DbOrTx, token: string, cache?: SessionCache): Caller | null | Promise<Caller | null> {
  if (token.length > 200) return null;
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (!cached) return lookUpSession(db, tokenHash, cache);
  touchSession(db, cached.sessionId);
  return cached;
}

async function lookUpSession(db: DbOrTx, tokenHash: string, cache?: SessionCache): Promise<Caller | null> {
  const generation = cache?.generation ?? 0;
  const readAt = Date.now();
  const [row] = await queriesOf(db).one.execute({ tokenHash });
  if (!row || row.status !== 'active') return null;
  const permissions = row.role === 'seller' ? roleMatrix(row.roleKey, row.rolePermissions) : null;
  const mustEnrolSecondFactor = row.role === 'seller' && row.shopRequiresSecondFactor === true && !row.secondFactorSince;
  const caller: Caller = { sessionId: row.sessionId, userId: row.userId, role: row.role, shopId: row.shopId, roleKey: row.roleKey, permissions, opsRole: row.opsRole, mustEnrolSecondFactor };
  touchSession(db, row.sessionId);
  cache?.set(tokenHash, caller, row.expiresAt, generation, readAt, row.digest);
  return caller;
}

/**
 * Reads the digests of every session the cache holds in use again, in one query (plugins/auth.ts
 * runs it four times per freshness period): sessions in steady use are then answered from memory, and a
 * revocation or any change to what a session may do, whichever path made it and whether or not its
 * bus message arrived, reaches this instance within a second (the entry is dropped and the next
 * request looks the session up).
 */
export function refreshSessions(db: DbOrTx, cache: SessionCache): Promise<void> {
  const queries = queriesOf(db);
  return refreshCached(cache, (ids) => queries.digestOfAll.execute({ ids }), (ids) => queries.digests.execute({ ids }));
}

/** How a cache's sessions are read again: the count and 64 bits of their digests together, and each one's digest. */
type DigestOfAll = (ids: string) => Promise<{ count: number; low: number | null; high: number | null }[]>;
type Digests = (ids: string) => Promise<{ sessionId: number; digest: string }[]>;

/**
 * The refresh of any session cache (sellers' and operators', buyers'): the due entries in chunks of
 * 10,000 as one array parameter (`{1,2,…}`); a chunk whose count and digest bits match is confirmed
 * whole, otherwise each session's digest is read and the changed or ended ones are dropped.
 */
export async function refreshCached<C extends { sessionId: number }>(cache: SessionCache<C>, digestOfAll: DigestOfAll, digests: Digests): Promise<void> {
  const due: DueEntry<C>[] = cache.due();
  for (let i = 0; i < due.length; i += 10_000) {
    const chunk = due.slice(i, i + 10_000);
    const ids = `{${chunk.map((d) => d.sessionId).join(',')}}`;
    let low = 0;
    let high = 0;
    for (const d of chunk) {
      low ^= bitsOf(d.digest, 0);
      high ^= bitsOf(d.digest, 8);
    }
    const readAt = Date.now();
    const [all] = await digestOfAll(ids);
    if (all && all.count === chunk.length && all.low === low && all.high === high) {
      for (const entry of chunk) cache.confirm(entry, entry.digest, readAt);
      continue;
    }
    // Something changed (or ended): which ones.
    const rows = await digests(ids);
    const byId = new Map(rows.map((row) => [row.sessionId, row.digest]));
    for (const entry of chunk) cache.confirm(entry, byId.get(entry.sessionId) ?? null, readAt);
  }
}

/** Who hears of ended sessions, per database handle: the session caches (plugins/auth.ts). */
const endedSessions = sessionEndings();

export const onSessionsEnded = endedSessions.listen;

/**
 * Tells this instance's session cache (at once) and the other instances' (event bus) that
 * sessions ended. Call after the revocation committed, never inside its transaction: a request
 * in between would read the session as still valid and cache it again.
 */
export function sessionsEnded(db: Db, revocation: SessionRevocation) {
  endedSessions.announce(db, revocation);
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
