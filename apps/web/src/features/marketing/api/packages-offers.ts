import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import { http } from '../../../lib/http.ts';
import { packageKeys } from './packages-keys.ts';

/** GET /api/marketing/packages: the table, the active package, the balance, what buying each does now. */
export function fetchPackageOffers(signal?: AbortSignal): Promise<PackagesAnswer> {
  return http.get<PackagesAnswer>('/marketing/packages', undefined, { signal, silent: true });
}

export const packageOffersQuery = queryOptions({
  queryKey: packageKeys.offers(),
  queryFn: ({ signal }) => fetchPackageOffers(signal),
  staleTime: 0,
});

export function usePackageOffers() {
  return useQuery(packageOffersQuery);
}
