import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { CHAT } from '@shopdesk/shared/constants';
import type { ChatAutoKind, ChatSettings, OpsChatBlockRow, QuickReply } from '@shopdesk/shared/chat/schemas';
import type { Paged } from '@shopdesk/shared/envelope';
import { isOpenAt } from '@shopdesk/shared/chat/hours';
import type { DbOrTx } from '../../db/client.ts';
import { buyers, chatBlocks, chatQuickReplies, chatSettings, shops, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownConversation } from './chat-party.ts';

export type SettingsRow = typeof chatSettings.$inferSelect;

const DEFAULT_SETTINGS: Omit<SettingsRow, 'shopId' | 'updatedAt'> = {
  greetingEnabled: false,
  greetingText: '',
  offHoursEnabled: false,
  offHoursText: '',
  timeZone: 'UTC',
  openDays: [1, 2, 3, 4, 5, 6, 7],
  openMinute: 540,
  closeMinute: 1080,
};

function toSettings(row: Omit<SettingsRow, 'shopId' | 'updatedAt'>): ChatSettings {
  return {
    greeting: { enabled: row.greetingEnabled, text: row.greetingText },
    offHours: { enabled: row.offHoursEnabled, text: row.offHoursText, timeZone: row.timeZone, days: row.openDays, openMinute: row.openMinute, closeMinute: row.closeMinute },
  };
}

/** GET /api/chat/settings: the shop's auto-replies and hours (both off until saved). */
export async function getChatSettings(db: DbOrTx, shopId: number): Promise<ChatSettings> {
  const [row] = await db.select().from(chatSettings).where(eq(chatSettings.shopId, shopId)).limit(1);
  return toSettings(row ?? DEFAULT_SETTINGS);
}

/** POST /api/chat/settings */
export async function saveChatSettings(db: DbOrTx, shopId: number, input: ChatSettings): Promise<ChatSettings> {
  const values = {
    greetingEnabled: input.greeting.enabled,
    greetingText: input.greeting.text,
    offHoursEnabled: input.offHours.enabled,
    offHoursText: input.offHours.text,
    timeZone: input.offHours.timeZone,
    openDays: [...new Set(input.offHours.days)].sort(),
    openMinute: input.offHours.openMinute,
    closeMinute: input.offHours.closeMinute,
  };
  await db
    .insert(chatSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: chatSettings.shopId, set: { ...values, updatedAt: sql`now()` } });
  return toSettings(values);
}

/**
 * The auto-reply a buyer's message at `at` calls for, if any: outside the opening hours the
 * off-hours answer, else the greeting — each at most once per conversation in AUTO_REPLY_EVERY_HOURS
 * (`sentRecently` says which kinds the conversation had within that time).
 */
export function autoReplyDue(settings: SettingsRow | null, sentRecently: Record<ChatAutoKind, boolean>, at: Date): { kind: ChatAutoKind; text: string } | null {
  if (!settings) return null;
  const offHours =
    settings.offHoursEnabled && !isOpenAt({ timeZone: settings.timeZone, days: settings.openDays, openMinute: settings.openMinute, closeMinute: settings.closeMinute }, at);
  const reply = offHours
    ? { kind: 'off_hours' as const, text: settings.offHoursText }
    : settings.greetingEnabled
      ? { kind: 'greeting' as const, text: settings.greetingText }
      : null;
  if (!reply || reply.text.length === 0 || sentRecently[reply.kind]) return null;
  return reply;
}

const toQuickReply = (row: typeof chatQuickReplies.$inferSelect): QuickReply => ({ id: row.id, text: row.text, updatedAt: row.updatedAt.toISOString() });

/** GET /api/chat/quickReplies: the shop's saved texts, oldest first. */
export async function listQuickReplies(db: DbOrTx, shopId: number): Promise<QuickReply[]> {
  const rows = await db.select().from(chatQuickReplies).where(eq(chatQuickReplies.shopId, shopId)).orderBy(asc(chatQuickReplies.id));
  return rows.map(toQuickReply);
}

