import { z } from 'zod';
import { CHAT } from '../constants.ts';
import { VOUCHER_KINDS, VOUCHER_SCOPES, VOUCHER_VISIBILITIES } from '../marketing/vouchers.ts';
import { envelope, paged } from '../envelope.ts';
import { withinGraphemes } from '../text-length.ts';
import { pageFields, VM } from '../validation.ts';

/** Request and response schemas of buyer–seller chat (docs/decisions.md, "Chat"). */

export const CHAT_SIDES = ['buyer', 'seller'] as const;
export type ChatSide = (typeof CHAT_SIDES)[number];
export const CHAT_MESSAGE_KINDS = ['text', 'image', 'product', 'order', 'voucher'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
/** Why a seller's message was sent by the shop itself: the once-a-day greeting or the off-hours answer. */
export const CHAT_AUTO_KINDS = ['greeting', 'off_hours'] as const;
export type ChatAutoKind = (typeof CHAT_AUTO_KINDS)[number];
/** A message as its sender sees it: stored, received by the other side's device, read there. */
export const CHAT_STATES = ['sent', 'delivered', 'read'] as const;
export type ChatState = (typeof CHAT_STATES)[number];

const id = z.number().int();
const positiveId = z.coerce.number().int().positive();
const chatText = z.string().refine(withinGraphemes(CHAT.TEXT_MAX), VM.text);
const orderNo = z.string().trim().min(1).max(40);

export const productCard = z.object({ productId: id, name: z.string(), cover: z.string(), priceCents: z.number().int() });
export type ProductCard = z.infer<typeof productCard>;
export const orderCard = z.object({
  orderId: z.string(),
  productName: z.string(),
  productImage: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  paymentStatus: z.string(),
  purchaseStatus: z.string(),
  shippingStatus: z.string(),
  refundStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderCard = z.infer<typeof orderCard>;
/**
 * One of the shop's vouchers as the seller sent it (its terms then): a public one the buyer claims
 * by its id, a code one whose code the buyer copies and types at checkout.
 */
export const voucherCard = z.object({
  voucherId: id,
  name: z.string(),
  visibility: z.enum(VOUCHER_VISIBILITIES),
  code: z.string().nullable(),
  scope: z.enum(VOUCHER_SCOPES),
  kind: z.enum(VOUCHER_KINDS),
  amountOffCents: z.number().int().nullable(),
  percentOff: z.number().int().nullable(),
  maxDiscountCents: z.number().int().nullable(),
  minSpendCents: z.number().int(),
  endsAt: z.string(),
});
export type VoucherCard = z.infer<typeof voucherCard>;

/** One message. `text` is plain text, never markup; `imageUrl` is fetched with the caller's token. */
export const chatMessage = z.object({
  id,
  conversationId: id,
  sender: z.enum(CHAT_SIDES),
  auto: z.enum(CHAT_AUTO_KINDS).nullable(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  text: z.string(),
  imageUrl: z.string().nullable(),
  product: productCard.nullable(),
  order: orderCard.nullable(),
  voucher: voucherCard.nullable(),
  state: z.enum(CHAT_STATES),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation in the seller's inbox. `language` is the buyer's, from their last message. */
export const sellerConversation = z.object({
  id,
  buyer: z.object({ id, nickname: z.string(), language: z.string() }),
  lastMessage: chatMessage.nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
  /** The buyer's last message has no answer by a person yet (auto-replies do not answer). */
  needsReply: z.boolean(),
  blocked: z.boolean(),
});
export type SellerConversation = z.infer<typeof sellerConversation>;

/** A conversation in the buyer's list. */
export const buyerConversation = z.object({
  id,
  shop: z.object({ id, name: z.string(), logo: z.string() }),
  lastMessage: chatMessage.nullable(),
  lastMessageAt: z.string(),
  unread: z.number().int(),
});
export type BuyerConversation = z.infer<typeof buyerConversation>;

/**
 * POST /api/chat/conversations: the inbox, newest first. `orderId` keeps the conversation of that
 * order's buyer; `q` finds a buyer's name or one of their order numbers. `cursor` (a previous
 * answer's `nextCursor`) continues after that answer's last conversation however the list moved
 * meanwhile, in place of `page`.
 */
export const sellerConversationListBody = z.object({
  ...pageFields,
  filter: z.enum(['all', 'unread', 'needsReply']).default('all'),
  orderId: orderNo.optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().regex(/^\d{1,20}\.\d{1,15}$/, 'validation.invalid').optional(),
});
export type SellerConversationListBody = z.infer<typeof sellerConversationListBody>;
/** `nextCursor` continues the list after its last conversation; null at its end. */
export const sellerConversationPage = paged(sellerConversation).extend({ nextCursor: z.string().nullable() });
export type SellerConversationPage = z.infer<typeof sellerConversationPage>;
export const sellerConversationPageAnswer = envelope(sellerConversationPage);

/** POST /api/buyer/chat/conversations */
export const buyerConversationListBody = z.object({ ...pageFields });
export const buyerConversationPageAnswer = envelope(paged(buyerConversation));

/** GET …/chat/messages: one page, oldest first; `beforeId` pages back. */
export const chatMessagesQuery = z.object({
  conversationId: positiveId,
  beforeId: positiveId.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT.MESSAGES_PAGE_MAX).default(CHAT.MESSAGES_PAGE_DEFAULT),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;
export const chatMessagePage = z.object({ list: z.array(chatMessage), hasMore: z.boolean() });
export type ChatMessagePage = z.infer<typeof chatMessagePage>;
export const chatMessagePageAnswer = envelope(chatMessagePage);

/** POST …/chat/send: text, a product card, an order card, and (the seller's side only) a voucher card; each its own message. */
export const chatSendBody = z.object({
  conversationId: positiveId,
  text: chatText.optional(),
  productId: positiveId.optional(),
  orderId: orderNo.optional(),
  voucherId: positiveId.optional(),
});
export type ChatSendBody = z.infer<typeof chatSendBody>;
export const chatSentAnswer = envelope(z.array(chatMessage));

/** POST /api/buyer/chat/start: opens (or continues) the buyer's conversation with a shop, from a product, a shop or an order page. */
export const chatStartBody = z.object({
  shopId: positiveId,
  text: chatText.optional(),
  productId: positiveId.optional(),
  orderId: orderNo.optional(),
});
export type ChatStartBody = z.infer<typeof chatStartBody>;
export const chatStartAnswer = envelope(z.object({ conversation: buyerConversation, sent: z.array(chatMessage) }));

/** POST …/chat/read: the caller's side has received (`delivered`) or read the other side's messages up to `upToId`. */
export const chatReadBody = z.object({ conversationId: positiveId, upToId: positiveId, state: z.enum(['delivered', 'read']).default('read') });
export type ChatReadBody = z.infer<typeof chatReadBody>;
export const chatReadAnswer = envelope(z.object({ deliveredUpToId: id, readUpToId: id }));

/** GET …/chat/unread: messages not yet read by the caller's side, and the conversations holding them. */
export const chatUnread = z.object({ messages: z.number().int(), conversations: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnread>;
export const chatUnreadAnswer = envelope(chatUnread);

export const conversationQuery = z.object({ conversationId: positiveId });
export const conversationBody = z.object({ conversationId: positiveId });
export const chatBuyerOrdersAnswer = envelope(z.array(orderCard));

/** Quick replies: the seller's own saved texts. */
export const quickReply = z.object({ id, text: z.string(), updatedAt: z.string() });
export type QuickReply = z.infer<typeof quickReply>;
const quickReplyText = z.string().trim().min(1, VM.required).refine(withinGraphemes(CHAT.QUICK_REPLY_MAX), VM.text);
export const quickReplyCreateBody = z.object({ text: quickReplyText });
export const quickReplyUpdateBody = z.object({ id: positiveId, text: quickReplyText });
export const quickReplyIdBody = z.object({ id: positiveId });
export const quickReplyAnswer = envelope(quickReply);
export const quickReplyListAnswer = envelope(z.array(quickReply));

/** Whether `zone` is a time zone this runtime knows (IANA names such as Asia/Bangkok). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const autoText = z.string().trim().refine(withinGraphemes(CHAT.AUTO_REPLY_MAX), VM.text);
/**
 * The shop's auto-replies: a greeting (once per buyer a day) and an off-hours answer outside the
 * opening hours — days 1 (Monday) to 7, minutes after midnight in the shop's time zone; a close
 * before the open runs past midnight.
 */
export const chatSettings = z
  .object({
    greeting: z.object({ enabled: z.boolean(), text: autoText }),
    offHours: z.object({
      enabled: z.boolean(),
      text: autoText,
      timeZone: z.string().max(64).refine(isTimeZone, 'validation.timeZone'),
      days: z.array(z.number().int().min(1).max(7)).max(7),
      openMinute: z.number().int().min(0).max(1439),
      closeMinute: z.number().int().min(1).max(1440),
    }),
  })
  .refine((s) => !s.greeting.enabled || s.greeting.text.length > 0, { message: VM.required, path: ['greeting', 'text'] })
  .refine((s) => !s.offHours.enabled || s.offHours.text.length > 0, { message: VM.required, path: ['offHours', 'text'] });
export type ChatSettings = z.infer<typeof chatSettings>;
export const chatSettingsAnswer = envelope(chatSettings);

/** POST /api/chat/block and /api/chat/unblock */
export const chatBlockBody = z.object({ conversationId: positiveId, reason: z.string().trim().refine(withinGraphemes(CHAT.BLOCK_REASON_MAX), VM.text).default('') });
export const chatBlockAnswer = envelope(z.object({ blocked: z.boolean() }));

/** GET /api/chat/responseRate: questions asked in the last 30 days and how a person answered them. */
export const responseRate = z.object({
  days: z.number().int(),
  hours: z.number().int(),
  /** Questions whose 12 hours are over or that were answered. */
  questions: z.number().int(),
  /** Answered by a person within 12 hours. */
  answered: z.number().int(),
  /** answered / questions in basis points; null without questions. */
  rateBp: z.number().int().nullable(),
  /** The median time to a person's first answer, over the answered-at-all questions; null without one. */
  medianFirstReplySeconds: z.number().int().nullable(),
  /** Questions still inside their 12 hours without an answer (not counted yet). */
  pending: z.number().int(),
  missed: z.array(
    z.object({
      conversationId: id,
      buyer: z.object({ id, nickname: z.string() }),
      askedAt: z.string(),
      repliedAt: z.string().nullable(),
    }),
  ),
});
export type ResponseRate = z.infer<typeof responseRate>;
export const responseRateAnswer = envelope(responseRate);

/**
 * The stream's chat events (`event: chat`, beside the notification arrays, which old clients read
 * alone): each an array of these, in the order they happened. `id` is the stream's event id.
 */
export type ChatStreamItem =
  | { type: 'message'; id: number; conversationId: number; message: ChatMessage }
  | { type: 'delivered' | 'read'; id: number; conversationId: number; side: ChatSide; upToId: number };

/** GET /api/ops/shops/{id}/chatBlocks: a shop's blocks of buyers, newest first, lifted ones too. */
export const opsChatBlocksQuery = z.object({ ...pageFields });
export const opsChatBlockRow = z.object({
  id,
  buyer: z.object({ id, nickname: z.string() }),
  reason: z.string(),
  blockedBy: z.string().nullable(),
  createdAt: z.string(),
  unblockedAt: z.string().nullable(),
});
export type OpsChatBlockRow = z.infer<typeof opsChatBlockRow>;
export const opsChatBlocksAnswer = envelope(paged(opsChatBlockRow));
