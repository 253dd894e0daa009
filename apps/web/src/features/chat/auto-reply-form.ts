import { CHAT } from '@shopdesk/shared/constants';
import { isTimeZone, type ChatSettings } from '@shopdesk/shared/chat/schemas';
import { graphemeCount } from '@shopdesk/shared/text-length';

/** The auto-reply settings as the form edits them: opening hours as "HH:MM" text (pure, unit-tested). */
export interface AutoReplyForm {
  greetingEnabled: boolean;
  greetingText: string;
  offHoursEnabled: boolean;
  offHoursText: string;
  timeZone: string;
  days: number[];
  open: string;
  close: string;
}

export type AutoReplyField = 'greetingText' | 'offHoursText' | 'timeZone' | 'days' | 'open' | 'close';

const pad = (n: number) => String(n).padStart(2, '0');
/** Minutes after midnight as "HH:MM" (1440, the end of the day, as "24:00"). */
export const minuteText = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** "HH:MM" (00:00–24:00) as minutes after midnight, or null. */
export function parseMinute(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const minute = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minute <= 1440 ? minute : null;
}

export function toAutoReplyForm(s: ChatSettings): AutoReplyForm {
  return {
    greetingEnabled: s.greeting.enabled,
    greetingText: s.greeting.text,
    offHoursEnabled: s.offHours.enabled,
    offHoursText: s.offHours.text,
    timeZone: s.offHours.timeZone,
    days: [...s.offHours.days],
    open: minuteText(s.offHours.openMinute),
    close: minuteText(s.offHours.closeMinute),
  };
}

/**
 * What is wrong with the form, as `chat` catalog keys by field (the server's rules: an enabled
 * reply needs its text, a text within AUTO_REPLY_MAX, a known time zone, times within the day;
 * an off-hours reply also needs at least one open day and different open and close times, else
 * it would answer always or never).
 */
export function autoReplyIssues(form: AutoReplyForm): Partial<Record<AutoReplyField, string>> {
  const issues: Partial<Record<AutoReplyField, string>> = {};
  const text = (field: 'greetingText' | 'offHoursText', enabled: boolean) => {
    const value = form[field].trim();
    if (graphemeCount(value) > CHAT.AUTO_REPLY_MAX) issues[field] = 'auto.errors.tooLong';
    else if (enabled && value === '') issues[field] = 'auto.errors.textRequired';
  };
  text('greetingText', form.greetingEnabled);
  text('offHoursText', form.offHoursEnabled);
  if (!isTimeZone(form.timeZone) || form.timeZone.trim() === '') issues.timeZone = 'auto.errors.timeZone';
  const open = parseMinute(form.open);
  const close = parseMinute(form.close);
  if (open === null || open > 1439) issues.open = 'auto.errors.time';
  if (close === null || close < 1) issues.close = 'auto.errors.time';
  if (form.offHoursEnabled) {
    if (form.days.length === 0) issues.days = 'auto.errors.days';
    if (open !== null && close !== null && (open === close || (open === 0 && close === 1440))) issues.close = 'auto.errors.sameTimes';
  }
  return issues;
}

/** The body of POST /api/chat/settings from a form without issues. */
export function fromAutoReplyForm(form: AutoReplyForm): ChatSettings {
  return {
    greeting: { enabled: form.greetingEnabled, text: form.greetingText.trim() },
    offHours: {
      enabled: form.offHoursEnabled,
      text: form.offHoursText.trim(),
      timeZone: form.timeZone.trim(),
      days: [...new Set(form.days)].sort((a, b) => a - b),
      openMinute: parseMinute(form.open) ?? 0,
      closeMinute: parseMinute(form.close) ?? 1440,
    },
  };
}

/** The time zones to choose from: the runtime's list, with the current one kept when the runtime does not list it. */
export function timeZoneChoices(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...listed]);
  if (current) all.add(current);
  return [...all];
}
