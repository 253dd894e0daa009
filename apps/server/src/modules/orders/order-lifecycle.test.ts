import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { BUYER_ORDER_TAB_CONDITIONS, ORDER_CONDITIONS, ORDER_EVENTS, ORDER_TABS, type OrderEventName } from '@shopdesk/shared/orders/lifecycle';
import { orders } from '../../db/schema.ts';
import { awaitingPurchaseSql, carrierMovableSql, orderConditionSql, orderEventSet, orderEventSql, tabSql } from './order-lifecycle.ts';

const dialect = new PgDialect();
const render = (predicate: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql, params } = dialect.sqlToQuery(predicate);
  return { sql, params };
};

describe('orderEventSet (the status columns an UPDATE writes)', () => {
  it('writes the statuses the event sets (refund none is NULL)', () => {
    expect(orderEventSet('purchase')).toEqual({ purchaseStatus: 'purchased' });
    expect(orderEventSet('sign')).toEqual({ shippingStatus: 'signed', paymentStatus: 'completed' });
    expect(orderEventSet('approveRefundBeforePurchase')).toEqual({ refundStatus: 'approved', paymentStatus: 'cancelled' });
    expect(orderEventSet('review')).toEqual({});
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

  it('every event has a predicate', () => {
    for (const name of Object.keys(ORDER_EVENTS) as OrderEventName[]) expect(render(orderEventSql(name)).sql.length).toBeGreaterThan(0);
  });

  it("every seller tab but 'all' is a predicate", () => {
    expect(tabSql('all')).toBeUndefined();
    for (const tab of ORDER_TABS.filter((t) => t !== 'all')) expect(render(tabSql(tab)!).sql.length).toBeGreaterThan(0);
    expect(render(tabSql('refunds')!).sql).toBe('"orders"."refund_status" is not null');
  });

  it("the buyer's tabs read as they were written by hand before", () => {
    const q = (tab: keyof typeof BUYER_ORDER_TAB_CONDITIONS) => render(orderConditionSql(BUYER_ORDER_TAB_CONDITIONS[tab]));
    expect(q('all').sql).toBe('true');
    expect(q('unpaid')).toEqual({ sql: '"orders"."payment_status" = $1', params: ['pending'] });
    expect(q('to_ship')).toEqual({ sql: '("orders"."payment_status" = $1 and "orders"."shipping_status" = $2)', params: ['paid', 'pending_shipment'] });
    expect(q('shipping')).toEqual({ sql: '("orders"."payment_status" <> $1 and "orders"."shipping_status" = $2)', params: ['cancelled', 'in_transit'] });
    expect(q('signed')).toEqual({ sql: '"orders"."shipping_status" = $1', params: ['signed'] });
    expect(q('refund').sql).toBe('"orders"."refund_status" is not null');
  });

  it('a condition on an alias of the orders table names the alias', () => {
    const q = render(orderConditionSql(ORDER_CONDITIONS.sale, alias(orders, 'o')));
    expect(q).toEqual({ sql: '("o"."payment_status" in ($1, $2) and "o"."refund_status" is distinct from $3)', params: ['paid', 'completed', 'approved'] });
  });
});
