/**
 * A chat message's text and pictures as both chat screens (the seller's, the mall's) treat them,
 * without React or the constants object: the limits are numbers of their own (message-text.test.ts
 * keeps them equal to CHAT), since importing CHAT puts the whole constants object into every first
 * page's download, the phone login's included.
 */
export const CHAT_TEXT_MAX = 2000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The picture types the server takes (it checks the bytes again). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type ChatImageIssue = 'type' | 'size' | 'empty';

/** Why a chosen file cannot be sent as a chat picture, or null when it can. */
export function chatImageIssue(file: { type: string; size: number }): ChatImageIssue | null {
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'size';
  return null;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi;
/** A sentence's punctuation after an address (Latin and CJK) belongs to the sentence. */
const TRAILING = /[.,;:!?)\]}'"»」』。、！？]+$/u;

/**
 * A message's text cut into plain parts and web addresses, so a screen shows an address as one
 * (marked, selectable, never a followed link: a chat message is untrusted text), and nothing in it
 * is ever markup.
 */
export function messageTextParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const start = match.index ?? 0;
    const link = match[0].replace(TRAILING, '');
    if (link.length < 5) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: link });
    at = start + link.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
