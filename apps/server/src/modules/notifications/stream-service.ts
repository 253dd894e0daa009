import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SSEReplyInterface } from '@fastify/sse';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { StreamTicket } from '@shopdesk/shared/notifications/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, streamTickets } from '../../db/schema.ts';
import type { Caller } from '../auth/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { metrics } from '../../lib/metrics.ts';
import { latestNotificationId, replayAfter } from './notification-service.ts';
import { formatEvent, UNAUTHORIZED_EVENT, type StreamClient, type StreamHub } from './stream-hub.ts';

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
  await db.insert(streamTickets).values({ tokenHash: hashTicket(ticket), userId: caller.userId, shopId: caller.shopId, sessionId: caller.sessionId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

export interface StreamGrant {
  userId: number;
  shopId: number;
  sessionId: number;
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
    .returning({ userId: streamTickets.userId, shopId: streamTickets.shopId, sessionId: streamTickets.sessionId });
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
 * hub: with lastEventId it first replays the unread rows after it (the newest 200 at most,
 * oldest first); without, it starts after the shop's latest row.
 */
export async function connectStream(hub: StreamHub, db: Db, sse: SSEReplyInterface, raw: ServerResponse, input: ConnectInput): Promise<void> {
  const grant = await redeemStreamTicket(db, input.ticket, input.userId);
  if (!grant) {
    sse.sendHeaders();
    raw.end(UNAUTHORIZED_EVENT);
    return;
  }
  sse.keepAlive();
  sse.sendHeaders();
  // The first bytes flush the headers; `retry` tells EventSource the spec's 3 s reconnect delay.
  raw.write('retry: 3000\n\n');
  const client: StreamClient = {
    shopId: grant.shopId,
    sessionId: grant.sessionId,
    cursor: null,
    write: (chunk) => raw.write(chunk),
    buffered: () => raw.writableLength,
    end: () => raw.end(),
  };
  hub.add(client);
  sse.onClose(() => hub.remove(client));
  try {
    let cursor: number;
    if (input.lastEventId !== undefined) {
      const replay = await replayAfter(db, grant.shopId, input.lastEventId, NOTIFICATIONS.REPLAY_MAX);
      if (replay.length > 0) {
        hub.send(client, formatEvent(replay));
        metrics.eventsDelivered(1);
      }
      cursor = Math.max(input.lastEventId, replay.at(-1)?.id ?? 0);
    } else {
      cursor = await latestNotificationId(db, grant.shopId);
    }
    client.cursor = cursor;
    // Rows committed while the stream was opening.
    hub.wake([grant.shopId]);
  } catch (error) {
    hub.remove(client);
    raw.end();
    throw error;
  }
}
