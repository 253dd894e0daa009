import { describe, expect, it } from 'vitest';
import { UI } from '@shopdesk/shared/constants';
import { formatBadge } from './badge.ts';

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
