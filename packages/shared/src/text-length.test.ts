import { describe, expect, it } from 'vitest';
import { shopNameSchema } from './shop/schemas.ts';
import { USERS, userNameSchema } from './users/schemas.ts';
import { reviewReplyBody } from './orders/schemas.ts';
import { REVIEWS } from './constants.ts';
import { graphemeCount, graphemeSlice, withinGraphemes } from './text-length.ts';

describe('text length in user-perceived characters', () => {
  it('counts a flag, a skin tone, a family and combining marks as one character each', () => {
    expect(graphemeCount('🇵🇭✨')).toBe(2);
    expect(graphemeCount('👍🏽')).toBe(1);
    expect(graphemeCount('👨‍👩‍👧')).toBe(1);
    expect(graphemeCount('Việt')).toBe(4);
    expect(graphemeCount('e\u0301')).toBe(1);
    expect(graphemeCount('ร้าน')).toBe(3);
    expect(graphemeCount('')).toBe(0);
    expect(graphemeCount('Sunrise Goods')).toBe(13);
  });

  it('cuts only between characters', () => {
    expect(graphemeSlice('🇵🇭✨', 1)).toBe('🇵🇭');
    expect(graphemeSlice('🇵🇭✨', 2)).toBe('🇵🇭✨');
    expect(graphemeSlice('ab👍🏽cd', 3)).toBe('ab👍🏽');
    expect(graphemeSlice('plain', 3)).toBe('pla');
    // A paste that fills a limit with flags keeps whole flags.
    const flags = '🇵🇭'.repeat(60);
    expect(graphemeSlice(flags, 50)).toBe('🇵🇭'.repeat(50));
    expect(withinGraphemes(50)(flags)).toBe(false);
    expect(withinGraphemes(60)(flags)).toBe(true);
  });

  it('a shop name counts as a person does: 50 flags fit, one flag alone is too short', () => {
    expect(shopNameSchema.safeParse('🇵🇭'.repeat(50)).success).toBe(true);
    expect(shopNameSchema.safeParse('🇵🇭'.repeat(51)).success).toBe(false);
    expect(shopNameSchema.safeParse('🇵🇭✨').success).toBe(true);
    expect(shopNameSchema.safeParse('🇵🇭').success).toBe(false);
    expect(shopNameSchema.safeParse('🇵').success).toBe(false);
  });

  it('other limited texts count the same way: a user name, a review reply', () => {
    expect(userNameSchema.safeParse('👍🏽'.repeat(USERS.NAME_MAX)).success).toBe(true);
    expect(userNameSchema.safeParse('👍🏽'.repeat(USERS.NAME_MAX + 1)).success).toBe(false);
    expect(reviewReplyBody.safeParse({ id: 1, reply: '🇵🇭'.repeat(REVIEWS.REPLY_MAX) }).success).toBe(true);
    expect(reviewReplyBody.safeParse({ id: 1, reply: '🇵🇭'.repeat(REVIEWS.REPLY_MAX + 1) }).success).toBe(false);
  });
});
