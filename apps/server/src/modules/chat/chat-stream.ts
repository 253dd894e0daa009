import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SSEReplyInterface } from '@fastify/sse';
import { NOTIFICATIONS } from '@shopdesk/shared/constants';
import type { StreamTicket } from '@shopdesk/shared/notifications/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { buyers, buyerSessions, buyerStreamTickets } from '../../db/schema.ts';
import { StreamHub, type StreamSource } from '../notifications/stream-hub.ts';
import { holdStream, refuseStream } from '../notifications/stream-service.ts';
import type { BuyerCaller } from '../storefront/buyer-auth.ts';
import { chatEventFromJson, chatEventsSelect, latestChatEventId } from './chat-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mall buyers' chat streams held by this instance. */
    buyerChatHub: StreamHub;
  }
}

/** A shop's or a buyer's chat events as a stream source (`event: chat`). */
function chatSource(viewer: 'buyer' | 'seller'): StreamSource {
  return {
    select: (key, afterId, limit) => chatEventsSelect(viewer, key, afterId, limit),
    item: (id, data) => ({ id, event: 'chat' as const, data: chatEventFromJson(viewer, data) }),
    latestId: (db, key) => latestChatEventId(db, viewer, key),
  };
}

/**
 * Chat on the live streams (docs/decisions.md, "Chat"): the sellers' notification stream also
 * carries the shop's chat events (to members who may read chat), and the mall's buyers get a stream
 * of their own on the same hub, bus and replay. Call after registerNotifications.
 */
export function registerChat(app: FastifyInstance) {
  const { bus, hub } = app.notifications;
  hub.addSource(chatSource('seller'));
  const buyerHub = new StreamHub(app.db, app.log, app.config.sseHeartbeatMs, (ids) => validBuyerSessionIds(app.db, ids), [chatSource('buyer')], 'chat stream');
  bus.onBuyers((ids, handoffs) => buyerHub.wake(ids, handoffs));
  bus.onResync(() => buyerHub.wakeAll());
  app.decorate('buyerChatHub', buyerHub);
  app.addHook('preClose', async () => buyerHub.closeAll());
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** POST /api/buyer/chat/ticket: a single-use ticket (60 s) for the buyer's chat stream; the buyer token never goes into a URL. */
export async function issueBuyerStreamTicket(db: DbOrTx, buyer: BuyerCaller): Promise<StreamTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + NOTIFICATIONS.TICKET_TTL_MS);
  await db.execute(
    sql`delete from buyer_stream_tickets where id in (select id from buyer_stream_tickets where expires_at < now() - interval '1 hour' order by expires_at limit 100)`,
  );
  await db.insert(buyerStreamTickets).values({ tokenHash: hashTicket(ticket), buyerId: buyer.buyerId, sessionId: buyer.sessionId, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Spends a buyer's ticket: its grant when unused, unexpired, and its session still valid (a frozen buyer's are not). */
async function redeemBuyerTicket(db: DbOrTx, ticket: string | undefined): Promise<{ buyerId: number; sessionId: number } | null> {
  if (!ticket || ticket.length > 200) return null;
  const [row] = await db
    .update(buyerStreamTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(buyerStreamTickets.tokenHash, hashTicket(ticket)),
        isNull(buyerStreamTickets.usedAt),
        gt(buyerStreamTickets.expiresAt, sql`now()`),
        sql`exists (select 1 from ${buyerSessions} join ${buyers} on ${buyers.id} = ${buyerSessions.buyerId}
          where ${buyerSessions.id} = ${buyerStreamTickets.sessionId} and ${buyerSessions.revokedAt} is null and ${buyerSessions.expiresAt} > now() and not ${buyers.frozen})`,
      ),
    )
    .returning({ buyerId: buyerStreamTickets.buyerId, sessionId: buyerStreamTickets.sessionId });
  return row ?? null;
}

/** Which of these buyer sessions are still valid (the buyers' hub asks at each heartbeat). */
async function validBuyerSessionIds(db: DbOrTx, sessionIds: number[]): Promise<Set<number>> {
  const ids = `{${sessionIds.join(',')}}`;
  const rows = await db
    .select({ id: buyerSessions.id })
    .from(buyerSessions)
    .innerJoin(buyers, eq(buyers.id, buyerSessions.buyerId))
    .where(and(sql`${buyerSessions.id} = any(${ids}::bigint[])`, isNull(buyerSessions.revokedAt), gt(buyerSessions.expiresAt, sql`now()`), eq(buyers.frozen, false)));
  return new Set(rows.map((r) => r.id));
}

/**
 * GET /api/buyer/chat/stream: the buyer's chat events (`event: chat`, arrays of items); a bad
 * ticket gets `{"code":401}` and the end. lastEventId replays what came after it.
 */
export async function connectBuyerStream(hub: StreamHub, db: Db, sse: SSEReplyInterface, raw: ServerResponse, input: { ticket: string | undefined; lastEventId: number | undefined }) {
  const grant = await redeemBuyerTicket(db, input.ticket);
  if (!grant) {
    refuseStream(sse, raw);
    return;
  }
  await holdStream(hub, sse, raw, { key: grant.buyerId, sessionId: grant.sessionId, chat: true }, input.lastEventId);
}
