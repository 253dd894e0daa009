import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponBody, OpsCoupon, OpsPackageOffer, PackageOfferBody } from '@shopdesk/shared/ops/offers';
import { opsRequest } from './client.ts';
import { shopKeys } from './shops-api.ts';

/** Query keys of the packages and coupons pages, under ['ops'] (sign-out drops them). */
export const offerKeys = {
  packages: ['ops', 'packageOffers'] as const,
  coupons: ['ops', 'coupons'] as const,
};

export function usePackageOffers() {
  return useQuery({ queryKey: offerKeys.packages, queryFn: ({ signal }) => opsRequest<OpsPackageOffer[]>('/ops/packageOffers', { signal }) });
}

/** Saves a tier's terms; the list and its history are read again after. */
export function useSavePackageOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PackageOfferBody) => opsRequest<OpsPackageOffer>('/ops/packageOffers', { method: 'POST', body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: offerKeys.packages }), client.invalidateQueries({ queryKey: shopKeys.audit('package_offer') })]),
  });
}

export function useCoupons() {
  return useQuery({ queryKey: offerKeys.coupons, queryFn: ({ signal }) => opsRequest<OpsCoupon[]>('/ops/coupons', { signal }) });
}

/** Creates (id null) or changes a coupon, or retires it; the list and its history are read again after. */
export function useCouponChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number | null; body: CouponBody } | { retire: number }) =>
      'retire' in change
        ? opsRequest<OpsCoupon>(`/ops/coupons/${change.retire}/retire`, { method: 'POST' })
        : opsRequest<OpsCoupon>(change.id === null ? '/ops/coupons' : `/ops/coupons/${change.id}`, { method: 'POST', body: change.body }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: offerKeys.coupons }), client.invalidateQueries({ queryKey: shopKeys.audit('coupon') })]),
  });
}
