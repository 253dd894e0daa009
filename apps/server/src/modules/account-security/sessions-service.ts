import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionLine } from '@shopdesk/shared/account-security/schemas';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE } from '@shopdesk/shared/notifications/codes';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordActivity } from '../activity-log/activity-log-service.ts';
import { createSession, sessionsEnded } from '../auth/session-service.ts';
import { notifyShop } from '../notifications/notification-service.ts';
import { describeDevice } from './user-agent.ts';

export interface Device {
  userAgent: string;
  ip: string;
}

const deviceKey = (userAgent: string) => {
  const { browser, system } = describeDevice(userAgent);
  return `${browser}|${system}`;
};

/**
 * Opens a member's session from a device, and tells the shop when that device is new to the
 * account (docs/decisions.md, "Signed-in devices"): a browser and system the account never signed
 * in from. The account's very first sign-in has nothing to compare with and tells nobody.
 */
export async function openMemberSession(db: Db, userId: number, ttlMs: number, remember: boolean, device: Device) {
  const earlier = await db.selectDistinct({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId)).limit(200);
  const session = await createSession(db, userId, ttlMs, remember, device);
  const key = deviceKey(device.userAgent);
  if (earlier.length > 0 && !earlier.some((row) => deviceKey(row.userAgent) === key)) {
    const [member] = await db.select({ shopId: users.shopId }).from(users).where(eq(users.id, userId));
    if (member?.shopId) {
      const shopId = member.shopId;
      const { browser, system } = describeDevice(device.userAgent);
      const detail = { browser: browser || '?', system: system || '?', ip: device.ip };
      await db.transaction(async (tx) => {
        await recordActivity(tx, { shopId, userId, action: 'new_device_sign_in', detail });
        await notifyShop(tx, { shopId, title: NOTIFICATION_TITLE.SECURITY, content: NOTIFICATION_CONTENT.NEW_DEVICE_SIGN_IN, payload: { userId, ...detail } });
      });
    }
  }
  return session;
}

/** The account's live sessions, most recently used first; `current` marks the caller's own. */
export async function listSessions(db: Db, userId: number, currentSessionId: number): Promise<SessionLine[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    ...describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs one of the account's own sessions out (another account's is "not found"). */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number) {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!row) throw new AppError('NOT_FOUND');
  sessionsEnded(db, { sessionId });
}

/** Signs every other session of the account out; the caller's own stays. Answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, currentSessionId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of rows) sessionsEnded(db, { sessionId: id });
  return rows.length;
}
