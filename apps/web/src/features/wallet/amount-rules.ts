import { feeCents, parseAmountToCents } from '@shopdesk/shared/money';

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
