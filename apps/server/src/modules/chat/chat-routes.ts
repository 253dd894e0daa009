import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatBlockAnswer,
  chatBlockBody,
  chatBuyerOrdersAnswer,
  chatMessagePageAnswer,
  chatMessagesQuery,
  chatReadAnswer,
  chatReadBody,
  chatSendBody,
  chatSentAnswer,
  chatSettings,
  chatSettingsAnswer,
  chatUnreadAnswer,
  conversationBody,
  opsChatBlocksAnswer,
  opsChatBlocksQuery,
  conversationQuery,
  quickReplyAnswer,
  quickReplyCreateBody,
  quickReplyIdBody,
  quickReplyListAnswer,
  quickReplyUpdateBody,
  responseRateAnswer,
  sellerConversationListBody,
  sellerConversationPageAnswer,
} from '@shopdesk/shared/chat/schemas';
import { binaryAnswer, emptyAnswer } from '@shopdesk/shared/envelope';
import { callerShopId } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { PICTURE_TYPES } from '../../lib/picture-files.ts';
import type { ChatParty } from './chat-party.ts';
import { ownChatImage, sendChatImage, sendPictureMessage } from './chat-image.ts';
import { conversationBuyerOrders, listMessages, markConversation, sellerConversations, sendMessage, unreadChat } from './chat-service.ts';
import {
  blockBuyer,
  createQuickReply,
  deleteQuickReply,
  getChatSettings,
  listQuickReplies,
  saveChatSettings,
  shopChatBlocks,
  unblockBuyer,
  updateQuickReply,
} from './chat-settings-service.ts';
import { opsAccess } from '../ops/ops-access.ts';
import { responseRate } from './response-rate.ts';

const tags = ['chat'];
const view = { permission: 'chat:view' as const };
const edit = { permission: 'chat:edit' as const };

/** The calling member's shop as a chat party. */
const seller = (request: FastifyRequest): Extract<ChatParty, { side: 'seller' }> => ({ side: 'seller', shopId: callerShopId(request), userId: request.caller!.userId });

