import { describe, expect, it } from 'vitest';
import { WALLET } from '@shopdesk/shared/constants';
import { MONEY } from '@shopdesk/shared/constants';
import { checkAmount, checkDepositAmount, normalizeAmountText } from './amount-rules.ts';

const policy = { minCents: WALLET.WITHDRAW_MIN_CENTS, maxCents: WALLET.WITHDRAW_MAX_CENTS };

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
    expect(checkDepositAmount('9.99', WALLET.DEPOSIT_MIN_CENTS)).toEqual({ ok: false, issue: 'belowMin' });
    expect(checkDepositAmount((MONEY.AMOUNT_MAX_CENTS + 1) / 100, WALLET.DEPOSIT_MIN_CENTS)).toEqual({ ok: false, issue: 'aboveMax' });
    expect(checkDepositAmount('10', WALLET.DEPOSIT_MIN_CENTS)).toEqual({ ok: true, cents: 1_000 });
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
