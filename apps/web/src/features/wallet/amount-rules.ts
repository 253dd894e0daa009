import { feeCents, parseAmountToCents } from '@shopdesk/shared/money';

/** Why a typed amount cannot be sent; each has a message in the `wallet` namespace (`amount.*`). */
export type AmountIssue = 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'insufficient';

export interface AmountLimits {
  minCents: number;
  maxCents?: number;
  /** What the seller can spend; a larger amount is "insufficient balance". */
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

export interface WithdrawPolicy {
  minCents: number;
  maxCents: number;
  feeBp: number;
}

export interface WithdrawPreview {
  amountCents: number;
  feeCents: number;
  arrivalCents: number;
}

/**
 * The fee and the arrival amount of a withdrawal as the server will compute them (fee rounded
 * half-up to the cent, arrival = amount − fee), or null while the amount cannot be parsed.
 * The preview shows even for an amount out of limits, so the seller sees what it would cost.
 */
export function withdrawPreview(input: unknown, policy: Pick<WithdrawPolicy, 'feeBp'>): WithdrawPreview | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const amountCents = text === '' ? null : parseAmountToCents(text);
  if (amountCents === null || amountCents <= 0) return null;
  const fee = feeCents(amountCents, policy.feeBp);
  return { amountCents, feeCents: fee, arrivalCents: amountCents - fee };
}

/** The largest amount the seller may withdraw now ("withdraw all"), or 0 when below the minimum. */
export function maxWithdrawable(availableCents: number, policy: WithdrawPolicy): number {
  const cap = Math.min(availableCents, policy.maxCents);
  return cap >= policy.minCents ? cap : 0;
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
