import { describe, expect, it } from 'vitest';
import { isOpenAt, localDayMinute } from './hours.ts';

describe('opening hours in the shop time zone', () => {
  it('reads the weekday and minute in the zone', () => {
    // 2026-11-30 is a Monday; 17:30 UTC is 00:30 on Tuesday in Bangkok (UTC+7).
    expect(localDayMinute(new Date('2026-11-30T17:30:00Z'), 'Asia/Bangkok')).toEqual({ day: 2, minute: 30 });
    expect(localDayMinute(new Date('2026-11-30T17:30:00Z'), 'UTC')).toEqual({ day: 1, minute: 1050 });
  });

  it('is open inside the hours of an open day only', () => {
    const hours = { timeZone: 'Asia/Manila', days: [1, 2, 3, 4, 5], openMinute: 9 * 60, closeMinute: 18 * 60 };
    expect(isOpenAt(hours, new Date('2026-11-30T01:00:00Z'))).toBe(true); // Monday 09:00 Manila
    expect(isOpenAt(hours, new Date('2026-11-30T00:59:00Z'))).toBe(false); // 08:59
    expect(isOpenAt(hours, new Date('2026-11-30T10:00:00Z'))).toBe(false); // 18:00: closed
    expect(isOpenAt(hours, new Date('2026-12-05T03:00:00Z'))).toBe(false); // Saturday 11:00
  });

  it('hours past midnight belong to the day they opened', () => {
    const hours = { timeZone: 'UTC', days: [5], openMinute: 20 * 60, closeMinute: 2 * 60 };
    expect(isOpenAt(hours, new Date('2026-12-04T21:00:00Z'))).toBe(true); // Friday 21:00
    expect(isOpenAt(hours, new Date('2026-12-05T01:30:00Z'))).toBe(true); // Saturday 01:30, still Friday's night
    expect(isOpenAt(hours, new Date('2026-12-05T21:00:00Z'))).toBe(false); // Saturday 21:00
  });
});
