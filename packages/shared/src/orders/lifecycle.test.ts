import { describe, expect, it } from 'vitest';
import {
  afterOrderEvent,
  BUYER_ORDER_TAB_CONDITIONS,
  INITIAL_ORDER_STATE,
  isAwaitingPurchase,
  mayFollow,
  ORDER_STATUS_FLOW,
  ORDER_STATUS_VALUES,
  ORDER_TAB_CONDITIONS,
  orderEventRefusal,
  orderLifecycleProblems,
  orderMatches,
  orderStage,
  orderTimeline,
  refundApprovalOf,
  type OrderEventName,
  type StatusRow,
} from './lifecycle.ts';

type Row = StatusRow;
const order = (patch: Partial<Row> = {}): Row => ({ ...INITIAL_ORDER_STATE, ...patch });
const purchased = (patch: Partial<Row> = {}) => order({ purchaseStatus: 'purchased', ...patch });
const inTransit = (patch: Partial<Row> = {}) => purchased({ shippingStatus: 'in_transit', ...patch });
const signed = (patch: Partial<Row> = {}) => purchased({ shippingStatus: 'signed', paymentStatus: 'completed', ...patch });

describe('ORDER_STATUS_FLOW (which status may follow which)', () => {
  it('names every status of every dimension, and only those', () => {
    for (const [dimension, values] of Object.entries(ORDER_STATUS_VALUES)) {
      const flow = ORDER_STATUS_FLOW[dimension as keyof typeof ORDER_STATUS_FLOW] as Record<string, readonly string[]>;
      expect(Object.keys(flow).sort()).toEqual([...values].sort());
      for (const next of Object.values(flow)) for (const status of next) expect(values).toContain(status);
    }
  });

  it.each([
    ['payment', 'pending', 'paid'],
    ['payment', 'paid', 'cancelled'],
    ['payment', 'paid', 'completed'],
    ['purchase', 'to_purchase', 'purchased'],
    ['purchase', 'failed', 'purchased'],
    ['shipping', 'pending_shipment', 'in_transit'],
    ['shipping', 'in_transit', 'signed'],
    ['refund', 'none', 'refunding'],
    ['refund', 'refunding', 'approved'],
    ['refund', 'refunding', 'rejected'],
  ] as const)('allows %s %s → %s', (dimension, from, to) => {
    expect(mayFollow(dimension, from as never, to as never)).toBe(true);
  });

  it.each([
    ['payment', 'completed', 'paid'],
    ['payment', 'cancelled', 'paid'],
    ['payment', 'pending', 'completed'],
    ['purchase', 'purchased', 'to_purchase'],
    ['shipping', 'pending_shipment', 'signed'],
    ['shipping', 'signed', 'in_transit'],
    ['refund', 'none', 'approved'],
    ['refund', 'approved', 'refunding'],
    ['refund', 'rejected', 'refunding'],
  ] as const)('refuses %s %s → %s', (dimension, from, to) => {
    expect(mayFollow(dimension, from as never, to as never)).toBe(false);
  });

  it('every event moves statuses only along the flow', () => {
    expect(orderLifecycleProblems()).toEqual([]);
  });
});

