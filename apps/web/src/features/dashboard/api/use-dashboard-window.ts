import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DASHBOARD } from '@shopdesk/shared/constants';
import type { DashboardWindow } from '@shopdesk/shared/dashboard/schemas';
import { dashboardWindowOf } from './dashboard-keys.ts';

/** The 7/30-day switch of every windowed section, kept in the URL (`?window=30`); 7 is the default and stays out of it. */
export function useDashboardWindow() {
  const [search, setSearch] = useSearchParams();
  const window = dashboardWindowOf(search);
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
