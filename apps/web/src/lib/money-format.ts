import { CENTS_PER_UNIT, WALLET } from '@shopdesk/shared/constants';
import { numberFormat } from './intl-cache.ts';

const decimalSeparators = new Map<string, string>();

function decimalSeparator(locale: string): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator = numberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/**
 * Integer cents as a localized amount with exactly 2 decimals ("1,234.56" in en-US, "1.234,56" in
 * vi-VN). Whole units and cents are formatted apart, so no float ever holds the amount.
 */
export function formatCents(cents: number, locale = 'en-US'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = numberFormat(locale, { maximumFractionDigits: 0, useGrouping: true }).format(Math.floor(abs / CENTS_PER_UNIT));
  return `${sign}${units}${decimalSeparator(locale)}${String(abs % CENTS_PER_UNIT).padStart(2, '0')}`;
}

/** "1,234.56 USDT". */
export function formatUsdt(cents: number, locale = 'en-US'): string {
  return `${formatCents(cents, locale)} ${WALLET.CURRENCY}`;
}

/** A range of amounts with the unit once ("12.00 – 18.00 USDT"); one amount when both ends agree. */
export function formatUsdtRange(minCents: number, maxCents: number, locale = 'en-US'): string {
  return minCents === maxCents ? formatUsdt(minCents, locale) : `${formatCents(minCents, locale)} – ${formatUsdt(maxCents, locale)}`;
}

/** A statement change with its sign: "+25.00" or "−12.50" (a true minus sign). */
export function formatChange(cents: number, locale = 'en-US'): string {
  if (cents === 0) return formatCents(0, locale);
  return `${cents > 0 ? '+' : '\u2212'}${formatCents(Math.abs(cents), locale)}`;
}

/** Basis points as a percentage: 200 → "2%", 150 → "1.5%". */
export function formatRate(bp: number, locale = 'en-US'): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}
