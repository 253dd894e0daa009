import { CENTS_PER_UNIT } from './constants.ts';

/**
 * Parses a decimal amount as typed ("12", "12.5", "12.50") into integer cents.
 * Answers null for anything else: negatives, more than 2 decimals, exponents, blanks.
 */
export function parseAmountToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * CENTS_PER_UNIT + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 1234 → "12.34" (no currency, no grouping): for inputs and CSV. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / CENTS_PER_UNIT)}.${String(abs % CENTS_PER_UNIT).padStart(2, '0')}`;
}

/** A fee in basis points of an amount, rounded half-up to the cent. */
export function feeCents(amountCents: number, feeBp: number): number {
  return Math.round((amountCents * feeBp) / 10_000);
}
