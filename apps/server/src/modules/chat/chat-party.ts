import { and, eq } from 'drizzle-orm';
import type { ChatSide } from '@shopdesk/shared/chat/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConversationRow } from './chat-view.ts';

/** Who is calling a chat operation: a member of a shop, or a mall buyer (with their interface language). */
export type ChatParty = { side: 'seller'; shopId: number; userId: number } | { side: 'buyer'; buyerId: number; lang: string };

export const otherSide = (side: ChatSide): ChatSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The caller's own conversation, else NOT_FOUND (another shop's or buyer's answers as one that does not exist). */
export async function ownConversation(db: DbOrTx, party: ChatParty, conversationId: number): Promise<ConversationRow> {
  const owner = party.side === 'seller' ? eq(chatConversations.shopId, party.shopId) : eq(chatConversations.buyerId, party.buyerId);
  const [row] = await db.select().from(chatConversations).where(and(eq(chatConversations.id, conversationId), owner)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
