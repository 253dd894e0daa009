import { getSession } from '../../../lib/storage.ts';
import { useMe } from './me.ts';

export interface ShopInfo {
  shopId: string;
  shopName: string;
  shopLogo: string;
  userId: string;
  vipLevel: number | null;
  creditScore: number | null;
}

/** Shop identity from "who am I" when loaded, from the stored session until then. */
export function useShopInfo(): ShopInfo {
  const stored = getSession();
  const { data } = useMe();
  const shop = data?.shop;
  return {
    shopId: shop ? String(shop.shopId) : (stored?.shopId ?? ''),
    shopName: shop?.shopName ?? stored?.shopName ?? '',
    shopLogo: shop?.shopLogo ?? stored?.shopLogo ?? '',
    userId: data ? String(data.userId) : (stored?.userId ?? ''),
    vipLevel: shop?.vipLevel ?? null,
    creditScore: shop?.creditScore ?? null,
  };
}
