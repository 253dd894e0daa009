import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { getSessionItem } from '../../../lib/storage.ts';
import { pendingCountKey } from './order-count-keys.ts';

/** Orders waiting for the seller (SPEC §7: data is the pending count). */
export function usePendingCount() {
  const shopId = getSessionItem('shopId');
  return useQuery({
    queryKey: [...pendingCountKey, shopId],
    queryFn: ({ signal }) => http.get<number>('/order/getPurchaseOrderCount', { shopId }, { signal, silent: true }),
    enabled: Boolean(shopId),
    refetchOnWindowFocus: true,
  });
}
