import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_STAT_TABS } from '@shopdesk/shared/dashboard/schemas';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { ORDER_TABS, SELLER_ORDER_STAGES } from '@shopdesk/shared/orders/lifecycle';
import { formatCountdown, ORDER_PAGE_TABS, orderActionsOf, orderFiltersOf, orderSearchOf, parseOrderIds, parseOrdersSearch, parseRefundsSearch, purchasable, secondsLeft, sumPurchase } from './order-helpers.ts';

describe('countdown', () => {
  it('formats the time left to purchase', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(3 * 3600 + 4 * 60 + 5)).toBe('03:04:05');
    expect(formatCountdown(86_400 + 61)).toBe('1d 00:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('counts seconds to a deadline, never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsLeft('2026-01-01T00:00:10.200Z', now)).toBe(11);
    expect(secondsLeft('2025-12-31T23:59:00Z', now)).toBe(0);
  });
});

describe('orders URL state and selection', () => {
  it('parses tabs, several order ids and a date range', () => {
    const s = parseOrdersSearch(new URLSearchParams('tab=refunds&ids=A1,%20B2%20A1&from=2026-02-10&to=2026-02-01'));
    expect(s).toMatchObject({ tab: 'refunds', from: '2026-02-01', to: '2026-02-10' });
    expect(orderFiltersOf(s)).toMatchObject({ tab: 'refunds', orderIds: ['A1', 'B2'] });
    expect(parseOrdersSearch(new URLSearchParams('tab=nope')).tab).toBe('all');
    expect(parseOrderIds('x；y')).toEqual(['x；y']);
    expect(parseOrderIds(undefined)).toEqual([]);
  });

  it('searches by keyword unless several ids are listed with commas', () => {
    expect(orderSearchOf('0010000')).toEqual({ keyword: '0010000' });
    expect(orderSearchOf(' +66 81 234 ')).toEqual({ keyword: '+66 81 234' });
    expect(orderSearchOf('Blue mug')).toEqual({ keyword: 'Blue mug' });
    expect(orderSearchOf('SD1, SD2')).toEqual({ orderIds: ['SD1', 'SD2'] });
    expect(orderSearchOf(' , ')).toEqual({});
    expect(orderSearchOf(undefined)).toEqual({});
    expect(orderFiltersOf(parseOrdersSearch(new URLSearchParams('q=mug')))).toMatchObject({ keyword: 'mug' });
  });

  it("reads the phone's search (`keyword`) as the desktop's (`q`), the desktop's name first", () => {
    expect(parseOrdersSearch(new URLSearchParams('keyword=mug&tab=to_purchase'))).toMatchObject({ q: 'mug', tab: 'to_purchase' });
    expect(parseOrdersSearch(new URLSearchParams('q=cup&keyword=mug')).q).toBe('cup');
  });

  it('offers the purchase while the order waits for it, the refund decision while its request waits', () => {
    const waiting = { awaitingPurchase: true, paymentStatus: 'paid', purchaseStatus: 'to_purchase', shippingStatus: 'pending_shipment', refundStatus: null } as const;
    expect(orderActionsOf(waiting)).toEqual({ purchase: true, refund: false });
    expect(orderActionsOf({ ...waiting, awaitingPurchase: false, refundStatus: 'refunding' })).toEqual({ purchase: false, refund: true });
    expect(orderActionsOf({ ...waiting, awaitingPurchase: false, refundStatus: 'rejected' })).toEqual({ purchase: false, refund: false });
  });

  it('keeps only purchasable orders and sums what they cost', () => {
    const list = [
      { awaitingPurchase: true, purchaseAmountCents: 100 },
      { awaitingPurchase: false, purchaseAmountCents: 999 },
      { awaitingPurchase: true, purchaseAmountCents: 250 },
    ];
    const picked = purchasable(list);
    expect(picked).toHaveLength(2);
    expect(sumPurchase(picked)).toBe(350);
  });

  it('defaults the refund list to requests waiting for a decision', () => {
    expect(parseRefundsSearch(new URLSearchParams('')).status).toBe('refunding');
    expect(parseRefundsSearch(new URLSearchParams('status=all')).status).toBe('all');
  });
});

describe('order tabs', () => {
  const LOCALES = path.resolve(import.meta.dirname, '../../i18n/locales');
  const tabLabels = (language: string) => (JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'orders.json'), 'utf8')) as { tabs: Record<string, string> }).tabs;

  it('shows every tab filter of the API, so each dashboard figure (/orders?tab=…, /m/orders?tab=…) opens its own tab', () => {
    expect([...ORDER_PAGE_TABS].sort()).toEqual([...ORDER_TABS].sort());
    for (const status of ORDER_STAT_TABS) expect(ORDER_PAGE_TABS, status).toContain(status);
    expect(parseOrdersSearch(new URLSearchParams('tab=unpaid')).tab).toBe('unpaid');
  });

  it('has a label in every language for every tab and every status the dashboard counts', () => {
    for (const language of LANGUAGE_CODES) {
      const labels = tabLabels(language);
      const missing = [...new Set([...ORDER_PAGE_TABS, ...ORDER_STAT_TABS])].filter((tab) => !labels[tab]?.trim());
      expect(missing, `${language} orders.json tabs`).toEqual([]);
    }
  });

  it('has a label in every language for every status the seller reads (orderStage)', () => {
    for (const language of LANGUAGE_CODES) {
      const stages = (JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'orders.json'), 'utf8')) as { stages: Record<string, string> }).stages;
      expect(SELLER_ORDER_STAGES.filter((stage) => !stages[stage]?.trim()), `${language} orders.json stages`).toEqual([]);
    }
  });
});