describe('ORDER_EVENTS (the guards of every service)', () => {
  const allowed: [OrderEventName, Row][] = [
    ['purchase', order()],
    ['purchase', order({ refundStatus: 'rejected' })],
    ['cancel', order()],
    ['ship', purchased()],
    ['ship', purchased({ refundStatus: 'refunding' })],
    ['sign', inTransit()],
    ['requestRefund', order()],
    ['requestRefund', signed()],
    ['rejectRefund', purchased({ refundStatus: 'refunding' })],
    ['approveRefundBeforePurchase', order({ refundStatus: 'refunding' })],
    ['approveRefundAfterPurchase', inTransit({ refundStatus: 'refunding' })],
    ['approveRefundAfterSettlement', signed({ refundStatus: 'refunding' })],
    ['review', signed()],
  ];
  it.each(allowed)('allows %s from %o', (event, row) => {
    expect(orderEventRefusal(event, row)).toBeNull();
  });

  const refused: [OrderEventName, Row, string][] = [
    ['purchase', purchased(), 'ALREADY_PURCHASED'],
    ['purchase', order({ paymentStatus: 'cancelled' }), 'ORDER_CANCELLED'],
    ['purchase', order({ refundStatus: 'refunding' }), 'REFUND_PENDING'],
    ['purchase', order({ refundStatus: 'approved' }), 'INVALID_STATE'],
    ['purchase', order({ paymentStatus: 'pending' }), 'INVALID_STATE'],
    ['cancel', order({ paymentStatus: 'cancelled' }), 'ORDER_CANCELLED'],
    ['cancel', purchased(), 'ALREADY_PURCHASED'],
    ['cancel', order({ refundStatus: 'refunding' }), 'REFUND_PENDING'],
    ['cancel', order({ paymentStatus: 'pending' }), 'INVALID_STATE'],
    ['ship', order(), 'INVALID_STATE'],
    ['ship', inTransit(), 'INVALID_STATE'],
    ['ship', purchased({ refundStatus: 'approved' }), 'INVALID_STATE'],
    ['sign', purchased(), 'INVALID_STATE'],
    ['sign', signed(), 'INVALID_STATE'],
    ['sign', inTransit({ refundStatus: 'approved' }), 'INVALID_STATE'],
    ['requestRefund', order({ refundStatus: 'rejected' }), 'REFUND_ALREADY_REQUESTED'],
    ['requestRefund', order({ refundStatus: 'refunding' }), 'REFUND_ALREADY_REQUESTED'],
    ['requestRefund', order({ paymentStatus: 'cancelled' }), 'ORDER_CANCELLED'],
    ['requestRefund', order({ paymentStatus: 'pending' }), 'INVALID_STATE'],
    ['rejectRefund', order(), 'INVALID_STATE'],
    ['rejectRefund', order({ refundStatus: 'approved' }), 'ALREADY_DECIDED'],
    ['rejectRefund', order({ refundStatus: 'rejected' }), 'ALREADY_DECIDED'],
    ['approveRefundBeforePurchase', purchased({ refundStatus: 'refunding' }), 'INVALID_STATE'],
    ['approveRefundAfterPurchase', order({ refundStatus: 'refunding' }), 'INVALID_STATE'],
    ['approveRefundAfterSettlement', inTransit({ refundStatus: 'refunding' }), 'INVALID_STATE'],
    ['review', inTransit(), 'REVIEW_NOT_ALLOWED'],
  ];
  it.each(refused)('refuses %s from %o with %s', (event, row, error) => {
    expect(orderEventRefusal(event, row)).toBe(error);
  });

  it('is awaiting purchase exactly while the purchase event is allowed', () => {
    expect(isAwaitingPurchase(order())).toBe(true);
    expect(isAwaitingPurchase(order({ refundStatus: 'rejected' }))).toBe(true);
    expect(isAwaitingPurchase(order({ refundStatus: 'refunding' }))).toBe(false);
    expect(isAwaitingPurchase(purchased())).toBe(false);
    expect(isAwaitingPurchase(order({ paymentStatus: 'cancelled' }))).toBe(false);
  });
});


describe('events applied', () => {
  it('afterOrderEvent sets what the event sets and keeps the rest', () => {
    expect(afterOrderEvent('purchase', order())).toEqual(purchased());
    expect(afterOrderEvent('sign', inTransit())).toEqual(signed());
    expect(afterOrderEvent('approveRefundBeforePurchase', order({ refundStatus: 'refunding' }))).toEqual(order({ paymentStatus: 'cancelled', refundStatus: 'approved' }));
  });

  it('the approval of a waiting refund follows where the order stands', () => {
    expect(refundApprovalOf(order({ refundStatus: 'refunding' }))).toBe('approveRefundBeforePurchase');
    expect(refundApprovalOf(inTransit({ refundStatus: 'refunding' }))).toBe('approveRefundAfterPurchase');
    expect(refundApprovalOf(signed({ refundStatus: 'refunding' }))).toBe('approveRefundAfterSettlement');
    expect(refundApprovalOf(signed())).toBeNull();
  });
});

