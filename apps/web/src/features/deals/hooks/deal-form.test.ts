import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../../../lib/promotion-inputs.ts';
import { dealFormToBody, dealIssues, emptyDealForm } from './deal-form.ts';

const NOW = new Date('2026-11-29T10:00:00Z');

describe('the flash deal form', () => {
  it('starts in 10 minutes for a day and sends cents', () => {
    const form = { ...emptyDealForm(NOW), productId: 7, dealPriceCents: '9.5' };
    expect(dealFormToBody(form)).toMatchObject({ productId: 7, dealPriceCents: 9_50, stockCap: 50, acceptLoss: false });
    expect(dealIssues(form, NOW, false)).toEqual({});
  });

  it('names each broken field by the shared rules', () => {
    const form = { ...emptyDealForm(NOW), dealPriceCents: '0', stockCap: '0', endsAt: toLocalInput(new Date(NOW.getTime() - 60_000)) };
    expect(dealIssues(form, NOW, false)).toEqual({ productId: 'product', dealPriceCents: 'price', stockCap: 'cap', endsAt: 'endBeforeStart' });
    const past = { ...emptyDealForm(NOW), productId: 1, dealPriceCents: '1', startsAt: toLocalInput(new Date(NOW.getTime() - 7200_000)), endsAt: toLocalInput(new Date(NOW.getTime() - 3600_000)) };
    expect(dealIssues(past, NOW, false)).toEqual({ endsAt: 'endPast' });
  });
});
