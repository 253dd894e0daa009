import { describe, expect, it } from 'vitest';
import { withdrawBlock } from './withdraw-block.ts';
import { statusTone } from '../../lib/status-tone.ts';

describe('withdrawal restrictions', () => {
  it('names a frozen shop first, then a credit score under 60', () => {
    expect(withdrawBlock({ shopFrozen: true, creditScore: 40, canWithdraw: false })).toBe('frozen');
    expect(withdrawBlock({ shopFrozen: false, creditScore: 59, canWithdraw: false })).toBe('credit');
    expect(withdrawBlock({ shopFrozen: false, creditScore: 60, canWithdraw: true })).toBeNull();
  });

  it('trusts the server when it refuses for another reason', () => {
    expect(withdrawBlock({ shopFrozen: false, creditScore: 90, canWithdraw: false })).toBe('frozen');
  });
});

describe('status tones', () => {
  it('ends a deposit at approval but not a withdrawal', () => {
    expect(statusTone('approved', 'deposit')).toBe('success');
    expect(statusTone('approved', 'withdrawal')).toBe('active');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('something-new')).toBe('neutral');
  });
});
