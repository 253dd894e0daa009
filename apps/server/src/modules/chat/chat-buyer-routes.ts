import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifySSE } from '@fastify/sse';
import { z } from 'zod';
import {
  buyerConversationListBody,
  buyerConversationPageAnswer,
  chatMessagePageAnswer,
  chatMessagesQuery,
  chatReadAnswer,
  chatReadBody,
  chatSendBody,
  chatSentAnswer,
  chatStartAnswer,
  chatStartBody,
  chatUnreadAnswer,
} from '@shopdesk/shared/chat/schemas';
import { binaryAnswer } from '@shopdesk/shared/envelope';
import { streamConnectQuery, streamTicketAnswer } from '@shopdesk/shared/notifications/schemas';
import { ok } from '../../lib/envelope.ts';
import { PICTURE_TYPES } from '../../lib/picture-files.ts';
import { parseLastEventId } from '../notifications/stream-service.ts';
import { buyerRoute } from '../storefront/buyer-auth.ts';
import type { ChatParty } from './chat-party.ts';
import { ownChatImage, sendChatImage, sendPictureMessage } from './chat-image.ts';
import { buyerConversations, listMessages, markConversation, sendMessage, startConversation, unreadChat } from './chat-service.ts';
import { connectBuyerStream, issueBuyerStreamTicket } from './chat-stream.ts';

const tags = ['buyer chat'];

const buyer = (request: FastifyRequest): Extract<ChatParty, { side: 'buyer' }> => ({ side: 'buyer', buyerId: request.buyer!.buyerId, lang: request.lang });

/** The mall buyer's side of chat (docs/decisions.md, "Chat"): conversations with shops, messages, and a live stream of their own. */
export async function chatBuyerRoutes(app: FastifyInstance) {
  // Heartbeats are the hub's, as on the sellers' stream.
  await app.register(fastifySSE, { heartbeatInterval: 0 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  if (!app.hasRequestDecorator('buyer')) app.decorateRequest('buyer', null);
  const buyerOnly = buyerRoute(app.db, app.buyerSessionCache);

  r.post(
    '/api/buyer/chat/start',
    { ...buyerOnly, schema: { tags, summary: 'Open or continue the conversation with a shop, optionally sending text and a product or order card', body: chatStartBody, response: { 200: chatStartAnswer } } },
    async (request) => {
      const { shopId, ...input } = request.body;
      return ok(request, await startConversation(app.db, buyer(request), shopId, input));
    },
  );

  r.post(
    '/api/buyer/chat/conversations',
    { ...buyerOnly, schema: { tags, summary: "The buyer's conversations, newest first, with unread counts", body: buyerConversationListBody, response: { 200: buyerConversationPageAnswer } } },
    async (request) => ok(request, await buyerConversations(app.db, buyer(request).buyerId, request.body)),
  );

  r.get(
    '/api/buyer/chat/messages',
    { ...buyerOnly, schema: { tags, summary: "A page of one of the buyer's conversations, oldest first", querystring: chatMessagesQuery, response: { 200: chatMessagePageAnswer } } },
    async (request) => ok(request, await listMessages(app.db, buyer(request), request.query)),
  );

  r.post(
    '/api/buyer/chat/send',
    { ...buyerOnly, schema: { tags, summary: 'Send text, a product card and/or an order card', body: chatSendBody, response: { 200: chatSentAnswer } } },
    async (request) => {
      const { conversationId, ...input } = request.body;
      return ok(request, await sendMessage(app.db, buyer(request), conversationId, input));
    },
  );

  r.post(
    '/api/buyer/chat/sendImage',
    {
      ...buyerOnly,
      config: { ...buyerOnly.config, upload: true },
      schema: { tags, summary: 'Send a picture (multipart: conversationId, image; PNG, JPEG, GIF or WebP by its bytes, at most 5 MB)', consumes: ['multipart/form-data'], response: { 200: chatSentAnswer } },
    },
    async (request) => ok(request, await sendPictureMessage(request, app.db, app.config.uploadsDir, buyer(request))),
  );

  r.get(
    '/api/buyer/chat/images/:id',
    { ...buyerOnly, schema: { tags, summary: "A picture of one of the buyer's conversations", params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: binaryAnswer(Object.values(PICTURE_TYPES).map((t) => t.mime), 'The picture') } } },
    async (request, reply) => sendChatImage(reply, app.config.uploadsDir, await ownChatImage(app.db, buyer(request), request.params.id)),
  );

  r.post(
    '/api/buyer/chat/read',
    { ...buyerOnly, schema: { tags, summary: "The buyer has received or read the shop's messages up to an id", body: chatReadBody, response: { 200: chatReadAnswer } } },
    async (request) => ok(request, await markConversation(app.db, buyer(request), request.body)),
  );

  r.get(
    '/api/buyer/chat/unread',
    { ...buyerOnly, schema: { tags, summary: "The buyer's unread messages and the conversations holding them", response: { 200: chatUnreadAnswer } } },
    async (request) => ok(request, await unreadChat(app.db, buyer(request))),
  );

  r.post(
    '/api/buyer/chat/ticket',
    { ...buyerOnly, schema: { tags, summary: "A single-use ticket (60 s) for opening the buyer's chat stream", response: { 200: streamTicketAnswer } } },
    async (request) => ok(request, await issueBuyerStreamTicket(app.db, request.buyer!)),
  );

  r.get(
    '/api/buyer/chat/stream',
    {
      sse: { kind: 'only', heartbeat: false },
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The buyer\'s chat stream (server-sent events, `event: chat`): arrays of chat items; {"code":401} when the ticket is refused',
        description: 'Redeems `ticket`; `lastEventId` (or the Last-Event-ID header) replays the chat events after it. Heartbeat `: hb`.',
        querystring: streamConnectQuery,
        response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      await connectBuyerStream(app.buyerChatHub, app.db, reply.sse, reply.raw, {
        ticket: request.query.ticket,
        lastEventId: request.query.lastEventId ?? parseLastEventId(request.headers['last-event-id']),
      });
    },
  );
}
