import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Paged } from '@shopdesk/shared/envelope';
import type { ShopUser } from '@shopdesk/shared/users/schemas';
import type { UsersFilters, UsersSearch } from '../users-filters.ts';
import { http } from '../../../lib/http.ts';
import { nextPageOf, SCROLL_PAGE_SIZE } from '../../wallet/api/wallet-api.ts';
import { userKeys } from './user-keys.ts';

export function fetchUsers(q: UsersSearch, signal?: AbortSignal) {
  return http.get<Paged<ShopUser>>('/users/list', { ...q }, { signal, silent: true });
}

/** GET /api/users/list: the shop's users, filtered and paged (admins). */
export function useUsers(q: UsersSearch, enabled = true) {
  return useQuery({ queryKey: userKeys.list(q), queryFn: ({ signal }) => fetchUsers(q, signal), placeholderData: keepPreviousData, enabled });
}

/** The phone's users, a page at a time as the seller scrolls. */
export function useInfiniteUsers(filters: UsersFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: userKeys.feed(filters),
    queryFn: ({ pageParam, signal }) => fetchUsers({ ...filters, page: pageParam, pageSize: SCROLL_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    enabled,
  });
}
