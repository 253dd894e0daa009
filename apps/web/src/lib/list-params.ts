import { UI } from '@shopdesk/shared/constants';

/**
 * URL-synced list state (DESIGN §5): page, page size and filters live in the query string, so a
 * list can be reloaded, shared and navigated back to. Parsing never throws: anything unknown or
 * malformed falls back to its default.
 */
export const PAGE_SIZE_OPTIONS: readonly number[] = UI.PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = 20;
/** The server refuses pages beyond this. */
export const MAX_PAGE = 100_000;

export interface PageState {
  page: number;
  pageSize: number;
}

type Search = Pick<URLSearchParams, 'get'>;

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export function parsePage(search: Search, defaultPageSize = DEFAULT_PAGE_SIZE): PageState {
  const page = Math.min(positiveInt(search.get('page')) ?? 1, MAX_PAGE);
  const size = positiveInt(search.get('pageSize'));
  return { page, pageSize: size !== null && PAGE_SIZE_OPTIONS.includes(size) ? size : defaultPageSize };
}

/** A real calendar date written YYYY-MM-DD, or undefined. */
export function parseDate(raw: string | null): string | undefined {
  if (raw === null || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === raw ? raw : undefined;
}

/** from/to as dates; a reversed range is put in order. */
export function parseDateRange(search: Search): { from?: string; to?: string } {
  const from = parseDate(search.get('from'));
  const to = parseDate(search.get('to'));
  if (from && to && from > to) return { from: to, to: from };
  return { from, to };
}

export function parseChoice<T extends string>(raw: string | null, allowed: readonly T[]): T | undefined {
  return raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function parseText(raw: string | null, maxLength: number): string | undefined {
  const text = raw?.trim();
  return text ? text.slice(0, maxLength) : undefined;
}

export type SearchPatch = Record<string, string | number | null | undefined>;

/**
 * The next query string after a change: empty values and defaults are dropped (short URLs), and a
 * change of anything but the page sends the list back to page 1.
 */
export function applySearchPatch(current: URLSearchParams, patch: SearchPatch, defaults: SearchPatch = { page: 1, pageSize: DEFAULT_PAGE_SIZE }): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '' || String(value) === String(defaults[key] ?? '\u0000')) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/**
 * How a list screen shows its pages: a table with a pager on the desktop (`page`, `pageSize` in the
 * URL), a feed that loads the next page as the phone scrolls. The screen's hook runs the query of
 * its layout only.
 */
export type ListLayout = 'table' | 'feed';
