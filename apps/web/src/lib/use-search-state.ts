import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applySearchPatch, DEFAULT_PAGE_SIZE, type SearchPatch } from './list-params.ts';

/** A list's state parsed from the query string, and a setter that writes changes back to it. */
export function useSearchState<T>(parse: (search: URLSearchParams) => T, defaults: SearchPatch = { page: 1, pageSize: DEFAULT_PAGE_SIZE }) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parse(search), [parse, search]);
  const defaultsKey = JSON.stringify(defaults);
  const update = useCallback(
    (patch: SearchPatch, options: { replace?: boolean } = {}) => {
      setSearch((current) => applySearchPatch(current, patch, JSON.parse(defaultsKey) as SearchPatch), { replace: options.replace });
    },
    [setSearch, defaultsKey],
  );
  return [state, update] as const;
}
