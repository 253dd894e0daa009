import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopInfo, ShopPreferencesBody } from '@shopdesk/shared/shop/schemas';
import { http } from '../../../lib/http.ts';
import { applyShopInfo } from './update-shop.ts';

/** POST /api/shop/preferences: the shop's site name (admins). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopPreferencesBody) => http.post<ShopInfo>('/shop/preferences', body),
    onSuccess: (info) => applyShopInfo(queryClient, info),
  });
}
