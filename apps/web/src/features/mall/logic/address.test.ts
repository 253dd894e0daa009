import { describe, expect, it } from 'vitest';
import { validateAddress } from './address.ts';
import { validateBuyerCredentials } from './credentials.ts';
import { orderStatusKey, orderTimeline } from './order-status.ts';

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

describe('order status for the buyer', () => {
  const base = { paymentStatus: 'paid', shippingStatus: 'pending_shipment', refundStatus: null } as const;
  it('names one status per order, refunds and cancellations first', () => {
    expect(orderStatusKey(base)).toBe('toShip');
    expect(orderStatusKey({ ...base, shippingStatus: 'in_transit' })).toBe('shipping');
    expect(orderStatusKey({ ...base, shippingStatus: 'signed' })).toBe('signed');
    expect(orderStatusKey({ ...base, paymentStatus: 'completed', shippingStatus: 'signed' })).toBe('completed');
    expect(orderStatusKey({ ...base, paymentStatus: 'cancelled' })).toBe('cancelled');
    expect(orderStatusKey({ ...base, refundStatus: 'refunding' })).toBe('refunding');
    expect(orderStatusKey({ ...base, paymentStatus: 'cancelled', refundStatus: 'approved' })).toBe('refunded');
    expect(orderStatusKey({ ...base, paymentStatus: 'pending' })).toBe('unpaid');
  });

  it('draws the timeline paid → purchased → shipped → signed', () => {
    const steps = (o: Parameters<typeof orderTimeline>[0]) => orderTimeline(o).map((s) => `${s.key}:${s.done}`);
    expect(orderTimeline({ payTime: 't1', purchaseStatus: 'purchased', purchaseTime: 't1b', shippedTime: null, signedTime: null, shippingStatus: 'pending_shipment' })[1]).toEqual({ key: 'purchased', done: true, time: 't1b' });
    expect(steps({ payTime: 't1', purchaseStatus: 'to_purchase', purchaseTime: null, shippedTime: null, signedTime: null, shippingStatus: 'pending_shipment' })).toEqual(['paid:true', 'purchased:false', 'shipped:false', 'signed:false']);
    expect(steps({ payTime: 't1', purchaseStatus: 'purchased', purchaseTime: 't1b', shippedTime: null, signedTime: null, shippingStatus: 'pending_shipment' })).toEqual(['paid:true', 'purchased:true', 'shipped:false', 'signed:false']);
    expect(steps({ payTime: 't1', purchaseStatus: 'purchased', purchaseTime: 't1b', shippedTime: 't2', signedTime: 't3', shippingStatus: 'signed' })).toEqual(['paid:true', 'purchased:true', 'shipped:true', 'signed:true']);
  });
});
