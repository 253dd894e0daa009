import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, shops, users } from '../../db/schema.ts';
import type { Caller } from '../../plugins/auth.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: a 256-bit random opaque token; only its hash is stored. */
export async function createSession(db: DbOrTx, userId: number, ttlMs: number, remember: boolean) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), remember, expiresAt });
  return { token, expiresAt };
}

/**
 * The session lookup runs on every request, so it is a named prepared statement (built once per
 * database handle): no query building in JS and no planning in PostgreSQL per request.
 */
function buildResolveQuery(db: DbOrTx) {
  return db
    .select({ sessionId: sessions.id, userId: users.id, role: users.role, status: users.status, shopId: shops.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shops, eq(shops.ownerUserId, users.id))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('resolve_session');
}
const resolveQueries = new WeakMap<DbOrTx, ReturnType<typeof buildResolveQuery>>();

export async function resolveSession(db: DbOrTx, token: string): Promise<Caller | null> {
  if (token.length > 200) return null;
  let query = resolveQueries.get(db);
  if (!query) {
    query = buildResolveQuery(db);
    resolveQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: hashToken(token) });
  if (!row || row.status !== 'active') return null;
  return { sessionId: row.sessionId, userId: row.userId, role: row.role, shopId: row.shopId };
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
