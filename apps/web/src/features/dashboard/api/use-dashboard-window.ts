import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD } from '@shopdesk/shared/constants';
import type { DashboardWindow } from '@shopdesk/shared/dashboard/schemas';

/** The 7/30-day switch of every windowed section, kept in the URL (`?window=30`); 7 is the default and stays out of it. */
export function useDashboardWindow() {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('window'));
  const window: DashboardWindow = (DASHBOARD.WINDOWS as readonly number[]).includes(raw) ? (raw as DashboardWindow) : DASHBOARD.DEFAULT_WINDOW;
  const setWindow = useCallback(
    (next: DashboardWindow) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === DASHBOARD.DEFAULT_WINDOW) params.delete('window');
          else params.set('window', String(next));
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [window, setWindow] as const;
}
