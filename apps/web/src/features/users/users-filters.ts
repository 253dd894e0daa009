import { USER_STATUSES, USERS, type UserStatus } from '@shopdesk/shared/users/schemas';
import { parseChoice, parsePage, parseText } from '../../lib/list-params.ts';

export const USERS_TABS = ['members', 'roles'] as const;
export type UsersTab = (typeof USERS_TABS)[number];

export interface UsersFilters {
  keyword?: string;
  roleId?: number;
  status?: UserStatus;
}

export interface UsersSearch extends UsersFilters {
  page: number;
  pageSize: number;
}

/** A role id from the query string: a positive whole number, else none. */
function parseId(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The user list's filters and page from the query string (unknown values fall back to none). */
export function parseUsersSearch(search: URLSearchParams): UsersSearch & { tab: UsersTab } {
  return {
    ...parsePage(search),
    keyword: parseText(search.get('keyword'), USERS.KEYWORD_MAX),
    roleId: parseId(search.get('roleId')),
    status: parseChoice(search.get('status'), USER_STATUSES),
    tab: parseChoice(search.get('tab'), USERS_TABS) ?? 'members',
  };
}
