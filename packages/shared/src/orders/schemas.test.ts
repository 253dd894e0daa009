import { describe, expect, it } from 'vitest';
import { batchAddBody, productUpdateBody } from '../products/schemas.ts';
import { orderListBody, purchaseOrderBody, reviewBody, reviewListBody } from './schemas.ts';

describe('order and catalog request schemas', () => {
  it('reads several order ids typed with commas, spaces or new lines, or sent as an array, without duplicates', () => {
    expect(orderListBody.parse({ orderIds: 'A1, B2  C3\nA1，D4' }).orderIds).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(orderListBody.parse({ orderIds: [' A1', 'A1', ''] }).orderIds).toEqual(['A1']);
    expect(orderListBody.parse({})).toMatchObject({ tab: 'all', page: 1, pageSize: 20, tzOffset: 0 });
    expect(purchaseOrderBody.parse({ orderIds: 'A1,B2', fundPassword: 'x' }).orderIds).toEqual(['A1', 'B2']);
  });

  it('takes ratios as percents into basis points, within their ranges', () => {
    expect(batchAddBody.parse({ warehouseProductIds: [1], profitRatio: '20' })).toEqual({ warehouseProductIds: [1], profitRatio: 2000 });
    expect(batchAddBody.safeParse({ warehouseProductIds: [1], profitRatio: 0 }).success).toBe(false);
    expect(batchAddBody.safeParse({ warehouseProductIds: [1], profitRatio: 500 }).success).toBe(true);
    expect(batchAddBody.safeParse({ warehouseProductIds: [1], profitRatio: 500.01 }).success).toBe(false);
    expect(productUpdateBody.parse({ id: 1, discountRatio: 0 }).discountRatio).toBe(0);
    expect(productUpdateBody.safeParse({ id: 1, discountRatio: 99.5 }).success).toBe(false);
  });

  it('reads discount dates: a bare end date covers its whole day; null clears', () => {
    const parsed = productUpdateBody.parse({ id: 1, discountStart: '2026-03-01', discountEnd: '2026-03-31' });
    expect(parsed.discountStart?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(parsed.discountEnd?.toISOString()).toBe('2026-03-31T23:59:59.999Z');
    expect(productUpdateBody.parse({ id: 1, discountStart: null }).discountStart).toBeNull();
    expect(productUpdateBody.parse({ id: 1, discountStart: '2026-03-01T10:00:00+07:00' }).discountStart?.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(productUpdateBody.safeParse({ id: 1, discountStart: 'next monday' }).success).toBe(false);
  });

  it('accepts ratings 1 to 5 only, and asks for a rating filter', () => {
    for (const rating of [1, 5]) expect(reviewBody.safeParse({ orderId: 'A', rating }).success).toBe(true);
    for (const rating of [0, 6, 2.5, '5']) expect(reviewBody.safeParse({ orderId: 'A', rating }).success).toBe(false);
    expect(reviewListBody.safeParse({}).success).toBe(false);
    expect(reviewListBody.parse({ rating: 'all' }).rating).toBe('all');
    expect(reviewListBody.parse({ rating: '3' }).rating).toBe(3);
  });
});
