import { createPreferenceStore } from '../../lib/preference-store.ts';
import { PREFERENCE_KEYS } from '../../lib/storage.ts';

/** Per table, the optional columns the seller switched on (true) or off (false). */
export type ColumnChoices = Record<string, Record<string, boolean>>;

/** The stored choices; anything that is not an object of objects of booleans is dropped. */
export function parseColumnChoices(raw: string | null): ColumnChoices {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : {};
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const choices: ColumnChoices = {};
  for (const [table, columns] of Object.entries(value)) {
    if (!columns || typeof columns !== 'object' || Array.isArray(columns)) continue;
    const kept = Object.entries(columns).filter(([, on]) => typeof on === 'boolean');
    if (kept.length) choices[table] = Object.fromEntries(kept) as Record<string, boolean>;
  }
  return choices;
}

/**
 * Which columns a table shows: every key column (not in `optional`), and each optional one as
 * the seller chose it, else as its default (`optional[key]`).
 */
export function isColumnShown(key: string, optional: Record<string, boolean>, chosen: Record<string, boolean> | undefined): boolean {
  if (!(key in optional)) return true;
  return chosen?.[key] ?? optional[key];
}

/** The choices with one column switched; a choice equal to the default is forgotten. */
export function chooseColumn(choices: ColumnChoices, table: string, key: string, on: boolean, optional: Record<string, boolean>): ColumnChoices {
  const current = { ...choices[table] };
  if (optional[key] === on) delete current[key];
  else current[key] = on;
  const next = { ...choices };
  if (Object.keys(current).length) next[table] = current;
  else delete next[table];
  return next;
}

export const columnChoiceStore = createPreferenceStore<ColumnChoices>(PREFERENCE_KEYS.tableColumns, parseColumnChoices, (value) => JSON.stringify(value));

/** A column without a width (one that takes the rest, such as a review's text) counts as this much. */
const FLEX_COLUMN_WIDTH = 280;

/**
 * A table's scroll width: the shown columns' widths added up. A table scrolls sideways only when
 * they do not fit; antd then keeps the `fixed` columns in place.
 */
export function columnsWidth(columns: readonly { width?: unknown }[], extraWidth = 0): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : FLEX_COLUMN_WIDTH), extraWidth);
}
