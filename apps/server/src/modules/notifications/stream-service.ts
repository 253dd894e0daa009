import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SSEReplyInterface } from '@fastify/sse';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { StreamTicket } from '@shopdesk/shared/notifications/schemas';
import { allows } from '@shopdesk/shared/users/permission-rules';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, streamTickets } from '../../db/schema.ts';
import type { Caller } from '../auth/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { metrics } from '../../lib/metrics.ts';
import { latestNotificationId, notificationFromJson, unreadAfterSelect } from './notification-service.ts';
import { formatEvent, UNAUTHORIZED_EVENT, type StreamClient, type StreamHub, type StreamSource } from './stream-hub.ts';

/** The notifications as a stream source: the unread rows after an id (on reconnect, the newest of them). */
export const notificationSource: StreamSource = {
  select: unreadAfterSelect,
  item: (id, data) => ({ id, event: null, data: notificationFromJson(data) }),
  latestId: latestNotificationId,
};

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * A single-use ticket for opening the stream (the session token never goes into a URL). Stored
 * hashed with the caller's session, so any instance can redeem it and a logout ends the stream.
 */
export async function issueStreamTicket(db: DbOrTx, caller: Caller): Promise<StreamTicket> {
  if (!caller.shopId) throw new AppError('FORBIDDEN');
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + NOTIFICATIONS.TICKET_TTL_MS);
  // Housekeeping without a job: forget a few long-dead tickets each time one is made.
  await db.execute(
    sql`delete from stream_tickets where id in (select id from stream_tickets where expires_at < now() - interval '1 hour' order by expires_at limit 100)`,
  );
  await db.insert(streamTickets).values({
    tokenHash: hashTicket(ticket),
    userId: caller.userId,
    shopId: caller.shopId,
    sessionId: caller.sessionId,
    expiresAt,
    chat: allows(caller.permissions, 'chat:view'),
  });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export interface StreamGrant {
  userId: number;
  shopId: number;
  sessionId: number;
  chat: boolean;
}

/**
 * Spends a ticket: answers its grant when it is unused, unexpired, its session still valid and
 * its user the `userId` of the URL. A ticket is spent even when the user does not match.
 */
export async function redeemStreamTicket(db: DbOrTx, ticket: string | undefined, userId: number): Promise<StreamGrant | null> {
  if (!ticket || ticket.length > 200) return null;
  const [row] = await db
    .update(streamTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(streamTickets.tokenHash, hashTicket(ticket)),
        isNull(streamTickets.usedAt),
        gt(streamTickets.expiresAt, sql`now()`),
        sql`exists (select 1 from ${sessions} where ${sessions.id} = ${streamTickets.sessionId} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now())`,
      ),
    )
    .returning({ userId: streamTickets.userId, shopId: streamTickets.shopId, sessionId: streamTickets.sessionId, chat: streamTickets.chat });
  if (!row || row.userId !== userId) return null;
  return row;
}

/** Which of these sessions are still valid (the hub's heartbeat asks, in chunks). */
export async function validSessionIds(db: DbOrTx, sessionIds: number[]): Promise<Set<number>> {
  const valid = new Set<number>();
  for (let i = 0; i < sessionIds.length; i += 10_000) {
    // One array parameter, not thousands of them.
    const ids = `{${sessionIds.slice(i, i + 10_000).join(',')}}`;
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(sql`${sessions.id} = any(${ids}::bigint[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
    for (const r of rows) valid.add(r.id);
  }
  return valid;
}

/** Deletes tickets that expired long ago (kept a while for diagnosis). */
export async function pruneStreamTickets(db: DbOrTx) {
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, sql`now() - interval '1 day'`));
}

export interface ConnectInput {
  userId: number;
  ticket: string | undefined;
  /** From ?lastEventId=, else the Last-Event-ID header (the query wins). */
  lastEventId: number | undefined;
  /** A page's first connection (?first=1 with ?lastEventId=): chat starts at its newest event. */
  first?: boolean;
}

/** Parses a Last-Event-ID header value: a non-negative integer, or nothing. */
export function parseLastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * Opens a seller's notification stream (SPEC §7; docs/decisions.md, "Notifications"). A bad ticket
 * gets the single event `{"code":401}` and the stream closes. Otherwise the stream is held by the
 * hub (see holdStream).
 */
export async function connectStream(hub: StreamHub, db: Db, sse: SSEReplyInterface, raw: ServerResponse, input: ConnectInput): Promise<void> {
  const grant = await redeemStreamTicket(db, input.ticket, input.userId);
  if (!grant) {
    refuseStream(sse, raw);
    return;
  }
  await holdStream(hub, sse, raw, { key: grant.shopId, sessionId: grant.sessionId, chat: grant.chat }, input.lastEventId, input.first === true);
}

/** The answer to a refused ticket: the single event `{"code":401}`, and the end. */
export function refuseStream(sse: SSEReplyInterface, raw: ServerResponse) {
  sse.sendHeaders();
  raw.end(UNAUTHORIZED_EVENT);
}

/**
 * Hands a granted stream to its hub. With lastEventId it first replays what came after it (the
 * newest 200 unread notifications at most, and the chat events after it, oldest first); without,
 * it starts after the key's latest item. A page's `first` connection replays the notifications
 * only: its lastEventId is the newest notification it shows, and chat events after that would
 * come again as new (toasts and sounds for conversations the page already loaded).
 */
export async function holdStream(
  hub: StreamHub,
  sse: SSEReplyInterface,
  raw: ServerResponse,
  grant: { key: number; sessionId: number; chat: boolean },
  lastEventId: number | undefined,
  first = false,
): Promise<void> {
  sse.keepAlive();
  sse.sendHeaders();
  // The first bytes flush the headers; `retry` tells EventSource the spec's 3 s reconnect delay.
  raw.write('retry: 3000\n\n');
  const client: StreamClient = {
    key: grant.key,
    sessionId: grant.sessionId,
    chat: grant.chat,
    cursor: null,
    write: (chunk) => raw.write(chunk),
    buffered: () => raw.writableLength,
    end: () => raw.end(),
  };
  hub.add(client);
  sse.onClose(() => hub.remove(client));
  try {
    let cursor: number;
    if (lastEventId !== undefined) {
      // Read before the replay: every item up to it is in the replay's read (a key's items commit in id order).
      const latest = first ? await hub.latest(grant.key) : 0;
      const { items, more } = await hub.read(grant.key, lastEventId, true);
      const replay = items.filter((item) => item.event !== 'chat' || (grant.chat && item.id > latest));
      if (replay.length > 0) {
        hub.send(client, formatEvent(replay));
        metrics.eventsDelivered(1);
      }
      cursor = Math.max(lastEventId, items.at(-1)?.id ?? 0);
      // The replay saw every item up to `latest` unless it was cut short; then the rest follows live.
      if (first && !more) cursor = Math.max(cursor, latest);
    } else {
      cursor = await hub.latest(grant.key);
    }
    client.cursor = cursor;
    // Items committed while the stream was opening.
    hub.wake([grant.key]);
  } catch (error) {
    hub.remove(client);
    raw.end();
    throw error;
  }
}
