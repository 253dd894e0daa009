import { describe, expect, it } from 'vitest';
import { WALLET } from '@shopdesk/shared/constants';
import { maxWithdrawable, withdrawPreview } from './amount-rules.ts';

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

describe('withdraw all', () => {
  it('is the available balance, capped at the maximum, or nothing under the minimum', () => {
    expect(maxWithdrawable(12_345, policy)).toBe(12_345);
    expect(maxWithdrawable(5_000_000, policy)).toBe(policy.maxCents);
    expect(maxWithdrawable(4_999, policy)).toBe(0);
  });
});
