import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IdempotencyKeeper } from '../../lib/idempotency.ts';
import { opsHeaders, opsRequest, opsUrl, OpsApiError } from './client.ts';

/** The three money queues of the console and their routes under /api/ops. */
export type MoneyQueue = 'deposits' | 'withdrawals' | 'buyerDeposits';

/** A row as the console reads it: the API's dates arrive as ISO strings. */
export interface DepositItem {
  id: number;
  shopId: number;
  currency: string;
  network: string;
  address: string;
  amountCents: number;
  screenshotType: string;
  status: string;
  rejectReason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface BuyerDepositItem {
  id: number;
  buyerId: number;
  currency: string;
  network: string;
  address: string;
  fromAddress: string;
  amountCents: number;
  status: string;
  rejectReason: string | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface WithdrawalItem {
  id: number;
  shopId: number;
  currency: string;
  network: string;
  address: string;
  amountCents: number;
  feeCents: number;
  arrivalCents: number;
  status: string;
  remark: string | null;
  payoutTxHash: string | null;
  completedAt: string | null;
  createdAt: string;
}

export const moneyKeys = {
  queue: (queue: MoneyQueue, status: string) => ['ops', 'money', queue, status] as const,
  all: (queue: MoneyQueue) => ['ops', 'money', queue] as const,
};

/** One queue in one status; a pending queue comes oldest first (the first come is decided first). */
export function useMoneyQueue<T extends { id: number }>(queue: MoneyQueue, status: string) {
  return useQuery({
    queryKey: moneyKeys.queue(queue, status),
    queryFn: async ({ signal }) => {
      const rows = await opsRequest<T[]>(`/ops/${queue}`, { query: { status }, signal });
      return status === 'pending' ? [...rows].sort((a, b) => a.id - b.id) : rows;
    },
  });
}

export interface DecisionInput {
  id: number;
  action: string;
  reason?: string;
  payoutTxHash?: string;
}

/**
 * A decision on a queue's row, with an Idempotency-Key: resent after no answer, the server runs it
 * once; a new key after any answer. The queue (every status) is read again once it settled.
 */
export function useMoneyDecision(queue: MoneyQueue) {
  const queryClient = useQueryClient();
  const keeper = useRef(new IdempotencyKeeper());
  return useMutation({
    mutationFn: async ({ id, action, reason, payoutTxHash }: DecisionInput) => {
      const body = { ...(reason ? { reason } : {}), ...(payoutTxHash ? { payoutTxHash } : {}) };
      const key = keeper.current.keyFor(JSON.stringify([queue, id, action, body]));
      try {
        const answer = await opsRequest<unknown>(`/ops/${queue}/${id}/${action}`, { method: 'POST', body, idempotencyKey: key });
        keeper.current.settle(true);
        return answer;
      } catch (error) {
        keeper.current.settle(error instanceof OpsApiError && error.status !== 0 && error.status < 500);
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all(queue) }),
  });
}

/**
 * A deposit's payment screenshot as an object URL (the request carries the operator's token, which an
 * <img> cannot send), with its type: images open zoomable, a PDF in the browser's own viewer.
 */
export function useScreenshot(queue: 'deposits' | 'buyerDeposits', id: number) {
  const [state, setState] = useState<{ url: string; type: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let url: string | null = null;
    const controller = new AbortController();
    fetch(opsUrl(`/ops/${queue}/${id}/screenshot`), { headers: opsHeaders(), signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        url = URL.createObjectURL(blob);
        setState({ url, type: blob.type });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [queue, id]);
  return state;
}
