import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { CHAT } from '@shopdesk/shared/constants';
import type {
  BuyerConversation,
  ChatMessage,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatReadBody,
  ChatUnread,
  OrderCard,
  SellerConversationListBody,
  SellerConversationPage,
} from '@shopdesk/shared/chat/schemas';
import type { Paged } from '@shopdesk/shared/envelope';
import { priceProduct } from '@shopdesk/shared/products/pricing';
import type { DbOrTx } from '../../db/client.ts';
import { buyers, chatBlocks, chatConversations, chatEvents, chatMessages, orders, shopProducts, shops, vouchers } from '../../db/schema.ts';
import { voucherRunning } from '../promotions/voucher-service.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/sql-text.ts';
import { lockShopStream } from '../notifications/notification-service.ts';
import { noteBuyerChat, noteNewNotification } from '../notifications/notify-scope.ts';
import { autoReplyFor } from './chat-settings-service.ts';
import { otherSide, ownConversation, type ChatParty } from './chat-party.ts';
import { toChatMessage, toOrderCard, toVoucherCard, type ConversationRow, type MessageRow } from './chat-view.ts';

/** Advisory lock class of "one buyer's chat events" (a shop's are the notifications' class). */
const BUYER_CHAT_LOCK_CLASS = 0x5d10;

/**
 * Takes, until the transaction ends, the shop's stream lock and then the buyer's (always in this
 * order, so two sends never wait on each other in a circle): chat events of a shop, and of a buyer,
 * then commit in id order, which the streams rely on; and the send limits count exactly.
 */
async function lockConversation(tx: DbOrTx, shopId: number, buyerId: number) {
  await lockShopStream(tx, shopId);
  await tx.execute(sql`select pg_advisory_xact_lock(${BUYER_CHAT_LOCK_CLASS}::int, ${buyerId}::int)`);
}

async function isBlocked(db: DbOrTx, shopId: number, buyerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatBlocks.id })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.shopId, shopId), eq(chatBlocks.buyerId, buyerId), isNull(chatBlocks.unblockedAt)))
    .limit(1);
  return Boolean(row);
}

/** Refuses a send past the caller's per-minute limit (the buyer's over all shops, the shop's over all its members), naming the wait. */
async function checkSendLimit(tx: DbOrTx, party: ChatParty, adding: number) {
  const [where, max] =
    party.side === 'buyer'
      ? [and(eq(chatMessages.buyerId, party.buyerId), eq(chatMessages.sender, 'buyer')), CHAT.BUYER_PER_MINUTE]
      : [and(eq(chatMessages.shopId, party.shopId), eq(chatMessages.sender, 'seller'), isNull(chatMessages.auto)), CHAT.SHOP_PER_MINUTE];
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      wait: sql<number>`coalesce(ceil(extract(epoch from (min(${chatMessages.createdAt}) + interval '1 minute' - now()))), 0)::int`,
    })
    .from(chatMessages)
    .where(and(where, sql`${chatMessages.createdAt} > now() - interval '1 minute'`));
  if (Number(row.n) + adding > max) throw new AppError('CHAT_RATE_LIMITED', { seconds: Math.max(1, Number(row.wait)) });
}

export interface SendInput {
  text?: string;
  productId?: number;
  orderId?: string;
  /** One of the shop's running vouchers (the seller's side only). */
  voucherId?: number;
  /** A stored picture's file name (chat-image.ts). */
  imageFile?: string;
}

type NewMessage = Omit<typeof chatMessages.$inferInsert, 'conversationId' | 'shopId' | 'buyerId'>;