describe('tabs', () => {
  it('a seller tab of a waiting order is the event that may happen to it', () => {
    expect(orderMatches(ORDER_TAB_CONDITIONS.to_purchase, order())).toBe(true);
    expect(orderMatches(ORDER_TAB_CONDITIONS.to_purchase, order({ refundStatus: 'refunding' }))).toBe(false);
    expect(orderMatches(ORDER_TAB_CONDITIONS.pending_shipment, purchased())).toBe(true);
    expect(orderMatches(ORDER_TAB_CONDITIONS.pending_shipment, order())).toBe(false);
    expect(orderMatches(ORDER_TAB_CONDITIONS.all, order({ paymentStatus: 'cancelled' }))).toBe(true);
  });

  it("the buyer's to_ship holds every paid order not yet shipped, bought by the seller or not", () => {
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.to_ship, order())).toBe(true);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.to_ship, purchased())).toBe(true);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.to_ship, inTransit())).toBe(false);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.to_ship, order({ paymentStatus: 'cancelled' }))).toBe(false);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.shipping, inTransit())).toBe(true);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.shipping, inTransit({ paymentStatus: 'cancelled' }))).toBe(false);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.refund, signed({ refundStatus: 'rejected' }))).toBe(true);
    expect(orderMatches(BUYER_ORDER_TAB_CONDITIONS.refund, signed())).toBe(false);
  });
});

describe('orderStage (the one status label of the seller and of the buyer)', () => {
  it.each([
    [order(), 'to_purchase', 'to_ship'],
    [order({ paymentStatus: 'pending' }), 'unpaid', 'unpaid'],
    [order({ paymentStatus: 'cancelled' }), 'cancelled', 'cancelled'],
    [order({ paymentStatus: 'cancelled', refundStatus: 'approved' }), 'cancelled', 'refunded'],
    [order({ refundStatus: 'refunding' }), 'refunding', 'refunding'],
    [inTransit({ refundStatus: 'approved' }), 'refunded', 'refunded'],
    [order({ purchaseStatus: 'failed' }), 'to_purchase', 'to_ship'],
    [purchased(), 'pending_shipment', 'to_ship'],
    [inTransit(), 'in_transit', 'in_transit'],
    [purchased({ shippingStatus: 'signed' }), 'signed', 'signed'],
    [signed(), 'completed', 'completed'],
    [signed({ refundStatus: 'rejected' }), 'completed', 'completed'],
  ] as const)('%o reads %s to the seller and %s to the buyer', (row, seller, buyer) => {
    expect(orderStage(row, 'seller')).toBe(seller);
    expect(orderStage(row, 'buyer')).toBe(buyer);
  });

  it('an order past its purchase deadline is overdue to the seller', () => {
    expect(orderStage({ ...order(), overdue: true }, 'seller')).toBe('overdue');
    expect(orderStage({ ...purchased(), overdue: true }, 'seller')).toBe('pending_shipment');
  });
});

describe('orderTimeline', () => {
  const times = { payTime: '2026-01-01T00:00:00.000Z', purchaseTime: null, shippedTime: null, signedTime: null };
  it('marks each step done as the order moves', () => {
    expect(orderTimeline({ ...order(), ...times }).map((s) => s.done)).toEqual([true, false, false, false]);
    expect(orderTimeline({ ...purchased(), ...times, purchaseTime: times.payTime }).map((s) => s.done)).toEqual([true, true, false, false]);
    // Shipped counts the purchase done even when its time is unknown.
    expect(orderTimeline({ ...inTransit(), ...times, shippedTime: times.payTime }).map((s) => s.done)).toEqual([true, true, true, false]);
    expect(orderTimeline({ ...signed(), ...times, signedTime: times.payTime }).map((s) => s.key)).toEqual(['paid', 'purchased', 'shipped', 'signed']);
  });
});
