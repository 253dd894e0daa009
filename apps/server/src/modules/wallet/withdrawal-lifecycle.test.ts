import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@shopdesk/shared/wallet/schemas';
import { withdrawalCompleted, withdrawalReturned } from '../ledger/money-flows.ts';
import { WITHDRAWAL_ACTIONS, WITHDRAWAL_APPLY, WITHDRAWAL_TRANSITIONS, withdrawalActionsFrom, withdrawalMayFollow } from './withdrawal-lifecycle.ts';

describe('withdrawal lifecycle', () => {
  it('starts pending and lists the operator actions the routes are generated from', () => {
    expect(WITHDRAWAL_APPLY.to).toBe('pending');
    expect(WITHDRAWAL_ACTIONS).toEqual(['approve', 'process', 'complete', 'fail', 'reject']);
  });

  it.each([
    ['pending', ['approve', 'reject']],
    ['approved', ['process', 'complete', 'fail']],
    ['processing', ['complete', 'fail']],
    ['completed', []],
    ['failed', []],
    ['rejected', []],
  ] as [WithdrawalStatus, string[]][])('from %s the operator may %o', (status, actions) => {
    expect(withdrawalActionsFrom(status)).toEqual(actions);
  });

  it.each([
    ['pending', 'approved'],
    ['pending', 'rejected'],
    ['approved', 'processing'],
    ['approved', 'completed'],
    ['processing', 'failed'],
  ] as [WithdrawalStatus, WithdrawalStatus][])('allows %s → %s', (from, to) => {
    expect(withdrawalMayFollow(from, to)).toBe(true);
  });

  it.each([
    ['pending', 'completed'],
    ['pending', 'processing'],
    ['processing', 'approved'],
    ['completed', 'failed'],
    ['rejected', 'approved'],
    ['failed', 'completed'],
  ] as [WithdrawalStatus, WithdrawalStatus][])('refuses %s → %s', (from, to) => {
    expect(withdrawalMayFollow(from, to)).toBe(false);
  });

  it('moves money only where the table says, through money-flows', () => {
    expect(WITHDRAWAL_TRANSITIONS.approve.money).toBeNull();
    expect(WITHDRAWAL_TRANSITIONS.process.money).toBeNull();
    expect(WITHDRAWAL_TRANSITIONS.complete.money).toBe(withdrawalCompleted);
    expect(WITHDRAWAL_TRANSITIONS.fail.money).toBe(withdrawalReturned);
    expect(WITHDRAWAL_TRANSITIONS.reject.money).toBe(withdrawalReturned);
  });

  it('names only known statuses; final statuses have no way out', () => {
    for (const t of Object.values(WITHDRAWAL_TRANSITIONS)) {
      expect(WITHDRAWAL_STATUSES).toContain(t.to);
      for (const from of t.from) expect(WITHDRAWAL_STATUSES).toContain(from);
      expect(withdrawalActionsFrom(t.to as WithdrawalStatus).length === 0).toBe(['completed', 'failed', 'rejected'].includes(t.to));
    }
  });
});
