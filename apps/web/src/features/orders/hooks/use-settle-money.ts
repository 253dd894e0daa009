import { useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '../../dashboard/api/dashboard-keys.ts';
import { productKeys } from '../../products/api/products-api.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { orderKeys } from '../api/orders-api.ts';

/**
 * After an order's money moved (or may have): orders (list, detail, balance, the pending badge), the
 * wallet, the products and the dashboard's figures (to-do counts, wallet), so no figure keeps the
 * old count (the pending badge is under `orderKeys.all`).
 */
export function useSettleOrderMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}
