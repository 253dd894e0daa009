import { dateTimeFormat } from './intl-cache.ts';

/**
 * Dates as the reader writes them: the order of day, month and year of the language's locale
 * (th-TH day/month/year, en-US month/day/year, zh-CN year/month/day), always in digits, the
 * Gregorian calendar (the date pickers and the server count in it; Thai would otherwise get the
 * Buddhist era's years) and a 24-hour clock. The one way the app writes a date or a time.
 */
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const MINUTE: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const SECOND: Intl.DateTimeFormatOptions = { ...MINUTE, second: '2-digit' };
const PRECISION = { day: DAY, minute: MINUTE, second: SECOND } as const;

export type DatePrecision = keyof typeof PRECISION;

/** `iso` (or a Date) in the reader's locale, to the day, minute or second; '—' when there is none or it is not a date. */
export function formatDate(value: string | Date | null | undefined, locale: string, precision: DatePrecision = 'day'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(`${locale}-u-ca-gregory`, PRECISION[precision]).format(date);
}
