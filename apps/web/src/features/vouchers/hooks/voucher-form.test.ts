import { describe, expect, it } from 'vitest';
import type { VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { centsText, parseCents, previewVerdict, toLocalInput } from '../../../lib/promotion-inputs.ts';
import { bodyFor, emptyVoucherForm, formToBody, lockedFields, voucherIssues, voucherToForm, type VoucherFormValues } from './voucher-form.ts';

const NOW = new Date('2026-11-29T10:00:00Z');
const valid = (change: Partial<VoucherFormValues> = {}): VoucherFormValues => ({ ...emptyVoucherForm(NOW), name: 'Weekend', amountOffCents: '5', ...change });

describe('voucher form rules', () => {
  it('reads amounts without floats and refuses what is not one', () => {
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('0.07')).toBe(7);
    expect(parseCents('3')).toBe(300);
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('-1')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(centsText(1250)).toBe('12.50');
  });

  it('accepts a complete form and builds the body the server takes', () => {
    const values = valid({ kind: 'percent', amountOffCents: '', percentOff: '15', maxDiscountCents: '20' });
    expect(voucherIssues(values, NOW)).toEqual({});
    const body = formToBody(values);
    expect(body).toMatchObject({ kind: 'percent', amountOffCents: null, percentOff: 15, maxDiscountCents: 2000, minSpendCents: 0, code: null, productIds: [] });
  });

  it('names each broken field with its own message', () => {
    const start = valid().startsAt;
    expect(voucherIssues(valid({ endsAt: start }), NOW)).toEqual({ endsAt: 'endBeforeStart' });
    expect(voucherIssues(valid({ kind: 'percent', percentOff: '101', maxDiscountCents: '3' }), NOW)).toEqual({ percentOff: 'percentOff' });
    expect(voucherIssues(valid({ kind: 'percent', percentOff: '10', maxDiscountCents: '' }), NOW)).toEqual({ maxDiscountCents: 'capRequired' });
    expect(voucherIssues(valid({ totalQuantity: '0' }), NOW)).toMatchObject({ totalQuantity: 'quantity' });
    expect(voucherIssues(valid({ totalQuantity: '2', perBuyerLimit: '3' }), NOW)).toEqual({ perBuyerLimit: 'perBuyerAboveQuantity' });
    expect(voucherIssues(valid({ amountOffCents: '1.999' }), NOW)).toEqual({ amountOffCents: 'amountOff' });
    expect(voucherIssues(valid({ visibility: 'code', code: '' }), NOW)).toEqual({ code: 'codeRequired' });
    expect(voucherIssues(valid({ visibility: 'code', code: 'no!' }), NOW)).toEqual({ code: 'code' });
    expect(voucherIssues(valid({ scope: 'products', productIds: [] }), NOW)).toEqual({ productIds: 'products' });
    expect(voucherIssues(valid({ name: '  ' }), NOW)).toEqual({ name: 'name' });
    expect(voucherIssues(valid({ startsAt: 'soon' }), NOW)).toMatchObject({ startsAt: 'time' });
    const past = valid({ startsAt: toLocalInput(new Date(NOW.getTime() - 7200_000)), endsAt: toLocalInput(new Date(NOW.getTime() - 3600_000)) });
    expect(voucherIssues(past, NOW)).toEqual({ endsAt: 'endPast' });
  });

  it('lets a started voucher only become more generous, with its first-set fields locked', () => {
    const running: VoucherView = {
      id: 7, name: 'Run', scope: 'products', productIds: [1, 2], kind: 'percent', amountOffCents: null, percentOff: 10, maxDiscountCents: 500,
      minSpendCents: 1000, startsAt: '2026-11-29T09:00:30.000Z', endsAt: '2026-12-05T09:00:00.000Z', totalQuantity: 50, usedCount: 3,
      perBuyerLimit: 1, visibility: 'public', code: null, status: 'running', endedAt: null, claimedCount: 9, createdAt: '2026-11-28T00:00:00.000Z',
    };
    const form = voucherToForm(running);
    expect(voucherIssues(form, NOW, running)).toEqual({});
    expect(voucherIssues({ ...form, percentOff: '20', totalQuantity: '80', productIds: [1, 2, 3] }, NOW, running)).toEqual({});
    expect(voucherIssues({ ...form, percentOff: '5' }, NOW, running)).toEqual({ percentOff: 'lessGenerous' });
    expect(voucherIssues({ ...form, minSpendCents: '20' }, NOW, running)).toEqual({ minSpendCents: 'lessGenerous' });
    expect(voucherIssues({ ...form, productIds: [1] }, NOW, running)).toEqual({ productIds: 'lessGenerous' });
    expect(voucherIssues({ ...form, totalQuantity: '40' }, NOW, running)).toEqual({ totalQuantity: 'lessGenerous' });
    // The start shown to the minute goes back with its stored seconds.
    expect(bodyFor(form, running).startsAt).toBe(running.startsAt);
    expect([...lockedFields('running')]).toEqual(['scope', 'kind', 'visibility', 'code', 'startsAt']);
    expect(lockedFields('upcoming').size).toBe(0);
  });

  it('saves above cost, asks to accept a loss, and refuses it under "never below cost"', () => {
    expect(previewVerdict({ belowCostCount: 0, neverBelowCost: true }, true)).toBe('save');
    expect(previewVerdict({ belowCostCount: 2, neverBelowCost: false }, false)).toBe('saveAtLoss');
    expect(previewVerdict({ belowCostCount: 2, neverBelowCost: true }, false)).toBe('refused');
    // The switch turned on after the preview was asked for.
    expect(previewVerdict({ belowCostCount: 1, neverBelowCost: false }, true)).toBe('refused');
  });
});
