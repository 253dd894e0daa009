import { describe, expect, it } from 'vitest';
import { UI } from '@shopdesk/shared/constants';
import { formatBadge, unreadLabel } from './badge.ts';

describe('formatBadge', () => {
  it('shows nothing for no count', () => {
    expect(formatBadge(0)).toBeUndefined();
    expect(formatBadge(undefined)).toBeUndefined();
    expect(formatBadge(-3)).toBeUndefined();
  });

  it('shows the count up to the cap, then "99+"', () => {
    expect(formatBadge(7)).toBe('7');
    expect(formatBadge(UI.BADGE_MAX)).toBe(String(UI.BADGE_MAX));
    expect(formatBadge(UI.BADGE_MAX + 1)).toBe(`${UI.BADGE_MAX}+`);
  });
});

describe('unreadLabel', () => {
  const t = (key: string, options?: { unread: string }) => (options ? `${key}(${options.unread})` : key);

  it('is the plain name without unread notifications', () => {
    expect(unreadLabel(t, 0)).toBe('layout:notifications');
    expect(unreadLabel(t, undefined)).toBe('layout:notifications');
  });

  it('carries the number the badge shows', () => {
    expect(unreadLabel(t, 3)).toBe('layout:notificationsUnread(3)');
    expect(unreadLabel(t, UI.BADGE_MAX + 5)).toBe(`layout:notificationsUnread(${UI.BADGE_MAX}+)`);
  });
});
