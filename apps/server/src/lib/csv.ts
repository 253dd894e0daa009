import type { LanguageCode } from '@shopdesk/shared/languages';
import { remarkInWords } from '@shopdesk/shared/wallet/remarks';
import { toCsv } from '@shopdesk/shared/csv';
import { CSV_WORDS, type CsvWords } from '../i18n/csv-words.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time as the seller reads it: `2026-11-23 15:04:05 +07:00`, in the seller's time zone given as
 * minutes east of UTC (the `tzOffset` every export and day filter takes); empty for no time.
 */
export function csvTime(value: string | Date | null | undefined, tzOffset: number): string {
  if (value === null || value === undefined || value === '') return '';
  const at = new Date(new Date(value).getTime() + tzOffset * 60_000);
  if (Number.isNaN(at.getTime())) return '';
  const sign = tzOffset < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(tzOffset) / 60))}:${pad(Math.abs(tzOffset) % 60)}`;
  return `${at.toISOString().slice(0, 10)} ${at.toISOString().slice(11, 19)} ${offset}`;
}

/** Who an export is for: the words of their language and their time zone. */
export interface CsvReader {
  lang: LanguageCode;
  tzOffset: number;
}

/** One column of an export: its header and how a row fills it. */
export type CsvColumn<T> = [header: string, cell: (row: T) => string | number | null | undefined];

/**
 * The one way an export is written (orders, funding records, deposit and withdrawal records,
 * package purchases): headers and values in the reader's language, times in their time zone.
 * `columns` gets the reader's words, a `time` formatter and a `word` lookup that names a value of
 * a group (a status, a type) and keeps an unknown value as it is.
 */
export function csvExport<T>(
  reader: CsvReader,
  rows: T[],
  columns: (tools: { h: CsvWords['headers']; time: (value: string | Date | null | undefined) => string; word: <G extends keyof CsvWords['values']>(group: G, value: string | null | undefined) => string; remark: (stored: string) => string }) => CsvColumn<T>[],
): string {
  const words = CSV_WORDS[reader.lang] ?? CSV_WORDS['en-US'];
  const word = <G extends keyof CsvWords['values']>(group: G, value: string | null | undefined) =>
    value ? ((words.values[group] as Record<string, string>)[value] ?? value) : '';
  const list = columns({ h: words.headers, time: (value) => csvTime(value, reader.tzOffset), word, remark: (stored) => remarkInWords(stored, words.remarks) });
  return toCsv(
    list.map(([header]) => header),
    rows.map((row) => list.map(([, cell]) => cell(row) ?? '')),
  );
}
