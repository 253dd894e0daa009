import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { CHAT } from '@shopdesk/shared/constants';
import type {
  BuyerConversation,
  ChatAutoKind,
  ChatSide,
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
import { buyers, chatBlocks, chatConversations, chatEvents, chatMessages, chatSettings, orders, shopProducts, shops, vouchers } from '../../db/schema.ts';
import { voucherRunning } from '../promotions/voucher-service.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowFromJson } from '../../lib/json-rows.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { containsPattern, rowsOf } from '../../lib/sql-text.ts';
import { SHOP_NOTIFY_LOCK_CLASS } from '../notifications/notification-service.ts';
import { noteBuyerChat, noteHandoff, noteNewNotification } from '../notifications/notify-scope.ts';
import type { StreamItem } from '../notifications/stream-hub.ts';
import { autoReplyDue, type SettingsRow } from './chat-settings-service.ts';
import { otherSide, ownConversation, type ChatParty } from './chat-party.ts';
import { toChatMessage, toOrderCard, toVoucherCard, type ConversationRow, type Marks } from './chat-view.ts';

/** Advisory lock class of "one buyer's chat events" (a shop's are the notifications' class). */
const BUYER_CHAT_LOCK_CLASS = 0x5d10;

/**
 * Takes, until the transaction ends, the shop's stream lock and then the buyer's (always in this
 * order, so two sends never wait on each other in a circle): chat events of a shop, and of a buyer,
 * then commit in id order, which the streams rely on; and the send limits count exactly.
 */
async function lockConversation(tx: DbOrTx, shopId: number, buyerId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SHOP_NOTIFY_LOCK_CLASS}::int, ${shopId}::int), pg_advisory_xact_lock(${BUYER_CHAT_LOCK_CLASS}::int, ${buyerId}::int)`,
  );
}

interface ConversationKeys {
  shopId: number;
  buyerId: number;
}

/**
 * A conversation's shop and buyer never change, so a read mark takes its locks from this
 * per-database cache before it reads anything (one round trip less); the row itself is always read
 * under the locks. A send needs neither: its read takes the locks (`chat_send_state`).
 */
const keysByDb = new WeakMap<object, Map<number, ConversationKeys>>();
const KEYS_CACHED_MAX = 50_000;

/** The caller's own conversation's shop and buyer, else NOT_FOUND (another's answers as one that does not exist). */
async function conversationKeys(db: DbOrTx, party: ChatParty, conversationId: number): Promise<ConversationKeys> {
  let cache = keysByDb.get(db);
  if (!cache) keysByDb.set(db, (cache = new Map()));
  let keys = cache.get(conversationId);
  if (!keys) {
    const [row] = await db
      .select({ shopId: chatConversations.shopId, buyerId: chatConversations.buyerId })
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    if (cache.size >= KEYS_CACHED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(conversationId, (keys = row));
  }
  const own = party.side === 'seller' ? keys.shopId === party.shopId : keys.buyerId === party.buyerId;
  if (!own) throw new AppError('NOT_FOUND');
  return keys;
}

/** Everything a send decides from, read under the conversation's locks. */
interface SendState {
  conversation: ConversationRow;
  settings: SettingsRow | null;
  blocked: boolean;
  /** The caller's sends within the last minute (the buyer's over all shops, the shop's people's over all its buyers), and the seconds until the oldest leaves the minute. */
  sentLastMinute: number;
  waitSeconds: number;
  /** The other side's newest message in the conversation (0 when none). */
  otherNewestId: number;
  autoSentRecently: Record<ChatAutoKind, boolean>;
  /** The transaction's time: every message of the send is stamped with it. */
  at: Date;
  /** The newest item of the shop's streams (its unread notifications and chat) and of the buyer's chat stream: under the locks, nothing else comes after them before this send. */
  shopAfter: number;
  buyerAfter: number;
}

/**
 * The read of a send with its locks, one round trip: `chat_send_state` (migration 0040) finds the
 * caller's own conversation, takes the shop's stream lock and the buyer's, then reads in a snapshot
 * taken after both are held (a single statement would read from one older than its wait). The
 * conversation and the shop's settings come back as JSON.
 */
const sendStateStatement = namedStatement(
  'chat_send_state',
  () => sql`select * from chat_send_state(${sql.placeholder('conversationId')}::bigint, ${sql.placeholder('side')}::text, ${sql.placeholder('owner')}::int,
    ${SHOP_NOTIFY_LOCK_CLASS}::int, ${BUYER_CHAT_LOCK_CLASS}::int, ${CHAT.AUTO_REPLY_EVERY_HOURS}::int)`,
);

interface SendStateRow {
  conversation: Record<string, unknown>;
  settings: Record<string, unknown> | null;
  blocked: boolean;
  sent_last_minute: number;
  wait_seconds: number;
  other_newest_id: number | string;
  greeting_recently: boolean;
  off_hours_recently: boolean;
  at_ms: number;
  shop_after: number | string;
  buyer_after: number | string;
}

async function readSendState(tx: DbOrTx, party: ChatParty, conversationId: number): Promise<SendState> {
  const owner = party.side === 'seller' ? party.shopId : party.buyerId;
  const [row] = rowsOf<SendStateRow>(await sendStateStatement(tx, { conversationId, side: party.side, owner }));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    conversation: rowFromJson(chatConversations, row.conversation),
    settings: row.settings ? rowFromJson(chatSettings, row.settings) : null,
    blocked: Boolean(row.blocked),
    sentLastMinute: Number(row.sent_last_minute),
    waitSeconds: Number(row.wait_seconds),
    otherNewestId: Number(row.other_newest_id),
    autoSentRecently: { greeting: Boolean(row.greeting_recently), off_hours: Boolean(row.off_hours_recently) },
    at: new Date(Number(row.at_ms)),
    shopAfter: Number(row.shop_after),
    buyerAfter: Number(row.buyer_after),
  };
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

/** A new message as the write's JSON parameter (the columns' names; absent keys are null). */
function messageJson(n: NewMessage) {
  return {
    sender: n.sender,
    sender_user_id: n.senderUserId ?? null,
    auto: n.auto ?? null,
    kind: n.kind,
    body: n.body ?? '',
    image_file: n.imageFile ?? null,
    product_id: n.productId ?? null,
    order_id: n.orderId ?? null,
    card: n.card ?? null,
  };
}

/**
 * The write of a send, one named statement per side: the messages (a JSON array, inserted in its
 * order so their ids follow it), their events then the moved marks' (the streams' order), and the
 * conversation's summary and marks; answers the new rows as JSON.
 */
const sendWriteStatements = {
  buyer: sendWriteStatement('buyer'),
  seller: sendWriteStatement('seller'),
};

function sendWriteStatement(side: ChatSide) {
  return namedStatement(`chat_send_write_${side}`, () => {
    const m = chatMessages;
    const e = chatEvents;
    const c = chatConversations;
    const col = (column: { name: string }) => sql.identifier(column.name);
    const [readKey, deliveredKey] = side === 'seller' ? (['sellerReadId', 'sellerDeliveredId'] as const) : (['buyerReadId', 'buyerDeliveredId'] as const);
    const summary = side === 'buyer' ? sql`${col(c.lastBuyerAt)} = now(), ${col(c.buyerLang)} = ${sql.placeholder('lang')}::text` : sql`${col(c.lastReplyAt)} = now()`;
    const conversationId = sql`${sql.placeholder('conversationId')}::bigint`;
    const shopId = sql`${sql.placeholder('shopId')}::int`;
    const buyerId = sql`${sql.placeholder('buyerId')}::int`;
    const upToId = sql`${sql.placeholder('upToId')}::bigint`;
    return sql`
    with ins as (
      insert into ${m} (${col(m.conversationId)}, ${col(m.shopId)}, ${col(m.buyerId)}, ${col(m.sender)}, ${col(m.senderUserId)}, ${col(m.auto)}, ${col(m.kind)},
        ${col(m.body)}, ${col(m.imageFile)}, ${col(m.productId)}, ${col(m.orderId)}, ${col(m.card)})
      select ${conversationId}, ${shopId}, ${buyerId}, x.sender, x.sender_user_id, x.auto, x.kind, x.body, x.image_file, x.product_id, x.order_id, x.card
      from rows from (jsonb_to_recordset(${sql.placeholder('messages')}::jsonb)
        as (sender text, sender_user_id int, auto text, kind text, body text, image_file text, product_id int, order_id bigint, card jsonb)) with ordinality
        as x(sender, sender_user_id, auto, kind, body, image_file, product_id, order_id, card, n)
      order by x.n
      returning *
    ), ev as (
      insert into ${e} (${col(e.shopId)}, ${col(e.buyerId)}, ${col(e.conversationId)}, ${col(e.kind)}, ${col(e.messageId)}, ${col(e.side)}, ${col(e.upToId)})
      select ${shopId}, ${buyerId}, ${conversationId}, k.kind, k.message_id, k.side, k.up_to_id
      from (select 0 as ord, id as n, 'message'::text as kind, id as message_id, null::text as side, null::bigint as up_to_id from ins
        union all select 1, 0, 'delivered', null, ${side}::text, ${upToId} where ${sql.placeholder('deliveredMoved')}::boolean
        union all select 1, 1, 'read', null, ${side}::text, ${upToId} where ${sql.placeholder('readMoved')}::boolean) k
      order by k.ord, k.n
      returning *
    ), up as (
      update ${c} set ${col(c.lastMessageId)} = (select max(id) from ins), ${col(c.lastMessageAt)} = now(), ${summary},
        ${col(c[readKey])} = ${sql.placeholder('readMark')}::bigint, ${col(c[deliveredKey])} = ${sql.placeholder('deliveredMark')}::bigint
      where ${col(c.id)} = ${conversationId}
    )
    select 'message' as t, to_jsonb(ins) as row from ins union all select 'event', to_jsonb(ev) from ev`;
  });
}

/**
 * Sends in a conversation (locked by its read, within the caller's transaction), with one read and one write: the caller's messages and
 * (after a buyer's) the shop's auto-reply when one is due; their stream events, and those of the
 * marks the send moves (sending marks the other side's earlier messages read by the sender); the
 * conversation's summary and marks. Answers what was sent and `handoff`, which hands the new items
 * to both sides' streams on this instance: call it once the transaction has committed.
 */
async function sendLocked(tx: DbOrTx, conversationId: number, party: ChatParty, input: SendInput): Promise<{ sent: ChatMessage[]; handoff: () => void }> {
  const state = await readSendState(tx, party, conversationId);
  const { conversation } = state;
  const messages = await composeMessages(tx, conversation, party, input);
  if (messages.length === 0) throw new AppError('CHAT_EMPTY');
  if (party.side === 'buyer' && state.blocked) throw new AppError('CHAT_BLOCKED');
  const max = party.side === 'buyer' ? CHAT.BUYER_PER_MINUTE : CHAT.SHOP_PER_MINUTE;
  if (state.sentLastMinute + messages.length > max) throw new AppError('CHAT_RATE_LIMITED', { seconds: Math.max(1, state.waitSeconds) });
  const auto = party.side === 'buyer' ? autoReplyDue(state.settings, state.autoSentRecently, state.at) : null;
  const all: NewMessage[] = auto ? [...messages, { sender: 'seller', kind: 'text', auto: auto.kind, body: auto.text }] : messages;
  const [readKey, deliveredKey] = party.side === 'seller' ? (['sellerReadId', 'sellerDeliveredId'] as const) : (['buyerReadId', 'buyerDeliveredId'] as const);
  const marks: Marks = {
    sellerReadId: conversation.sellerReadId,
    sellerDeliveredId: conversation.sellerDeliveredId,
    buyerReadId: conversation.buyerReadId,
    buyerDeliveredId: conversation.buyerDeliveredId,
  };
  const moved = { delivered: false, read: false };
  for (const [kind, key] of [['delivered', deliveredKey], ['read', readKey]] as const) {
    if (state.otherNewestId <= marks[key]) continue;
    marks[key] = state.otherNewestId;
    moved[kind] = true;
  }
  const inserted = await sendWriteStatements[party.side](tx, {
    conversationId: conversation.id,
    shopId: conversation.shopId,
    buyerId: conversation.buyerId,
    messages: JSON.stringify(all.map(messageJson)),
    deliveredMoved: moved.delivered,
    readMoved: moved.read,
    upToId: state.otherNewestId,
    readMark: marks[readKey],
    deliveredMark: marks[deliveredKey],
    lang: party.side === 'buyer' ? party.lang : null,
  });
  const written = rowsOf<{ t: 'message' | 'event'; row: Record<string, unknown> }>(inserted);
  const rows = written.filter((r) => r.t === 'message').map((r) => rowFromJson(chatMessages, r.row)).sort((a, b) => a.id - b.id);
  const events = written.filter((r) => r.t === 'event').map((r) => rowFromJson(chatEvents, r.row)).sort((a, b) => a.id - b.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const itemsFor = (viewer: ChatSide): StreamItem[] =>
    events.map((event) => {
      const message = event.messageId === null ? undefined : byId.get(event.messageId);
      const data =
        event.kind === 'message' && message
          ? { type: 'message' as const, id: event.id, conversationId: event.conversationId, message: toChatMessage(message, marks, viewer) }
          : { type: event.kind, id: event.id, conversationId: event.conversationId, side: event.side ?? 'buyer', upToId: Number(event.upToId ?? 0) };
      return { id: event.id, event: 'chat' as const, data };
    });
  return {
    sent: rows.map((row) => toChatMessage(row, marks, party.side)),
    handoff: () =>
      noteHandoff(conversation.shopId, { after: state.shopAfter, items: itemsFor('seller') }, conversation.buyerId, { after: state.buyerAfter, items: itemsFor('buyer') }),
  };
}

/** POST …/chat/send (and the picture send): the caller's messages in their own conversation. */
export async function sendMessage(db: DbOrTx, party: ChatParty, conversationId: number, input: SendInput): Promise<ChatMessage[]> {
  // The send's first statement takes the conversation's locks (readSendState).
  const { sent, handoff } = await db.transaction((tx) => sendLocked(tx, conversationId, party, input));
  handoff();
  return sent;
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
    const sent = nothing ? [] : (await sendLocked(tx, conversation.id, party, input)).sent;
    if (!nothing) {
      noteNewNotification(shopId);
      noteBuyerChat(party.buyerId);
    }
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
  const keys = await conversationKeys(db, party, input.conversationId);
  return db.transaction(async (tx) => {
    await lockConversation(tx, keys.shopId, keys.buyerId);
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

/** The stream's select of a shop's or a buyer's chat events after an id, oldest first, as `(id, data)`: the event with its message and conversation. */
export function chatEventsSelect(viewer: 'buyer' | 'seller', key: number, afterId: number, limit: number): SQL {
  const e = chatEvents;
  const owner = viewer === 'seller' ? sql`${e.shopId} = ${key}` : sql`${e.buyerId} = ${key}`;
  return sql`select ${e.id} as id, jsonb_build_object('event', to_jsonb(${e}), 'message', to_jsonb(${chatMessages}), 'conversation', to_jsonb(${chatConversations})) as data
    from ${e} join ${chatConversations} on ${chatConversations.id} = ${e.conversationId} left join ${chatMessages} on ${chatMessages.id} = ${e.messageId}
    where ${owner} and ${e.id} > ${afterId} order by ${e.id} limit ${limit}`;
}

/** A row of that select as `viewer` sees it. */
export function chatEventFromJson(viewer: 'buyer' | 'seller', data: Record<string, unknown>) {
  const event = rowFromJson(chatEvents, data.event as Record<string, unknown>);
  const conversation = rowFromJson(chatConversations, data.conversation as Record<string, unknown>);
  const message = data.message ? rowFromJson(chatMessages, data.message as Record<string, unknown>) : null;
  return event.kind === 'message' && message
    ? { type: 'message' as const, id: event.id, conversationId: event.conversationId, message: toChatMessage(message, conversation, viewer) }
    : { type: event.kind as 'delivered' | 'read', id: event.id, conversationId: event.conversationId, side: event.side ?? 'buyer', upToId: Number(event.upToId ?? 0) };
}

/** The largest chat event id of a shop or a buyer (0 when none). */
export async function latestChatEventId(db: DbOrTx, viewer: 'buyer' | 'seller', key: number): Promise<number> {
  const owner = viewer === 'seller' ? eq(chatEvents.shopId, key) : eq(chatEvents.buyerId, key);
  const [row] = await db.select({ id: sql<number | null>`max(${chatEvents.id})` }).from(chatEvents).where(owner);
  return Number(row?.id ?? 0);
}
