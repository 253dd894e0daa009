import { describe, expect, it } from 'vitest';
import { CHAT } from '../constants.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX, chatImageIssue, messageTextParts } from './message-text.ts';

describe('chat message text', () => {
  it('keeps its limits equal to the server constants', () => {
    expect(CHAT_TEXT_MAX).toBe(CHAT.TEXT_MAX);
    expect(CHAT_IMAGE_MAX_BYTES).toBe(CHAT.IMAGE_MAX_BYTES);
  });

  it('marks web addresses apart from the text, without the punctuation after them', () => {
    expect(messageTextParts('See https://example.com/a?b=1. Or www.shop.test, ok')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.shop.test' },
      { kind: 'text', text: ', ok' },
    ]);
    expect(messageTextParts('見て https://shop.test/p/1。')).toEqual([
      { kind: 'text', text: '見て ' },
      { kind: 'link', text: 'https://shop.test/p/1' },
      { kind: 'text', text: '。' },
    ]);
    expect(messageTextParts('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
  });

  it('leaves markup as text', () => {
    expect(messageTextParts('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(messageTextParts('see https://x.test/a <b>hi</b>')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://x.test/a' },
      { kind: 'text', text: ' <b>hi</b>' },
    ]);
    expect(messageTextParts('')).toEqual([]);
  });

  it('takes pictures of the four types up to 5 MB, not empty files', () => {
    expect(chatImageIssue({ type: 'image/png', size: 10 })).toBeNull();
    expect(chatImageIssue({ type: 'image/webp', size: CHAT.IMAGE_MAX_BYTES })).toBeNull();
    expect(chatImageIssue({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(chatImageIssue({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(chatImageIssue({ type: '', size: 10 })).toBe('type');
    expect(chatImageIssue({ type: 'image/jpeg', size: 0 })).toBe('empty');
    expect(chatImageIssue({ type: 'image/jpeg', size: CHAT.IMAGE_MAX_BYTES + 1 })).toBe('size');
  });
});
