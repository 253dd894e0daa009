import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoTarget, ShopInfo } from '@shopdesk/shared/shop/schemas';
import { http, TRANSFER_TIMEOUT_MS } from '../../../lib/http.ts';
import { fetchShopInfo } from './shop-info.ts';
import { applyShopInfo } from './update-shop.ts';

/** POST /api/shop/logo (multipart `logo`) or, with no file, /api/shop/logo/remove: the shop or site logo (admins). */
export function useLogoChange(target: LogoTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob | null): Promise<ShopInfo> => {
      if (file) {
        const form = new FormData();
        form.append('logo', file, 'logo.png');
        await http.upload<{ logo: string }>('/shop/logo', form, { params: { target }, timeoutMs: TRANSFER_TIMEOUT_MS });
      } else {
        await http.post<{ logo: string }>('/shop/logo/remove', { target });
      }
      return fetchShopInfo();
    },
    onSuccess: (info) => applyShopInfo(queryClient, info),
  });
}
