import type { ResourceKey } from 'i18next';

/**
 * Where every catalog but the login pages' and the mall's is: one entry per language and namespace.
 * It loads with the first of those catalogs instead of sitting in the entry, where each new
 * namespace added its nine entries to every cold first page (the login and the mall home).
 */
export const moreCatalogs = import.meta.glob<{ default: ResourceKey }>(['./locales/*/*.json', '!./locales/*/common.json', '!./locales/*/auth.json', '!./locales/*/layout.json', '!./locales/*/mall.json']);
