/**
 * A shop's opening hours for the off-hours auto-reply: days 1 (Monday) to 7, minutes after
 * midnight in the shop's time zone. A close at or before the open runs past midnight (e.g. 20:00
 * to 02:00 belongs to the day it opened).
 */
export interface OpeningHours {
  timeZone: string;
  days: readonly number[];
  openMinute: number;
  closeMinute: number;
}

const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday (1–7) and minute of the day of `at` in `timeZone`. */
export function localDayMinute(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAY[get('weekday')] ?? 1, minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

/** Whether the shop is open at `at`. */
export function isOpenAt(hours: OpeningHours, at: Date): boolean {
  const { day, minute } = localDayMinute(at, hours.timeZone);
  const openDay = (d: number) => hours.days.includes(d);
  if (hours.openMinute < hours.closeMinute) return openDay(day) && minute >= hours.openMinute && minute < hours.closeMinute;
  const previous = day === 1 ? 7 : day - 1;
  return (openDay(day) && minute >= hours.openMinute) || (openDay(previous) && minute < hours.closeMinute);
}