/** The messages a send makes, in the order they are shown: the product card, the order card, the voucher card, the picture, the text. */
async function composeMessages(tx: DbOrTx, conversation: ConversationRow, party: ChatParty, input: SendInput): Promise<NewMessage[]> {
  const sender = party.side;
  const senderUserId = party.side === 'seller' ? party.userId : null;
  const out: NewMessage[] = [];
  if (input.productId !== undefined) {
    const [product] = await tx
      .select()
      .from(shopProducts)
      .where(and(eq(shopProducts.id, input.productId), eq(shopProducts.shopId, conversation.shopId)))
      .limit(1);
    if (!product) throw new AppError('NOT_FOUND');
    const card = { productId: product.id, name: product.name, cover: product.cover, priceCents: priceProduct(product).salePriceCents };
    out.push({ sender, senderUserId, kind: 'product', productId: product.id, card });
  }
  if (input.orderId !== undefined) {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, input.orderId), eq(orders.shopId, conversation.shopId), eq(orders.buyerId, conversation.buyerId)))
      .limit(1);
    if (!order) throw new AppError('NOT_FOUND');
    out.push({ sender, senderUserId, kind: 'order', orderId: order.id, card: toOrderCard(order) });
  }
  if (input.voucherId !== undefined) {
    // A buyer has no vouchers to hand out; a seller only the shop's own, running and not used up.
    if (party.side !== 'seller') throw new AppError('FORBIDDEN');
    const [voucher] = await tx
      .select()
      .from(vouchers)
      .where(and(eq(vouchers.id, input.voucherId), eq(vouchers.shopId, conversation.shopId)))
      .limit(1);
    if (!voucher) throw new AppError('NOT_FOUND');
    if (!voucherRunning(voucher, new Date())) throw new AppError('VOUCHER_NOT_RUNNING');
    if (voucher.usedCount >= voucher.totalQuantity) throw new AppError('VOUCHER_USED_UP');
    out.push({ sender, senderUserId, kind: 'voucher', card: toVoucherCard(voucher) });
  }
  if (input.imageFile) out.push({ sender, senderUserId, kind: 'image', imageFile: input.imageFile });
  const text = input.text?.trim() ?? '';
  if (text.length > 0) out.push({ sender, senderUserId, kind: 'text', body: text });
  return out;
}

/** Stores messages of one conversation with their stream events, moves its summary, and wakes both sides' streams after the commit. */
async function insertMessages(tx: DbOrTx, conversation: ConversationRow, messages: NewMessage[]): Promise<MessageRow[]> {
  const rows = await tx
    .insert(chatMessages)
    .values(messages.map((m) => ({ ...m, conversationId: conversation.id, shopId: conversation.shopId, buyerId: conversation.buyerId })))
    .returning();
  rows.sort((a, b) => a.id - b.id);
  await tx.insert(chatEvents).values(rows.map((m) => ({ shopId: conversation.shopId, buyerId: conversation.buyerId, conversationId: conversation.id, kind: 'message' as const, messageId: m.id })));
  noteNewNotification(conversation.shopId);
  noteBuyerChat(conversation.buyerId);
  return rows;
}

/**
 * Sends in a conversation already locked: the caller's messages, then (after a buyer's) the shop's
 * auto-reply when one is due. Sending marks the other side's earlier messages read by the sender.
 */
async function sendLocked(tx: DbOrTx, conversation: ConversationRow, party: ChatParty, input: SendInput): Promise<ChatMessage[]> {
  const messages = await composeMessages(tx, conversation, party, input);
  if (messages.length === 0) throw new AppError('CHAT_EMPTY');
  if (party.side === 'buyer' && (await isBlocked(tx, conversation.shopId, conversation.buyerId))) throw new AppError('CHAT_BLOCKED');
  await checkSendLimit(tx, party, messages.length);
  const rows = await insertMessages(tx, conversation, messages);
  const last = rows[rows.length - 1];
  let autoRows: MessageRow[] = [];
  if (party.side === 'buyer') {
    const auto = await autoReplyFor(tx, conversation, last.createdAt);
    if (auto) autoRows = await insertMessages(tx, conversation, [{ sender: 'seller', kind: 'text', auto: auto.kind, body: auto.text }]);
  }
  const newest = (autoRows.at(-1) ?? last).id;
  const at = last.createdAt;
  await tx
    .update(chatConversations)
    .set(party.side === 'buyer' ? { lastMessageId: newest, lastMessageAt: at, lastBuyerAt: at, buyerLang: party.lang } : { lastMessageId: newest, lastMessageAt: at, lastReplyAt: at })
    .where(eq(chatConversations.id, conversation.id));
  const marks = await markLocked(tx, conversation, party.side, last.id, 'read');
  return [...rows, ...autoRows].map((row) => toChatMessage(row, marks, party.side));
}

/** POST …/chat/send (and the picture send): the caller's messages in their own conversation. */
export async function sendMessage(db: DbOrTx, party: ChatParty, conversationId: number, input: SendInput): Promise<ChatMessage[]> {
  return db.transaction(async (tx) => {
    const found = await ownConversation(tx, party, conversationId);
    await lockConversation(tx, found.shopId, found.buyerId);
    // Read again under the lock: the marks and the summary may have moved meanwhile.
    const conversation = await ownConversation(tx, party, conversationId);
    return sendLocked(tx, conversation, party, input);
  });
}

/**
 * POST /api/buyer/chat/start: the buyer's conversation with a shop (made on first use, within the
 * hourly limit of new ones), with what the buyer sends from a product, shop or order page.
 */
