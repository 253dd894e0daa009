import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifySSE } from '@fastify/sse';
import { z } from 'zod';
import { binaryAnswer } from '@shopdesk/shared/envelope';
import {
  markReadAnswer,
  markReadBody,
  notificationListQuery,
  notificationPageAnswer,
  streamConnectParams,
  streamConnectQuery,
  streamTicketAnswer,
  unreadNotificationsAnswer,
} from '@shopdesk/shared/notifications/schemas';
import { callerShopId } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { listNotifications, markAllRead, markRead, unreadSummary } from './notification-service.ts';
import { connectStream, issueStreamTicket, parseLastEventId } from './stream-service.ts';
import { voiceFile } from './voice-sound.ts';

const tags = ['notifications'];

/** The notification routes (SPEC §4, §7; docs/decisions.md, "Notifications"). */
export async function notificationRoutes(app: FastifyInstance) {
  // Heartbeats are the hub's (one timer for all streams, `: hb`), not one timer per stream.
  await app.register(fastifySSE, { heartbeatInterval: 0 });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/sse/ticket',
    { config: { permission: 'member' }, schema: { tags, summary: 'A single-use ticket (60 s) for opening the notification stream', response: { 200: streamTicketAnswer } } },
    async (request) => ok(request, await issueStreamTicket(app.db, request.caller!)),
  );

  r.get(
    '/api/sse/connect/:userId',
    {
      sse: { kind: 'only', heartbeat: false },
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The notification stream (server-sent events): arrays of messages; {"code":401} when the ticket is refused',
        description: 'Redeems `ticket`; `lastEventId` (or the Last-Event-ID header) replays the unread messages after it, and the chat events after it unless `first=1` (a page\'s first connection: chat starts at its newest event). Heartbeat `: hb`.',
        params: streamConnectParams,
        querystring: streamConnectQuery,
        response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      await connectStream(app.notifications.hub, app.db, reply.sse, reply.raw, {
        userId: request.params.userId,
        ticket: request.query.ticket,
        lastEventId: request.query.lastEventId ?? parseLastEventId(request.headers['last-event-id']),
        first: request.query.first === '1' && request.query.lastEventId !== undefined,
      });
    },
  );

  r.post(
    '/api/sse/updateMsg',
    { config: { permission: 'member' }, schema: { tags, summary: "Mark messages read (other shops' ids are ignored)", body: markReadBody, response: { 200: markReadAnswer } } },
    async (request) => ok(request, await markRead(app.db, callerShopId(request), request.body.ids)),
  );

  r.get(
    '/api/notifications/unread',
    { config: { permission: 'member' }, schema: { tags, summary: 'Unread messages (newest 50) and the true unread count', response: { 200: unreadNotificationsAnswer } } },
    async (request) => ok(request, await unreadSummary(app.db, callerShopId(request))),
  );

  r.get(
    '/api/notifications/list',
    { config: { permission: 'member' }, schema: { tags, summary: 'Notifications page by page, newest first (all or unread)', querystring: notificationListQuery, response: { 200: notificationPageAnswer } } },
    async (request) => ok(request, await listNotifications(app.db, callerShopId(request), request.query)),
  );

  r.post(
    '/api/notifications/readAll',
    { config: { permission: 'member' }, schema: { tags, summary: 'Mark every message of the shop read', response: { 200: markReadAnswer } } },
    async (request) => ok(request, await markAllRead(app.db, callerShopId(request))),
  );

  // Untyped: the body is a Buffer, which Fastify sends as is.
  app.get(
    '/voice',
    { config: { access: 'public' }, schema: { tags, summary: 'The new-notification sound (WAV)', response: { 200: binaryAnswer(['audio/wav'], 'A short chime') } } },
    async (_request, reply) => reply.type('audio/wav').header('cache-control', 'public, max-age=86400').send(voiceFile()),
  );
}
