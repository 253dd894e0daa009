import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText } from './deals.ts';

describe('a flash deal countdown', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');
  it('counts what is left of the window', () => {
    const parts = countdownParts('2026-11-30T12:04:05Z', now);
    expect(parts).toEqual({ ended: false, hours: 26, minutes: 4, seconds: 5 });
    expect(countdownText(parts)).toBe('26:04:05');
  });
  it('stops at zero once the deal has ended', () => {
    expect(countdownParts('2026-11-29T09:59:00Z', now)).toEqual({ ended: true, hours: 0, minutes: 0, seconds: 0 });
  });
});
