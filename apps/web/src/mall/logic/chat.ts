import type { ChatMessage, ChatState, ChatStreamItem } from '@shopdesk/shared/chat/schemas';
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_TEXT_MAX } from '@shopdesk/shared/chat/message-text';
import { graphemeCount, graphemeSlice } from '@shopdesk/shared/text-length';

/** The buyer's side of chat without React: the thread's merges, marks, the composer's checks. */

export const CHAT_IMAGE_ACCEPT = CHAT_IMAGE_TYPES.join(',');
export const CHAT_IMAGE_MAX_MB = CHAT_IMAGE_MAX_BYTES / (1024 * 1024);

/** The composer's text within the limit (a paste past it is cut, never inside a character), and its count. */
export function composerText(text: string): { text: string; count: number } {
  const kept = graphemeSlice(text, CHAT_TEXT_MAX);
  return { text: kept, count: graphemeCount(kept) };
}

const STATE_RANK: Record<ChatState, number> = { sent: 0, delivered: 1, read: 2 };

/** Messages by id, each once, oldest first; a message seen again keeps its furthest state. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    byId.set(m.id, known && STATE_RANK[known.state] > STATE_RANK[m.state] ? { ...m, state: known.state } : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The shop's delivered or read mark moved up to `upToId`: the buyer's messages up to it show that
 * state (never going back, read staying read).
 */
export function applyMark(messages: readonly ChatMessage[], mark: { state: 'delivered' | 'read'; upToId: number }): ChatMessage[] {
  return messages.map((m) => (m.sender === 'buyer' && m.id <= mark.upToId && STATE_RANK[m.state] < STATE_RANK[mark.state] ? { ...m, state: mark.state } : m));
}

/** The newest of the shop's messages (what the buyer marks received or read), or 0. */
export function newestFromShop(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => (m.sender === 'seller' && m.id > max ? m.id : max), 0);
}

/** What one `event: chat` of the buyer's stream carries: its items, or nothing usable. */
export function parseChatItems(data: string): ChatStreamItem[] {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is ChatStreamItem => {
    if (typeof item !== 'object' || item === null) return false;
    const i = item as Record<string, unknown>;
    if (typeof i.id !== 'number' || typeof i.conversationId !== 'number') return false;
    if (i.type === 'message') return typeof i.message === 'object' && i.message !== null && typeof (i.message as { id?: unknown }).id === 'number';
    return (i.type === 'delivered' || i.type === 'read') && (i.side === 'buyer' || i.side === 'seller') && typeof i.upToId === 'number';
  });
}

/** What the buyer is asking about, shown above the composer and sent with the next message. */
export type PendingCard = { kind: 'product'; productId: number } | { kind: 'order'; orderId: string };

/** The card a "Chat with seller" link carries in its query (`?product=` or `?order=`), if any. */
export function pendingCardOf(params: URLSearchParams): PendingCard | null {
  const product = Number(params.get('product'));
  if (Number.isInteger(product) && product > 0) return { kind: 'product', productId: product };
  const order = params.get('order')?.trim();
  if (order && order.length <= 40) return { kind: 'order', orderId: order };
  return null;
}

/** The mall path of the conversation with a shop, optionally about a product or an order. */
export function chatPath(shopId: number, about?: { productId?: number; orderId?: string }): string {
  const query = new URLSearchParams();
  if (about?.productId) query.set('product', String(about.productId));
  if (about?.orderId) query.set('order', about.orderId);
  const q = query.toString();
  return `/mall/chat/${shopId}${q ? `?${q}` : ''}`;
}

/** The unread count as a badge shows it. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));