export async function startConversation(
  db: DbOrTx,
  party: Extract<ChatParty, { side: 'buyer' }>,
  shopId: number,
  input: SendInput,
): Promise<{ conversation: BuyerConversation; sent: ChatMessage[] }> {
  return db.transaction(async (tx) => {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(and(eq(shops.id, shopId), eq(shops.approval, 'approved'))).limit(1);
    if (!shop) throw new AppError('NOT_FOUND');
    await lockConversation(tx, shopId, party.buyerId);
    let [conversation] = await tx
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.shopId, shopId), eq(chatConversations.buyerId, party.buyerId)))
      .limit(1);
    if (!conversation) {
      const [recent] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          wait: sql<number>`coalesce(ceil(extract(epoch from (min(${chatConversations.createdAt}) + interval '1 hour' - now())) / 60), 0)::int`,
        })
        .from(chatConversations)
        .where(and(eq(chatConversations.buyerId, party.buyerId), sql`${chatConversations.createdAt} > now() - interval '1 hour'`));
      if (Number(recent.n) >= CHAT.BUYER_NEW_CONVERSATIONS_PER_HOUR) throw new AppError('CHAT_NEW_CONVERSATIONS_LIMIT', { minutes: Math.max(1, Number(recent.wait)) });
      [conversation] = await tx.insert(chatConversations).values({ shopId, buyerId: party.buyerId, buyerLang: party.lang }).returning();
    }
    const nothing = input.text === undefined && input.productId === undefined && input.orderId === undefined && input.voucherId === undefined;
    const sent = nothing ? [] : await sendLocked(tx, conversation, party, input);
    const [view] = await buyerConversationViews(tx, party.buyerId, [eq(chatConversations.id, conversation.id)], 1, 0);
    return { conversation: view, sent };
  });
}

/**
 * Moves `side`'s delivered (and for `read`, read) mark up to `upToId`, never past the other side's
 * newest message and never back; a moved mark is a stream event for both sides. Answers the marks.
 */
async function markLocked(tx: DbOrTx, conversation: ConversationRow, side: 'buyer' | 'seller', upToId: number, state: 'delivered' | 'read') {
  const [newest] = await tx
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.sender, otherSide(side)), sql`${chatMessages.id} <= ${upToId}`));
  const target = Number(newest?.id ?? 0);
  const [readKey, deliveredKey] = side === 'seller' ? (['sellerReadId', 'sellerDeliveredId'] as const) : (['buyerReadId', 'buyerDeliveredId'] as const);
  const marks = {
    sellerReadId: conversation.sellerReadId,
    sellerDeliveredId: conversation.sellerDeliveredId,
    buyerReadId: conversation.buyerReadId,
    buyerDeliveredId: conversation.buyerDeliveredId,
  };
  const moved: { kind: 'delivered' | 'read'; upToId: number }[] = [];
  if (target > marks[deliveredKey]) {
    marks[deliveredKey] = target;
    moved.push({ kind: 'delivered', upToId: target });
  }
  if (state === 'read' && target > marks[readKey]) {
    marks[readKey] = target;
    moved.push({ kind: 'read', upToId: target });
  }
  if (moved.length === 0) return marks;
  await tx
    .update(chatConversations)
    .set({ [readKey]: marks[readKey], [deliveredKey]: marks[deliveredKey] })
    .where(eq(chatConversations.id, conversation.id));
  await tx
    .insert(chatEvents)
    .values(moved.map((m) => ({ shopId: conversation.shopId, buyerId: conversation.buyerId, conversationId: conversation.id, kind: m.kind, side, upToId: m.upToId })));
  noteNewNotification(conversation.shopId);
  noteBuyerChat(conversation.buyerId);
  return marks;
}

/** POST …/chat/read: the caller's side received or read the other side's messages up to an id. */
export async function markConversation(db: DbOrTx, party: ChatParty, input: ChatReadBody): Promise<{ deliveredUpToId: number; readUpToId: number }> {
  return db.transaction(async (tx) => {
    const found = await ownConversation(tx, party, input.conversationId);
    await lockConversation(tx, found.shopId, found.buyerId);
    const conversation = await ownConversation(tx, party, input.conversationId);
    const marks = await markLocked(tx, conversation, party.side, input.upToId, input.state);
    return party.side === 'seller'
      ? { deliveredUpToId: marks.sellerDeliveredId, readUpToId: marks.sellerReadId }
      : { deliveredUpToId: marks.buyerDeliveredId, readUpToId: marks.buyerReadId };
  });
}

