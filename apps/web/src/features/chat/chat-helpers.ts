import type { QuickReply } from '@shopdesk/shared/chat/schemas';

export { chatToastText, previewOf } from './api/chat-preview.ts';
import { CHAT } from '@shopdesk/shared/constants';

/** Pure parts of the seller's chat screens (unit-tested): previews, links, the composer, quick replies. */

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/giu;

/**
 * A message's text cut into plain parts and links. Links are shown as links but never followed by
 * themselves (the screens render them as text the seller can copy), and nothing is ever markup.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A link's trailing punctuation belongs to the sentence.
    const link = match[0].replace(/[.,;:!?)\]]+$/u, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: link });
    last = start + link.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** User-perceived characters, as the server counts a message's length. */
export function graphemeCount(text: string): number {
  if (!segmenter) return [...text].length;
  return [...segmenter.segment(text)].length;
}

export interface ComposerCheck {
  count: number;
  max: number;
  tooLong: boolean;
  /** Something to send: not blank and within the limit. */
  sendable: boolean;
}

export function checkComposer(text: string, max: number = CHAT.TEXT_MAX): ComposerCheck {
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

/** Whether a picked file may be sent as a chat picture (the server checks its bytes again). */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(file.type)) return 'type';
  if (file.size > CHAT.IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** The `?c=` conversation id of the address, or null for anything that is not one. */
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
