import { describe, expect, it } from 'vitest';
import { WALLET } from '@shopdesk/shared/constants';
import { checkAmount, maxWithdrawable, normalizeAmountText, withdrawPreview } from './amount-rules.ts';

const policy = { minCents: WALLET.WITHDRAW_MIN_CENTS, maxCents: WALLET.WITHDRAW_MAX_CENTS, feeBp: WALLET.WITHDRAW_FEE_BP };

describe('withdraw preview', () => {
  it('shows the 2% fee and the arrival amount of 100 USDT as 2.00 and 98.00', () => {
    expect(withdrawPreview('100', policy)).toEqual({ amountCents: 10_000, feeCents: 200, arrivalCents: 9_800 });
  });

  it('rounds the fee half-up to the cent, as the server does', () => {
    expect(withdrawPreview('50.25', policy)).toEqual({ amountCents: 5_025, feeCents: 101, arrivalCents: 4_924 });
    expect(withdrawPreview('50.24', policy)).toEqual({ amountCents: 5_024, feeCents: 100, arrivalCents: 4_924 });
  });

  it('shows nothing for an amount that cannot be parsed', () => {
    for (const bad of ['', ' ', 'abc', '1.234', '-5', '0', '1e3', null, undefined]) expect(withdrawPreview(bad, policy)).toBeNull();
  });

  it('follows the policy of the server, not a constant', () => {
    expect(withdrawPreview('100', { feeBp: 150 })).toEqual({ amountCents: 10_000, feeCents: 150, arrivalCents: 9_850 });
  });
});

describe('amount checks', () => {
  const limits = { minCents: policy.minCents, maxCents: policy.maxCents, availableCents: 20_000 };

  it('accepts amounts within the limits and the balance', () => {
    expect(checkAmount('50', limits)).toEqual({ ok: true, cents: 5_000 });
    expect(checkAmount('199.99', limits)).toEqual({ ok: true, cents: 19_999 });
    expect(checkAmount(120, limits)).toEqual({ ok: true, cents: 12_000 });
  });

  it('names each refusal', () => {
    expect(checkAmount('', limits)).toEqual({ ok: false, issue: 'required' });
    expect(checkAmount('12.345', limits)).toEqual({ ok: false, issue: 'invalid' });
    expect(checkAmount('-60', limits)).toEqual({ ok: false, issue: 'invalid' });
    expect(checkAmount('0', limits)).toEqual({ ok: false, issue: 'invalid' });
    expect(checkAmount('49.99', limits)).toEqual({ ok: false, issue: 'belowMin' });
    expect(checkAmount('10000.01', { ...limits, availableCents: undefined })).toEqual({ ok: false, issue: 'aboveMax' });
    expect(checkAmount('200.01', limits)).toEqual({ ok: false, issue: 'insufficient' });
  });

  it('checks a deposit against its minimum only', () => {
    expect(checkAmount('9.99', { minCents: WALLET.DEPOSIT_MIN_CENTS })).toEqual({ ok: false, issue: 'belowMin' });
    expect(checkAmount('25', { minCents: WALLET.DEPOSIT_MIN_CENTS })).toEqual({ ok: true, cents: 2_500 });
  });
});

describe('withdraw all', () => {
  it('is the available balance, capped at the maximum, or nothing under the minimum', () => {
    expect(maxWithdrawable(12_345, policy)).toBe(12_345);
    expect(maxWithdrawable(5_000_000, policy)).toBe(policy.maxCents);
    expect(maxWithdrawable(4_999, policy)).toBe(0);
  });
});

describe('typed amounts', () => {
  it('reads a comma followed by 1 or 2 digits as the decimal point', () => {
    expect(normalizeAmountText('12,5')).toBe('12.5');
    expect(normalizeAmountText('12,50')).toBe('12.50');
    expect(normalizeAmountText(' 12 ')).toBe('12');
  });

  it('does not guess at thousands separators', () => {
    expect(normalizeAmountText('1,000')).toBe('1,000');
    expect(normalizeAmountText('1,000.50')).toBe('1,000.50');
  });
});
