import { CENTS_PER_UNIT } from '@shopdesk/shared/constants';
import type { VoucherMargin } from '@shopdesk/shared/marketing/vouchers';

/**
 * A promotion form's typed values (vouchers, flash deals): amounts in USDT with up to 2 decimals,
 * times as a `datetime-local` value in the browser's zone.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value in the browser's zone, to the minute. */
export function toLocalInput(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant, or null when it is not a date and time. */
export function fromLocalInput(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim())) return null;
  const d = new Date(text.trim());
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "12.5" → 1250 without floats; null when it is not a plain amount of at most 2 decimals. */
export function parseCents(text: string): number | null {
  const m = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * CENTS_PER_UNIT + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Cents as a plain amount for an input ("12.50"). */
export function centsText(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / CENTS_PER_UNIT)}.${pad(cents % CENTS_PER_UNIT)}`;
}

/**
 * What the margin preview lets the seller do: save plainly (every product above its cost), save
 * accepting a loss, or nothing while the shop's "never below cost" is on (the answer's setting, or
 * the switch turned on since).
 */
export function previewVerdict(margin: Pick<VoucherMargin, 'belowCostCount' | 'neverBelowCost'>, neverBelowCostNow: boolean): 'save' | 'saveAtLoss' | 'refused' {
  if (margin.belowCostCount === 0) return 'save';
  return margin.neverBelowCost || neverBelowCostNow ? 'refused' : 'saveAtLoss';
}