/** GET …/chat/messages: a page of the caller's conversation, oldest first; `beforeId` pages back. */
export async function listMessages(db: DbOrTx, party: ChatParty, query: ChatMessagesQuery): Promise<ChatMessagePage> {
  const conversation = await ownConversation(db, party, query.conversationId);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), query.beforeId ? lt(chatMessages.id, query.beforeId) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  return { list: rows.slice(0, query.limit).reverse().map((row) => toChatMessage(row, conversation, party.side)), hasMore };
}

const unreadBy = (side: 'buyer' | 'seller') =>
  side === 'seller'
    ? sql`${chatMessages.sender} = 'buyer' and ${chatMessages.id} > ${chatConversations.sellerReadId}`
    : sql`${chatMessages.sender} = 'seller' and ${chatMessages.id} > ${chatConversations.buyerReadId}`;

const unreadCountOf = (side: 'buyer' | 'seller') =>
  sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id} and ${unreadBy(side)})`;

async function lastMessages(db: DbOrTx, conversations: ConversationRow[], viewer: 'buyer' | 'seller'): Promise<Map<number, ChatMessage>> {
  const ids = conversations.map((c) => c.lastMessageId).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
  const byConversation = new Map(conversations.map((c) => [c.id, c]));
  return new Map(rows.map((row) => [row.conversationId, toChatMessage(row, byConversation.get(row.conversationId)!, viewer)]));
}

/** A conversation's place in the inbox's order (newest message first): its last message's time in microseconds, then its id. */
const inboxMicros = sql`(extract(epoch from ${chatConversations.lastMessageAt}) * 1000000)::bigint`;

/** POST /api/chat/conversations: the shop's inbox, newest first, with unread counts, filters and search; a cursor continues after a page. */
export async function sellerConversations(db: DbOrTx, shopId: number, query: SellerConversationListBody): Promise<SellerConversationPage> {
  const where: SQL[] = [eq(chatConversations.shopId, shopId), sql`${chatConversations.lastMessageId} is not null`];
  if (query.filter === 'unread') where.push(sql`exists (select 1 from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id} and ${unreadBy('seller')})`);
  if (query.filter === 'needsReply')
    where.push(sql`${chatConversations.lastBuyerAt} is not null and (${chatConversations.lastReplyAt} is null or ${chatConversations.lastReplyAt} < ${chatConversations.lastBuyerAt})`);
  if (query.orderId)
    where.push(sql`${chatConversations.buyerId} = (select ${orders.buyerId} from ${orders} where ${orders.orderNo} = ${query.orderId} and ${orders.shopId} = ${shopId})`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      sql`(${buyers.nickname} ilike ${pattern} or exists (select 1 from ${orders} where ${orders.shopId} = ${shopId} and ${orders.buyerId} = ${chatConversations.buyerId} and ${orders.orderNo} ilike ${pattern}))`,
    );
  }
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .innerJoin(buyers, eq(buyers.id, chatConversations.buyerId))
    .where(and(...where));
  let offset = (query.page - 1) * query.pageSize;
  if (query.cursor) {
    const [micros, id] = query.cursor.split('.');
    where.push(sql`(${inboxMicros}, ${chatConversations.id}) < (${micros}::bigint, ${Number(id)})`);
    offset = 0;
  }
  const found = await db
    .select({
      conversation: chatConversations,
      micros: sql<string>`${inboxMicros}::text`,
      nickname: buyers.nickname,
      unread: unreadCountOf('seller'),
      blocked: sql<boolean>`exists (select 1 from ${chatBlocks} where ${chatBlocks.shopId} = ${chatConversations.shopId} and ${chatBlocks.buyerId} = ${chatConversations.buyerId} and ${chatBlocks.unblockedAt} is null)`,
    })
    .from(chatConversations)
    .innerJoin(buyers, eq(buyers.id, chatConversations.buyerId))
    .where(and(...where))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(query.pageSize + 1)
    .offset(offset);
  const rows = found.slice(0, query.pageSize);
  const end = rows.at(-1);
  const nextCursor = found.length > query.pageSize && end ? `${end.micros}.${end.conversation.id}` : null;
  const last = await lastMessages(db, rows.map((r) => r.conversation), 'seller');
  return {
    list: rows.map(({ conversation: c, nickname, unread, blocked }) => ({
      id: c.id,
      buyer: { id: c.buyerId, nickname, language: c.buyerLang },
      lastMessage: last.get(c.id) ?? null,
      lastMessageAt: c.lastMessageAt.toISOString(),
      unread: Number(unread),
      needsReply: c.lastBuyerAt !== null && (c.lastReplyAt === null || c.lastReplyAt < c.lastBuyerAt),
      blocked: Boolean(blocked),
    })),
    total: Number(total.n),
    page: query.page,
    pageSize: query.pageSize,
    nextCursor,
  };
}

async function buyerConversationViews(db: DbOrTx, buyerId: number, extra: SQL[], limit: number, offset: number): Promise<BuyerConversation[]> {
  const rows = await db
    .select({ conversation: chatConversations, shopName: shops.name, logo: shops.logo, unread: unreadCountOf('buyer') })
    .from(chatConversations)
    .innerJoin(shops, eq(shops.id, chatConversations.shopId))
    .where(and(eq(chatConversations.buyerId, buyerId), ...extra))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit)
    .offset(offset);
  const last = await lastMessages(db, rows.map((r) => r.conversation), 'buyer');
  return rows.map(({ conversation: c, shopName, logo, unread }) => ({
    id: c.id,
    shop: { id: c.shopId, name: shopName, logo },
    lastMessage: last.get(c.id) ?? null,
    lastMessageAt: c.lastMessageAt.toISOString(),
    unread: Number(unread),
  }));
}

/** POST /api/buyer/chat/conversations: the buyer's conversations with messages, newest first. */
export async function buyerConversations(db: DbOrTx, buyerId: number, query: { page: number; pageSize: number }): Promise<Paged<BuyerConversation>> {
  const started = sql`${chatConversations.lastMessageId} is not null`;
  const list = await buyerConversationViews(db, buyerId, [started], query.pageSize, (query.page - 1) * query.pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(and(eq(chatConversations.buyerId, buyerId), started));
  return { list, total: Number(total.n), page: query.page, pageSize: query.pageSize };
}

/** GET …/chat/unread: the caller's unread messages and the conversations holding them. */
export async function unreadChat(db: DbOrTx, party: ChatParty): Promise<ChatUnread> {
  const owner = party.side === 'seller' ? eq(chatConversations.shopId, party.shopId) : eq(chatConversations.buyerId, party.buyerId);
  const [row] = await db
    .select({ messages: sql<number>`count(*)::int`, conversations: sql<number>`count(distinct ${chatMessages.conversationId})::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(owner, unreadBy(party.side)));
  return { messages: Number(row.messages), conversations: Number(row.conversations) };
}

