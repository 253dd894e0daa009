import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '../../lib/list-params.ts';
import { parsePaymentHistorySearch, PAYMENT_HISTORY_DEFAULTS, statusesFor } from './payment-history-filters.ts';

const q = (text: string) => new URLSearchParams(text);

describe('payment history filters', () => {
  it('treats a default of the list itself as no value (kind=all)', () => {
    expect(applySearchPatch(q('kind=deposit&status=pending'), { kind: 'all', status: undefined }, PAYMENT_HISTORY_DEFAULTS).toString()).toBe('');
  });

  it('reads the payment history filters, with statuses that exist for the kind', () => {
    expect(parsePaymentHistorySearch(q('kind=deposit&status=approved'))).toMatchObject({ kind: 'deposit', status: 'approved' });
    expect(parsePaymentHistorySearch(q('kind=deposit&status=processing')).status).toBeUndefined();
    expect(parsePaymentHistorySearch(q('kind=nope')).kind).toBe('all');
    expect(statusesFor('all')).toEqual(['pending', 'approved', 'processing', 'completed', 'failed', 'rejected']);
  });
});
