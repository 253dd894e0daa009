import { describe, expect, it } from 'vitest';
import { replyTimeParts } from './reply-time.ts';

describe('replyTimeParts', () => {
  it('names a reply time in the unit a seller reads at a glance', () => {
    expect(replyTimeParts(0)).toEqual({ key: 'seconds', values: { n: 0 } });
    expect(replyTimeParts(59)).toEqual({ key: 'seconds', values: { n: 59 } });
    expect(replyTimeParts(60)).toEqual({ key: 'minutes', values: { n: 1 } });
    expect(replyTimeParts(3599)).toEqual({ key: 'minutes', values: { n: 60 } });
    expect(replyTimeParts(3600 + 30 * 60)).toEqual({ key: 'hours', values: { h: 1, m: 30 } });
    expect(replyTimeParts(47 * 3600 + 59 * 60)).toEqual({ key: 'hours', values: { h: 47, m: 59 } });
    expect(replyTimeParts(3 * 86_400)).toEqual({ key: 'days', values: { n: 3 } });
  });
});