/** GET /api/chat/buyerOrders: the conversation's buyer's newest orders with this shop. */
export async function conversationBuyerOrders(db: DbOrTx, shopId: number, conversationId: number): Promise<OrderCard[]> {
  const conversation = await ownConversation(db, { side: 'seller', shopId, userId: 0 }, conversationId);
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.buyerId, conversation.buyerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(CHAT.BUYER_ORDERS_MAX);
  return rows.map(toOrderCard);
}

/** The stream's read of chat events after an id for a shop or a buyer, oldest first, as `viewer` sees them. */
export async function chatEventsAfter(db: DbOrTx, viewer: 'buyer' | 'seller', key: number, afterId: number, limit: number) {
  const owner = viewer === 'seller' ? eq(chatEvents.shopId, key) : eq(chatEvents.buyerId, key);
  const rows = await db
    .select({ event: chatEvents, message: chatMessages, conversation: chatConversations })
    .from(chatEvents)
    .innerJoin(chatConversations, eq(chatConversations.id, chatEvents.conversationId))
    .leftJoin(chatMessages, eq(chatMessages.id, chatEvents.messageId))
    .where(and(owner, gt(chatEvents.id, afterId)))
    .orderBy(asc(chatEvents.id))
    .limit(limit);
  return rows.map(({ event, message, conversation }) =>
    event.kind === 'message' && message
      ? { type: 'message' as const, id: event.id, conversationId: event.conversationId, message: toChatMessage(message, conversation, viewer) }
      : { type: event.kind as 'delivered' | 'read', id: event.id, conversationId: event.conversationId, side: event.side ?? 'buyer', upToId: Number(event.upToId ?? 0) },
  );
}

/** The largest chat event id of a shop or a buyer (0 when none). */
export async function latestChatEventId(db: DbOrTx, viewer: 'buyer' | 'seller', key: number): Promise<number> {
  const owner = viewer === 'seller' ? eq(chatEvents.shopId, key) : eq(chatEvents.buyerId, key);
  const [row] = await db.select({ id: sql<number | null>`max(${chatEvents.id})` }).from(chatEvents).where(owner);
  return Number(row?.id ?? 0);
}