/** POST /api/chat/quickReplies/create, within QUICK_REPLIES_MAX (counted under a lock on the shop's row of the table). */
export async function createQuickReply(db: DbOrTx, shopId: number, text: string): Promise<QuickReply> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${0x5d11}::int, ${shopId}::int)`);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(chatQuickReplies).where(eq(chatQuickReplies.shopId, shopId));
    if (Number(count.n) >= CHAT.QUICK_REPLIES_MAX) throw new AppError('CHAT_QUICK_REPLY_LIMIT', { max: CHAT.QUICK_REPLIES_MAX });
    const [row] = await tx.insert(chatQuickReplies).values({ shopId, text }).returning();
    return toQuickReply(row);
  });
}

/** POST /api/chat/quickReplies/update: the shop's own only (another's is NOT_FOUND). */
export async function updateQuickReply(db: DbOrTx, shopId: number, id: number, text: string): Promise<QuickReply> {
  const [row] = await db
    .update(chatQuickReplies)
    .set({ text, updatedAt: sql`now()` })
    .where(and(eq(chatQuickReplies.id, id), eq(chatQuickReplies.shopId, shopId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toQuickReply(row);
}

/** POST /api/chat/quickReplies/delete */
export async function deleteQuickReply(db: DbOrTx, shopId: number, id: number): Promise<null> {
  const rows = await db
    .delete(chatQuickReplies)
    .where(and(eq(chatQuickReplies.id, id), eq(chatQuickReplies.shopId, shopId)))
    .returning({ id: chatQuickReplies.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return null;
}

/** POST /api/chat/block: the buyer of the shop's conversation can no longer write to it (kept, with who and why, for the operators). */
export async function blockBuyer(db: DbOrTx, shop: { shopId: number; userId: number }, conversationId: number, reason: string): Promise<{ blocked: boolean }> {
  const conversation = await ownConversation(db, { side: 'seller', ...shop }, conversationId);
  await db
    .insert(chatBlocks)
    .values({ shopId: shop.shopId, buyerId: conversation.buyerId, reason, blockedBy: shop.userId })
    .onConflictDoNothing({ target: [chatBlocks.shopId, chatBlocks.buyerId], where: isNull(chatBlocks.unblockedAt) });
  return { blocked: true };
}

/** POST /api/chat/unblock */
export async function unblockBuyer(db: DbOrTx, shop: { shopId: number; userId: number }, conversationId: number): Promise<{ blocked: boolean }> {
  const conversation = await ownConversation(db, { side: 'seller', ...shop }, conversationId);
  await db
    .update(chatBlocks)
    .set({ unblockedAt: sql`now()`, unblockedBy: shop.userId })
    .where(and(eq(chatBlocks.shopId, shop.shopId), eq(chatBlocks.buyerId, conversation.buyerId), isNull(chatBlocks.unblockedAt)));
  return { blocked: false };
}

/** An operator's view of a shop's blocks (GET /api/ops/shops/{id}/chatBlocks): newest first, lifted ones too; an unknown shop is NOT_FOUND. */
export async function shopChatBlocks(db: DbOrTx, shopId: number, page: { page: number; pageSize: number }): Promise<Paged<OpsChatBlockRow>> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw new AppError('NOT_FOUND');
  const rows = await db
    .select({ block: chatBlocks, nickname: buyers.nickname, blockedBy: users.username })
    .from(chatBlocks)
    .innerJoin(buyers, eq(buyers.id, chatBlocks.buyerId))
    .leftJoin(users, eq(users.id, chatBlocks.blockedBy))
    .where(eq(chatBlocks.shopId, shopId))
    .orderBy(desc(chatBlocks.createdAt), desc(chatBlocks.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(chatBlocks).where(eq(chatBlocks.shopId, shopId));
  return {
    list: rows.map(({ block, nickname, blockedBy }) => ({
      id: block.id,
      buyer: { id: block.buyerId, nickname },
      reason: block.reason,
      blockedBy,
      createdAt: block.createdAt.toISOString(),
      unblockedAt: block.unblockedAt?.toISOString() ?? null,
    })),
    total: Number(total.n),
    page: page.page,
    pageSize: page.pageSize,
  };
}
