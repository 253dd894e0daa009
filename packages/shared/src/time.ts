/** Time units in milliseconds, and the seller's calendar day as an instant range. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC starting a `YYYY-MM-DD` day. */
export const utcDayStart = (date: string): Date => new Date(`${date}T00:00:00.000Z`);

/**
 * The seller's local midnight starting `date`, as a UTC instant; `tzOffset` is in minutes east
 * of UTC (UTC+8 is 480). Days are cut at the seller's midnight, not at UTC's.
 */
export const localDayStart = (date: string, tzOffset = 0): Date => new Date(utcDayStart(date).getTime() - tzOffset * MINUTE_MS);

/** The seller's local midnight ending `date` (the next day's start): the exclusive upper bound. */
export const localDayEnd = (date: string, tzOffset = 0): Date => new Date(localDayStart(date, tzOffset).getTime() + DAY_MS);

/** The seller's calendar day (YYYY-MM-DD) holding `at`. */
export const localDay = (at: Date, tzOffset: number): string => new Date(at.getTime() + tzOffset * MINUTE_MS).toISOString().slice(0, 10);
const addDays = (date: string, n: number): string => new Date(utcDayStart(date).getTime() + n * DAY_MS).toISOString().slice(0, 10);

/** The seller's last `window` calendar days, oldest first, ending with their today, and the window's instant bounds. */
export function windowDays(window: number, tzOffset: number, now = new Date()) {
  const today = localDay(now, tzOffset);
  const days = Array.from({ length: window }, (_, i) => addDays(today, i - window + 1));
  return { days, from: localDayStart(days[0], tzOffset), to: localDayStart(addDays(today, 1), tzOffset) };
}
