import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@shopdesk/shared/envelope';
import type { AppealAnswerBody, AppealRow, MarketplaceSettings, MarketplaceSettingsAnswer, OpsBuyerRow, OpsShopDetail, OpsShopOrderRow, OpsShopRow } from '@shopdesk/shared/ops/catalog';
import type { opsPackageRow } from '@shopdesk/shared/marketing/packages-schemas';
import type { z } from 'zod';
import { opsRequest, type OpsQuery } from './client.ts';

/** An operator action on one target as the console reads it (dates as ISO strings). */
export interface TargetAuditItem {
  id: number;
  operatorName: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** Query keys of the shops, buyers, appeals and settings pages, all under ['ops'] (sign-out drops them). */
export const shopKeys = {
  shops: (q: OpsQuery) => ['ops', 'shops', 'list', q] as const,
  shop: (id: number) => ['ops', 'shops', 'detail', id] as const,
  all: ['ops', 'shops'] as const,
  buyers: (q: OpsQuery) => ['ops', 'buyers', q] as const,
  appeals: (status: string) => ['ops', 'appeals', status] as const,
  settings: ['ops', 'settings'] as const,
  audit: (targetType: string, targetId?: number) => ['ops', 'targetAudit', targetType, targetId ?? 'all'] as const,
};

export function useShops(q: OpsQuery) {
  return useQuery({ queryKey: shopKeys.shops(q), queryFn: ({ signal }) => opsRequest<Paged<OpsShopRow>>('/ops/shops', { query: q, signal }), placeholderData: keepPreviousData });
}

export function useShop(id: number) {
  return useQuery({ queryKey: shopKeys.shop(id), queryFn: ({ signal }) => opsRequest<OpsShopDetail>(`/ops/shops/${id}`, { signal }) });
}

/** A shop's orders, newest first, page by page. */
export function useShopOrders(shopId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['ops', 'shops', 'orders', shopId, page, pageSize],
    queryFn: ({ signal }) => opsRequest<Paged<OpsShopOrderRow>>(`/ops/shops/${shopId}/orders`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShopPackages(shopId: number) {
  return useQuery({ queryKey: ['ops', 'shops', 'packages', shopId], queryFn: ({ signal }) => opsRequest<z.infer<typeof opsPackageRow>[]>('/ops/packages', { query: { shopId }, signal }) });
}

/** The operator actions on a target (a shop, the settings), newest first. */
/** The operator actions on one target, or on every target of the type without targetId. */
export function useTargetAudit(targetType: string, targetId?: number) {
  return useQuery({
    queryKey: shopKeys.audit(targetType, targetId),
    queryFn: async ({ signal }) => {
      const rows = await opsRequest<TargetAuditItem[]>('/ops/audit', { query: { targetType, targetId }, signal });
      return [...rows].sort((a, b) => b.id - a.id);
    },
  });
}

export type ShopStanding = { kind: 'freeze'; reason: string } | { kind: 'unfreeze' } | { kind: 'credit'; creditScore: number; reason: string };

/** Freezes, unfreezes or sets the credit score of a shop (each audited); the shop's page is read again after. */
export function useShopStanding(shopId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ShopStanding) => {
      if (change.kind === 'freeze') return opsRequest<unknown>(`/ops/shops/${shopId}/freeze`, { method: 'POST', body: { reason: change.reason } });
      if (change.kind === 'unfreeze') return opsRequest<unknown>(`/ops/shops/${shopId}/unfreeze`, { method: 'POST' });
      return opsRequest<unknown>(`/ops/shops/${shopId}/credit`, { method: 'POST', body: { creditScore: change.creditScore, reason: change.reason } });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: shopKeys.all });
      await client.invalidateQueries({ queryKey: shopKeys.audit('shop', shopId) });
    },
  });
}

export function useBuyers(q: OpsQuery) {
  return useQuery({ queryKey: shopKeys.buyers(q), queryFn: ({ signal }) => opsRequest<Paged<OpsBuyerRow>>('/ops/buyers', { query: q, signal }), placeholderData: keepPreviousData });
}

export type BuyerStanding = { kind: 'freeze'; reason: string } | { kind: 'unfreeze' };

/** Freezes (with the reason the buyer reads at login) or unfreezes a buyer's account, audited; the list is read again after. */
export function useBuyerStanding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ buyerId, change }: { buyerId: number; change: BuyerStanding }) =>
      opsRequest<OpsBuyerRow>(`/ops/buyers/${buyerId}/${change.kind}`, { method: 'POST', body: change.kind === 'freeze' ? { reason: change.reason } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'buyers'] }),
  });
}

export function useAppeals(status: string) {
  return useQuery({ queryKey: shopKeys.appeals(status), queryFn: ({ signal }) => opsRequest<AppealRow[]>('/ops/appeals', { query: { status }, signal }) });
}

/** Answers an appeal (and unfreezes the shop when asked); the appeals and shops are read again after. */
export function useAnswerAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AppealAnswerBody & { id: number }) => opsRequest<AppealRow>(`/ops/appeals/${id}/answer`, { method: 'POST', body }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['ops', 'appeals'] });
      await client.invalidateQueries({ queryKey: shopKeys.all });
    },
  });
}

export function useMarketplaceSettings() {
  return useQuery({ queryKey: shopKeys.settings, queryFn: ({ signal }) => opsRequest<MarketplaceSettingsAnswer>('/ops/settings', { signal }) });
}

/** Saves the marketplace settings (audited with before and after); the settings and their trail are read again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketplaceSettings) => opsRequest<MarketplaceSettingsAnswer>('/ops/settings', { method: 'POST', body }),
    onSuccess: (answer) => client.setQueryData(shopKeys.settings, answer),
    onSettled: () => client.invalidateQueries({ queryKey: shopKeys.audit('settings', 0) }),
  });
}
