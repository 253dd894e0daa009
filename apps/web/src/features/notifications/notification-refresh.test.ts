import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_CONTENT as C, NOTIFICATION_TITLE as T } from '@shopdesk/shared/notifications/codes';
import { notificationQueryKeys, refreshConcernedQueries } from './notification-refresh.ts';

const keys = (title: number, content: number) => notificationQueryKeys({ title, content }).map((k) => JSON.stringify(k));
/** What every message refreshes after its own: the pending count and the dashboard's figures. */
const EVERY = ['["orders","pendingCount"]', '["dashboard"]'];

describe('notificationQueryKeys: the pages a live notification concerns', () => {
  it('refreshes the activities for couple requests and answers (title 2)', () => {
    for (const content of [C.COUPLE_REQUEST, C.COUPLE_ACCEPTED, C.COUPLE_DECLINED]) expect(keys(T.COUPLE_OR_ACTIVITY, content)).toEqual(['["rewards"]', ...EVERY]);
  });

  it('refreshes the activities and the header VIP tag when a bonus is ready', () => {
    expect(keys(T.COUPLE_OR_ACTIVITY, C.REWARD_CLAIMABLE)).toEqual(['["rewards"]', '["shop","userLevel"]', ...EVERY]);
    expect(keys(T.REWARD, C.REWARD_CLAIMABLE)).toEqual(['["rewards"]', '["shop","userLevel"]', ...EVERY]);
  });

  it('refreshes the wallet figures for wallet decisions, and the progress too when a deposit is approved', () => {
    for (const content of [C.DEPOSIT_REJECTED, C.WITHDRAWAL_APPROVED, C.WITHDRAWAL_PROCESSING, C.WITHDRAWAL_COMPLETED, C.WITHDRAWAL_FAILED, C.WITHDRAWAL_REJECTED]) {
      expect(keys(T.WALLET, content)).toEqual(['["wallet"]', '["orders","accountBalance"]', ...EVERY]);
    }
    expect(keys(T.WALLET, C.DEPOSIT_APPROVED)).toEqual(['["wallet"]', '["orders","accountBalance"]', '["rewards"]', '["shop","userLevel"]', ...EVERY]);
  });

  it('refreshes the packages and the products for a package reminder or expiry (title 4)', () => {
    for (const content of [C.PACKAGE_EXPIRING, C.PACKAGE_EXPIRED]) expect(keys(T.PROMOTION, content)).toEqual(['["packages"]', '["products"]', ...EVERY]);
  });

  it('refreshes every order figure (lists, detail, refunds, badges) for a new order, and the products for its stock and sales', () => {
    expect(keys(T.NEW_ORDER, C.NEW_ORDER)).toEqual(['["orders"]', '["products"]', ...EVERY]);
    expect(keys(T.REFUND_REQUEST, C.REFUND_REQUEST)).toEqual(['["orders"]', ...EVERY]);
  });

  it('treats a kind it does not know as an order (the default text and target are the order ones too)', () => {
    expect(keys(99, 99)).toEqual(['["orders"]', ...EVERY]);
  });
});

describe('refreshConcernedQueries', () => {
  it('invalidates each concerned query once, whatever the number of messages', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    refreshConcernedQueries(queryClient, [
      { title: T.WALLET, content: C.DEPOSIT_APPROVED },
      { title: T.COUPLE_OR_ACTIVITY, content: C.REWARD_CLAIMABLE },
      { title: T.WALLET, content: C.WITHDRAWAL_COMPLETED },
    ]);
    expect(invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey))).toEqual([
      '["wallet"]',
      '["orders","accountBalance"]',
      '["rewards"]',
      '["shop","userLevel"]',
      '["orders","pendingCount"]',
      '["dashboard"]',
    ]);
  });

  it('leaves out a key another one covers (a second invalidation would cancel the first refetch)', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    refreshConcernedQueries(queryClient, [
      { title: T.WALLET, content: C.WITHDRAWAL_COMPLETED },
      { title: T.NEW_ORDER, content: C.NEW_ORDER },
    ]);
    expect(invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey))).toEqual(['["wallet"]', '["dashboard"]', '["orders"]', '["products"]']);
  });

  it('marks the open orders list, the pending count and the dashboard stale for a new order', () => {
    const queryClient = new QueryClient();
    const touched = [['orders', 'list', { tab: 'all' }], ['orders', 'pendingCount', '1'], ['dashboard', 'todo', {}], ['dashboard', 'today', {}]];
    for (const key of touched) queryClient.setQueryData(key, {});
    queryClient.setQueryData(['wallet', 'summary'], {});
    refreshConcernedQueries(queryClient, [{ title: T.NEW_ORDER, content: C.NEW_ORDER }]);
    for (const key of touched) expect(queryClient.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'summary'])?.isInvalidated).toBe(false);
  });

  it('marks an open page stale so it refetches', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['rewards', 'activities'], { vip: { level: 0 } });
    queryClient.setQueryData(['wallet', 'summary'], { availableCents: 0 });
    refreshConcernedQueries(queryClient, [{ title: T.COUPLE_OR_ACTIVITY, content: C.COUPLE_REQUEST }]);
    expect(queryClient.getQueryState(['rewards', 'activities'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['wallet', 'summary'])?.isInvalidated).toBe(false);
  });
});
