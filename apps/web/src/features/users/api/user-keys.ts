import type { UsersFilters, UsersSearch } from '../users-filters.ts';

/** Query keys of user management; every change refreshes the lists (and the roles' member counts). */
export const userKeys = {
  all: ['users'] as const,
  list: (q: UsersSearch) => [...userKeys.all, 'list', q] as const,
  feed: (q: UsersFilters) => [...userKeys.all, 'feed', q] as const,
  roles: () => [...userKeys.all, 'roles'] as const,
};
