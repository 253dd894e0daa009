import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopInfo } from '@shopdesk/shared/shop/schemas';
import { http } from '../../../lib/http.ts';
import { hasToken } from '../../../lib/storage.ts';
import { siteSettingsStore } from '../../../lib/site-settings.ts';
import { shopSettingsKeys } from './shop-settings-keys.ts';

/**
 * The site name and logo are the shop's (docs/decisions.md, "General settings: per browser or per shop"); this browser keeps a copy so the
 * login page and the first paint show them before the shop answers.
 */
export function mirrorSiteSettings(info: Pick<ShopInfo, 'siteName' | 'siteLogo'>): void {
  const current = siteSettingsStore.get();
  if (current.siteName !== info.siteName || current.logo !== info.siteLogo) siteSettingsStore.set({ siteName: info.siteName, logo: info.siteLogo });
}

export async function fetchShopInfo(signal?: AbortSignal): Promise<ShopInfo> {
  const info = await http.get<ShopInfo>('/shop/info', undefined, { signal, silent: true });
  mirrorSiteSettings(info);
  return info;
}

export const shopInfoQuery = queryOptions({ queryKey: shopSettingsKeys.info(), queryFn: ({ signal }) => fetchShopInfo(signal), staleTime: 60_000 });

/** GET /api/shop/info: name, logo, contacts, site name and site logo. */
export function useShopSettings() {
  const query = useQuery({ ...shopInfoQuery, enabled: hasToken() });
  // Also for an answer that reached the cache another way (the start's batch, lib/answer-batch.ts).
  useEffect(() => {
    if (query.data) mirrorSiteSettings(query.data);
  }, [query.data]);
  return query;
}
