import { SHOP_ROLES, USER_STATUSES, USERS, type ShopRole, type UserStatus } from '@shopdesk/shared/users/schemas';
import { parseChoice, parsePage, parseText } from '../../lib/list-params.ts';

export interface UsersFilters {
  keyword?: string;
  role?: ShopRole;
  status?: UserStatus;
}

export interface UsersSearch extends UsersFilters {
  page: number;
  pageSize: number;
}

/** The user list's filters and page from the query string (unknown values fall back to none). */
export function parseUsersSearch(search: URLSearchParams): UsersSearch {
  return {
    ...parsePage(search),
    keyword: parseText(search.get('keyword'), USERS.KEYWORD_MAX),
    role: parseChoice(search.get('role'), SHOP_ROLES),
    status: parseChoice(search.get('status'), USER_STATUSES),
  };
}
