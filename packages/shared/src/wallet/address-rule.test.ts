import { describe, expect, it } from 'vitest';
import { checkWithdrawAddress, WALLET_ADDRESS_LENGTH } from './address-rule.ts';

describe('checkWithdrawAddress (the one address rule of both withdrawal forms)', () => {
  it('accepts an address of the right length and answers it trimmed', () => {
    expect(checkWithdrawAddress('TXe2eWalletAddress0000000000001')).toEqual({ ok: true, address: 'TXe2eWalletAddress0000000000001' });
    expect(checkWithdrawAddress('  TXe2eWalletAddress0000000000001\n')).toEqual({ ok: true, address: 'TXe2eWalletAddress0000000000001' });
  });

  it('refuses blanks inside the address instead of gluing the parts together', () => {
    expect(checkWithdrawAddress('TXe2e Wallet Address 0000000001')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkWithdrawAddress('TXe2eWallet\tAddress0000000001')).toEqual({ ok: false, issue: 'invalid' });
    expect(checkWithdrawAddress('TXe2eWallet\u00a0Address0000000001')).toEqual({ ok: false, issue: 'invalid' });
  });

  it('asks for an address when there is none', () => {
    expect(checkWithdrawAddress('')).toEqual({ ok: false, issue: 'required' });
    expect(checkWithdrawAddress('   ')).toEqual({ ok: false, issue: 'required' });
    expect(checkWithdrawAddress(undefined)).toEqual({ ok: false, issue: 'required' });
  });

  it('keeps to the length limits, counted after trimming', () => {
    const min = 'a'.repeat(WALLET_ADDRESS_LENGTH.MIN);
    const max = 'a'.repeat(WALLET_ADDRESS_LENGTH.MAX);
    expect(checkWithdrawAddress(min).ok).toBe(true);
    expect(checkWithdrawAddress(` ${min} `).ok).toBe(true);
    expect(checkWithdrawAddress(min.slice(1))).toEqual({ ok: false, issue: 'invalid' });
    expect(checkWithdrawAddress(max).ok).toBe(true);
    expect(checkWithdrawAddress(`${max}a`)).toEqual({ ok: false, issue: 'invalid' });
  });
});
