import { describe, expect, it } from 'vitest';
import { chatSettings } from '@shopdesk/shared/chat/schemas';
import { autoReplyIssues, fromAutoReplyForm, minuteText, parseMinute, toAutoReplyForm, type AutoReplyForm } from './auto-reply-form.ts';

const base: AutoReplyForm = {
  greetingEnabled: true,
  greetingText: 'Hello!',
  offHoursEnabled: true,
  offHoursText: 'We are closed, back at 9',
  timeZone: 'Asia/Bangkok',
  days: [5, 1, 2],
  open: '09:00',
  close: '18:30',
};

describe('auto-reply form', () => {
  it('reads and writes opening times as HH:MM', () => {
    expect(minuteText(0)).toBe('00:00');
    expect(minuteText(1110)).toBe('18:30');
    expect(minuteText(1440)).toBe('24:00');
    expect(parseMinute('9:05')).toBe(545);
    expect(parseMinute('24:00')).toBe(1440);
    expect(parseMinute('24:01')).toBeNull();
    expect(parseMinute('12:60')).toBeNull();
    expect(parseMinute('noon')).toBeNull();
  });

  it('turns a good form into a body the server schema accepts, and back', () => {
    expect(autoReplyIssues(base)).toEqual({});
    const body = fromAutoReplyForm(base);
    expect(body.offHours).toMatchObject({ days: [1, 2, 5], openMinute: 540, closeMinute: 1110, timeZone: 'Asia/Bangkok' });
    expect(chatSettings.safeParse(body).success).toBe(true);
    expect(toAutoReplyForm(body)).toEqual({ ...base, days: [1, 2, 5] });
  });

  it('names each problem at its field', () => {
    expect(autoReplyIssues({ ...base, greetingText: '  ' })).toEqual({ greetingText: 'auto.errors.textRequired' });
    expect(autoReplyIssues({ ...base, greetingEnabled: false, greetingText: '' })).toEqual({});
    expect(autoReplyIssues({ ...base, offHoursText: 'x'.repeat(501) })).toEqual({ offHoursText: 'auto.errors.tooLong' });
    expect(autoReplyIssues({ ...base, timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'auto.errors.timeZone' });
    expect(autoReplyIssues({ ...base, days: [] })).toEqual({ days: 'auto.errors.days' });
    expect(autoReplyIssues({ ...base, close: '09:00' })).toEqual({ close: 'auto.errors.sameTimes' });
    expect(autoReplyIssues({ ...base, open: '25:00' })).toEqual({ open: 'auto.errors.time' });
    // Off hours switched off: its days and times do not matter yet.
    expect(autoReplyIssues({ ...base, offHoursEnabled: false, days: [], close: '09:00' })).toEqual({});
  });
});