/** The seller's side of chat with buyers (docs/decisions.md, "Chat"): the inbox, messages, quick replies, auto-replies, blocks, response rate. */
export async function chatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/chat/conversations',
    { config: view, schema: { tags, summary: 'The inbox, newest first: unread counts; filters unread / needs reply / by order; search by buyer or order number', body: sellerConversationListBody, response: { 200: sellerConversationPageAnswer } } },
    async (request) => ok(request, await sellerConversations(app.db, callerShopId(request), request.body)),
  );

  r.get(
    '/api/chat/messages',
    { config: view, schema: { tags, summary: "A page of a conversation's messages, oldest first (beforeId pages back)", querystring: chatMessagesQuery, response: { 200: chatMessagePageAnswer } } },
    async (request) => ok(request, await listMessages(app.db, seller(request), request.query)),
  );

  r.post(
    '/api/chat/send',
    { config: edit, schema: { tags, summary: 'Send text, a product card and/or an order card in a conversation (each its own message)', body: chatSendBody, response: { 200: chatSentAnswer } } },
    async (request) => {
      const { conversationId, ...input } = request.body;
      return ok(request, await sendMessage(app.db, seller(request), conversationId, input));
    },
  );

  r.post(
    '/api/chat/sendImage',
    { config: { ...edit, upload: true }, schema: { tags, summary: 'Send a picture (multipart: conversationId, image; PNG, JPEG, GIF or WebP by its bytes, at most 5 MB)', consumes: ['multipart/form-data'], response: { 200: chatSentAnswer } } },
    async (request) => ok(request, await sendPictureMessage(request, app.db, app.config.uploadsDir, seller(request))),
  );

  r.get(
    '/api/chat/images/:id',
    { config: view, schema: { tags, summary: "A chat message's picture (the shop's own conversations only)", params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: binaryAnswer(Object.values(PICTURE_TYPES).map((t) => t.mime), 'The picture') } } },
    async (request, reply) => sendChatImage(reply, app.config.uploadsDir, await ownChatImage(app.db, seller(request), request.params.id)),
  );

  r.post(
    '/api/chat/read',
    { config: view, schema: { tags, summary: "The shop has received or read the buyer's messages up to an id", body: chatReadBody, response: { 200: chatReadAnswer } } },
    async (request) => ok(request, await markConversation(app.db, seller(request), request.body)),
  );

  r.get(
    '/api/chat/unread',
    { config: view, schema: { tags, summary: "The shop's unread buyer messages and the conversations holding them", response: { 200: chatUnreadAnswer } } },
    async (request) => ok(request, await unreadChat(app.db, seller(request))),
  );

  r.get(
    '/api/chat/buyerOrders',
    { config: view, schema: { tags, summary: "The conversation's buyer's newest orders with this shop", querystring: conversationQuery, response: { 200: chatBuyerOrdersAnswer } } },
    async (request) => ok(request, await conversationBuyerOrders(app.db, callerShopId(request), request.query.conversationId)),
  );

  r.get(
    '/api/chat/quickReplies',
    { config: view, schema: { tags, summary: "The shop's quick replies", response: { 200: quickReplyListAnswer } } },
    async (request) => ok(request, await listQuickReplies(app.db, callerShopId(request))),
  );
  r.post(
    '/api/chat/quickReplies/create',
    { config: edit, schema: { tags, summary: 'Save a quick reply (at most 50 per shop)', body: quickReplyCreateBody, response: { 200: quickReplyAnswer } } },
    async (request) => ok(request, await createQuickReply(app.db, callerShopId(request), request.body.text)),
  );
  r.post(
    '/api/chat/quickReplies/update',
    { config: edit, schema: { tags, summary: 'Change a quick reply', body: quickReplyUpdateBody, response: { 200: quickReplyAnswer } } },
    async (request) => ok(request, await updateQuickReply(app.db, callerShopId(request), request.body.id, request.body.text)),
  );
  r.post(
    '/api/chat/quickReplies/delete',
    { config: edit, schema: { tags, summary: 'Delete a quick reply', body: quickReplyIdBody, response: { 200: emptyAnswer } } },
    async (request) => ok(request, await deleteQuickReply(app.db, callerShopId(request), request.body.id)),
  );

  r.get(
    '/api/chat/settings',
    { config: view, schema: { tags, summary: "The shop's auto-replies (greeting once per buyer a day; off-hours answer with opening hours and time zone)", response: { 200: chatSettingsAnswer } } },
    async (request) => ok(request, await getChatSettings(app.db, callerShopId(request))),
  );
  r.post(
    '/api/chat/settings',
    { config: edit, schema: { tags, summary: "Save the shop's auto-replies", body: chatSettings, response: { 200: chatSettingsAnswer } } },
    async (request) => ok(request, await saveChatSettings(app.db, callerShopId(request), request.body)),
  );

  r.post(
    '/api/chat/block',
    { config: edit, schema: { tags, summary: "Block the conversation's buyer from writing to the shop (operators see blocks)", body: chatBlockBody, response: { 200: chatBlockAnswer } } },
    async (request) => ok(request, await blockBuyer(app.db, seller(request), request.body.conversationId, request.body.reason)),
  );
  r.post(
    '/api/chat/unblock',
    { config: edit, schema: { tags, summary: "Let the conversation's buyer write again", body: conversationBody, response: { 200: chatBlockAnswer } } },
    async (request) => ok(request, await unblockBuyer(app.db, seller(request), request.body.conversationId)),
  );

  r.get(
    '/api/chat/responseRate',
    { config: view, schema: { tags, summary: 'Questions answered by a person within 12 h over 30 days, the median first-reply time and the missed conversations', response: { 200: responseRateAnswer } } },
    async (request) => ok(request, await responseRate(app.db, callerShopId(request))),
  );

  // The operators' view of a shop's chat blocks (support and finance, like the shop's orders).
  r.get(
    '/api/ops/shops/:id/chatBlocks',
    { config: opsAccess('support', 'finance'), schema: { tags: ['ops'], summary: "A shop's blocks of mall buyers from its chat, newest first, lifted ones too", params: z.object({ id: z.coerce.number().int().positive() }), querystring: opsChatBlocksQuery, response: { 200: opsChatBlocksAnswer } } },
    async (request) => ok(request, await shopChatBlocks(app.db, request.params.id, request.query)),
  );
}
