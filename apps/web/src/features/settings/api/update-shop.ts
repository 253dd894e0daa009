import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ShopInfo, ShopUpdateBody } from '@shopdesk/shared/shop/schemas';
import { http } from '../../../lib/http.ts';
import { updateSessionItem } from '../../../lib/storage.ts';
import { meQuery } from '../../auth/api/me.ts';
import { mirrorSiteSettings } from './shop-info.ts';
import { shopSettingsKeys } from './shop-settings-keys.ts';

/** After any settings change: the answer becomes the cached shop info, the header follows at once. */
export function applyShopInfo(queryClient: QueryClient, info: ShopInfo): void {
  queryClient.setQueryData(shopSettingsKeys.info(), info);
  updateSessionItem('shopName', info.shopName);
  updateSessionItem('shopLogo', info.shopLogo);
  mirrorSiteSettings(info);
  void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

/** POST /api/shop/update: name and contacts (admins). */
export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopUpdateBody) => http.post<ShopInfo>('/shop/update', body),
    onSuccess: (info) => applyShopInfo(queryClient, info),
  });
}
