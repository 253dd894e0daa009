import { CHAT_TEXT_MAX } from '@shopdesk/shared/chat/message-text';
import type { QuickReply } from '@shopdesk/shared/chat/schemas';
import { graphemeCount } from '@shopdesk/shared/text-length';

export { chatToastText, previewOf } from './api/chat-preview.ts';

/** Pure parts of the seller's chat screens (unit-tested): previews, the composer, quick replies (links and pictures: shared/chat/message-text.ts). */

export interface ComposerCheck {
  count: number;
  max: number;
  tooLong: boolean;
  /** Something to send: not blank and within the limit. */
  sendable: boolean;
}

export function checkComposer(text: string, max: number = CHAT_TEXT_MAX): ComposerCheck {
  const count = graphemeCount(text);
  const tooLong = count > max;
  return { count, max, tooLong, sendable: text.trim().length > 0 && !tooLong };
}

/**
 * The quick replies a composer's text asks for: the text starts with `/`, and what follows (if
 * anything) is found in a reply's text, case- and accent-insensitive; null when the text does not ask.
 */
export function quickReplyMatches(text: string, replies: readonly QuickReply[]): QuickReply[] | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(text.slice(1).trim());
  return replies.filter((r) => fold(r.text).includes(wanted));
}

export function conversationParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The buyer's language named in the seller's: `th-TH` in en-US → "Thai (Thailand)"; an odd tag is shown as it is. */
export function languageName(tag: string, locale: string): string {
  if (!tag) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export const CONVERSATION_FILTERS = ['all', 'unread', 'needsReply'] as const;
export type ConversationFilterName = (typeof CONVERSATION_FILTERS)[number];

export interface ChatSearch {
  filter: ConversationFilterName;
  /** A buyer's name or one of their order numbers (the server searches). */
  q: string;
  /** Only the conversation of this order's buyer (from an order's page). */
  orderId: string;
  conversationId: number | null;
}

/** The inbox's state from its address (`?filter=&q=&orderId=&c=`); anything odd falls back to the default. */
export function parseChatSearch(search: URLSearchParams): ChatSearch {
  const filter = search.get('filter');
  return {
    filter: (CONVERSATION_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as ConversationFilterName) : 'all',
    q: (search.get('q') ?? '').trim().slice(0, 100),
    orderId: (search.get('orderId') ?? '').trim().slice(0, 40),
    conversationId: conversationParam(search.get('c')),
  };
}
