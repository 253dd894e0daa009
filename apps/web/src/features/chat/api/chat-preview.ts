import type { ChatMessage } from '@shopdesk/shared/chat/schemas';

/** A message in one line (the inbox's rows, the live toasts), for the chat screens and the notification toasts. */

/** What a message's one-line preview says: its text, else the catalog key of its kind. */
export function previewOf(message: ChatMessage | null): { text: string } | { key: 'preview.image' | 'preview.product' | 'preview.order' | 'preview.voucher' | 'preview.none' } {
  if (!message) return { key: 'preview.none' };
  if (message.kind === 'text') return { text: message.text.replace(/\s+/g, ' ').trim() };
  return { key: `preview.${message.kind}` };
}

/** A new buyer message's toast line: its text cut to 80 characters, else what it carries. */
export function chatToastText(message: ChatMessage, t: (key: string) => string): string {
  const p = previewOf(message);
  if (!('text' in p)) return t(p.key);
  const chars = [...p.text];
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : p.text;
}
