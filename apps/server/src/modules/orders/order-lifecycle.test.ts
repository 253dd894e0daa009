import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  awaitingPurchaseSql,
  canApplyOrderEvent,
  carrierMovableSql,
  INITIAL_ORDER_STATE,
  isAwaitingPurchase,
  mayFollow,
  ORDER_EVENTS,
  ORDER_STATUS_FLOW,
  ORDER_STATUS_VALUES,
  orderEventRefusal,
  orderEventSet,
  orderEventSql,
  orderLifecycleProblems,
  type OrderEventName,
} from './order-lifecycle.ts';

type Row = { paymentStatus: string; purchaseStatus: string; shippingStatus: string; refundStatus: string | null };
const order = (patch: Partial<Row> = {}): Row => ({ ...INITIAL_ORDER_STATE, ...patch });
const purchased = (patch: Partial<Row> = {}) => order({ purchaseStatus: 'purchased', ...patch });
const inTransit = (patch: Partial<Row> = {}) => purchased({ shippingStatus: 'in_transit', ...patch });
const signed = (patch: Partial<Row> = {}) => purchased({ shippingStatus: 'signed', paymentStatus: 'completed', ...patch });

const dialect = new PgDialect();
const render = (predicate: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(predicate);

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

  it('writes the statuses the event sets (refund none is NULL)', () => {
    expect(orderEventSet('purchase')).toEqual({ purchaseStatus: 'purchased' });
    expect(orderEventSet('sign')).toEqual({ shippingStatus: 'signed', paymentStatus: 'completed' });
    expect(orderEventSet('approveRefundBeforePurchase')).toEqual({ refundStatus: 'approved', paymentStatus: 'cancelled' });
    expect(orderEventSet('review')).toEqual({});
  });

  it('is awaiting purchase exactly while the purchase event is allowed', () => {
    expect(isAwaitingPurchase(order())).toBe(true);
    expect(isAwaitingPurchase(order({ refundStatus: 'rejected' }))).toBe(true);
    expect(isAwaitingPurchase(order({ refundStatus: 'refunding' }))).toBe(false);
    expect(isAwaitingPurchase(purchased())).toBe(false);
    expect(isAwaitingPurchase(order({ paymentStatus: 'cancelled' }))).toBe(false);
  });
});

describe('SQL predicates derived from the table', () => {
  it('awaiting purchase (badge, tab, overtime job)', () => {
    const q = render(awaitingPurchaseSql);
    expect(q.sql).toBe(
      '("orders"."payment_status" = $1 and "orders"."purchase_status" <> $2 and ("orders"."refund_status" is null or "orders"."refund_status" = $3))',
    );
    expect(q.params).toEqual(['paid', 'purchased', 'rejected']);
  });

  it('the carrier merges ship and sign into one conjunction', () => {
    const q = render(carrierMovableSql);
    expect(q.sql).toBe(
      '("orders"."payment_status" = $1 and "orders"."purchase_status" = $2 and "orders"."shipping_status" <> $3 and "orders"."refund_status" is distinct from $4)',
    );
    expect(q.params).toEqual(['paid', 'purchased', 'signed', 'approved']);
  });

  it('refuses to merge events that differ in more than one status', () => {
    expect(() => orderEventSql('purchase', 'sign')).toThrow(/cannot be merged|differ/);
  });

  it('every event has a predicate, and each event is listed with a `from`', () => {
    for (const name of Object.keys(ORDER_EVENTS) as OrderEventName[]) {
      expect(render(orderEventSql(name)).sql.length).toBeGreaterThan(0);
      expect(canApplyOrderEvent(name, order()) || orderEventRefusal(name, order()) !== null).toBe(true);
    }
  });
});
