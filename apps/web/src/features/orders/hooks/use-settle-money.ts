import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '../../products/api/products-api.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { orderKeys } from '../api/orders-api.ts';
import { pendingCountKey } from '../api/order-count-keys.ts';

/** After an order's money moved (or may have): orders (list, detail, balance, the pending badge), the wallet and the products. */
export function useSettleOrderMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: pendingCountKey }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
    ]);
}
