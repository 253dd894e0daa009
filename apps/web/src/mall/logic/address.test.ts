import { describe, expect, it } from 'vitest';
import { validateAddress } from './address.ts';
import { validateBuyerCredentials } from './credentials.ts';

const ok = { name: 'Nina Park', phone: '+66 81 234 5678', area: 'Bangkok', address: '88 Sukhumvit Rd' };

describe('receiver form (SPEC §5: empty or invalid name, phone, area, address)', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(ok)).toEqual({});
  });

  it('tells empty from invalid for each field', () => {
    expect(validateAddress({ name: ' ', phone: '', area: '', address: '' })).toEqual({ name: 'nameEmpty', phone: 'phoneEmpty', area: 'areaEmpty', address: 'addressEmpty' });
    expect(validateAddress({ name: 'x'.repeat(51), phone: '12ab', area: 'a'.repeat(101), address: 'abc' })).toEqual({ name: 'nameInvalid', phone: 'phoneInvalid', area: 'areaInvalid', address: 'addressInvalid' });
    expect(validateAddress({ ...ok, address: 'a'.repeat(100) }).address).toBe('addressInvalid');
    expect(validateAddress({ ...ok, address: 'a'.repeat(99) }).address).toBeUndefined();
  });
});

describe('buyer credentials (the login limits)', () => {
  it('checks username 3–20 of letters, digits and _, password 6–20', () => {
    expect(validateBuyerCredentials('nina_01', 'secret1')).toEqual({});
    expect(validateBuyerCredentials('', '')).toEqual({ username: 'auth.usernameEmpty', password: 'auth.passwordEmpty' });
    expect(validateBuyerCredentials('ni', '12345')).toEqual({ username: 'auth.usernameRule', password: 'auth.passwordRule' });
    expect(validateBuyerCredentials('nina park', 'x'.repeat(21))).toEqual({ username: 'auth.usernameRule', password: 'auth.passwordRule' });
  });
});
