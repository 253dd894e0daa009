import { MONEY } from '@shopdesk/shared/constants';
import { parseAmountToCents } from '@shopdesk/shared/money';

/** Why a typed amount cannot be sent; each has a message in the `wallet` and `mall` namespaces (`amount.*`). */
export type AmountIssue = 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'insufficient';

export interface AmountLimits {
  minCents: number;
  maxCents?: number;
  /** What the seller or buyer can spend; a larger amount is "insufficient balance". */
  availableCents?: number;
}

export type AmountCheck = { ok: true; cents: number } | { ok: false; issue: AmountIssue };

/** Checks an amount as typed ("12", "12.5", "12.50") against the limits, with the shared parser. */
export function checkAmount(input: unknown, limits: AmountLimits): AmountCheck {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, issue: 'required' };
  const cents = parseAmountToCents(text);
  if (cents === null || cents <= 0) return { ok: false, issue: 'invalid' };
  if (cents < limits.minCents) return { ok: false, issue: 'belowMin' };
  if (limits.maxCents !== undefined && cents > limits.maxCents) return { ok: false, issue: 'aboveMax' };
  if (limits.availableCents !== undefined && cents > limits.availableCents) return { ok: false, issue: 'insufficient' };
  return { ok: true, cents };
}

/** A deposit's amount (a shop's or a buyer's): at least its minimum, at most the per-transaction maximum. */
export function checkDepositAmount(input: unknown, minCents: number): AmountCheck {
  return checkAmount(input, { minCents, maxCents: MONEY.AMOUNT_MAX_CENTS });
}

/**
 * Phones with a comma decimal keypad (vi-VN, id-ID, …) type "12,5": a single comma followed by 1 or 2
 * digits is read as the decimal point. Anything else is kept as typed ("1,000" stays invalid rather
 * than silently becoming 1.00 or 1000).
 */
export function normalizeAmountText(value: unknown): string {
  const text = String(value ?? '').replace(/\s/g, '');
  return /^\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text;
}
