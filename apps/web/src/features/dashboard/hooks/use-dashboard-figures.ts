import { DASHBOARD, DASHBOARD_SECTION_PERMISSIONS } from '@shopdesk/shared/constants';
import type { Permission } from '@shopdesk/shared/users/permission-rules';
import type { DashboardToday, DashboardWindow, DayFigures } from '@shopdesk/shared/dashboard/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useWalletSummary } from '../../wallet/api/wallet-api.ts';
import {
  useDashboardOrderStats,
  useDashboardOverview,
  useDashboardProducts,
  useDashboardRankings,
  useDashboardToday,
  useDashboardTodo,
  useDashboardTraffic,
  useRecentActivity,
  useShopHealthHistory,
  useShopHealthSummary,
} from '../api/dashboard-api.ts';
import { purchaseDeadlineHint, todoItems, type TodoItem } from '../api/todo-items.ts';
import { useDashboardWindow } from '../api/use-dashboard-window.ts';
import { usePermissions } from '../../users/api/permissions.ts';

/*
 * The seller's home figures on both devices (desktop /dashboard, phone /m/shop). Each card calls
 * its own part of this hook; the figure cards share one query, the window's view (every section in
 * one answer), each selecting its section, so an answer re-renders only the cards it changed and a
 * failed section is its card's error alone. The start's batch asks for that view with the frame.
 */

type Device = 'desktop' | 'phone';

/** What the role needs for each card of the home (the routes' own permissions): a card it may not see is not drawn and asks for nothing. */
const CARD_PERMISSIONS = {
  ...DASHBOARD_SECTION_PERMISSIONS,
  credit: 'member',
  wallet: 'wallet:view',
  activity: DASHBOARD_SECTION_PERMISSIONS.recentActivity,
} as const satisfies Record<string, Permission>;

/** Which cards of the home the caller's role shows (docs/decisions.md, "Staff roles and permissions"). */
export function useDashboardCards() {
  const permissions = usePermissions();
  return { shows: (card: keyof typeof CARD_PERMISSIONS) => permissions.can(CARD_PERMISSIONS[card]) };
}

/** The 7/30-day switch (in the URL) with its label and options. */
export function useFiguresWindow() {
  const { t } = useFormat('dashboard');
  const [window, setWindow] = useDashboardWindow();
  return {
    window,
    setWindow,
    label: t('windowLabel'),
    options: DASHBOARD.WINDOWS.map((days) => ({ days: days as DashboardWindow, label: t('window', { days }) })),
  };
}

export interface TodoFigure extends TodoItem {
  label: string;
  /** Something is waiting or due: drawn in the warning colour. */
  alert: boolean;
  /** Under "Orders to purchase": the nearest deadline, or "overdue since …" once it has passed. */
  hint: { text: string; danger: boolean } | null;
}

/** The to-do strip: its counts, the list each links to on this device, and the deadline hint. */
export function useTodoFigures(device: Device) {
  const { t, dateTime } = useFormat('dashboard');
  const query = useDashboardTodo();
  // The hint turns from "nearest deadline" to "overdue since" while the page is open.
  const now = useNow(30_000);
  const todo = query.data;
  const hint = todo ? purchaseDeadlineHint(todo, now) : null;
  const items: TodoFigure[] = todo
    ? todoItems(todo, device === 'phone').map((item) => ({
        ...item,
        label: t(`todo.${item.key}`),
        alert: item.urgent && item.count > 0,
        hint: item.key === 'toPurchase' && hint ? { text: t(hint.key, { time: dateTime(hint.time) }), danger: hint.overdue || todo.toPurchase.dueSoon > 0 } : null,
      }))
    : [];
  return { title: t('todo.title'), query, items };
}

const TODAY_CELLS: { key: keyof DayFigures; money: boolean }[] = [
  { key: 'orders', money: false },
  { key: 'salesCents', money: true },
  { key: 'profitCents', money: true },
  { key: 'visitors', money: false },
];

/** Today against yesterday: each figure formatted, with yesterday's and which way it moved. */
export function useTodayFigures() {
  const { t, usdt } = useFormat('dashboard');
  const query = useDashboardToday();
  const cellsOf = ({ today, yesterday }: DashboardToday) =>
    TODAY_CELLS.map(({ key, money }) => {
      const format = (n: number) => (money ? usdt(n) : String(n));
      return { key, label: t(`today.${key}`), value: format(today[key]), versus: t('today.yesterday', { value: format(yesterday[key]) }), change: Math.sign(today[key] - yesterday[key]) };
    });
  return { title: t('today.title'), query, cellsOf };
}

export const useTrafficFigures = (window: DashboardWindow) => useDashboardTraffic(window);
export const useOrderStatsFigures = (window: DashboardWindow) => useDashboardOrderStats(window);
export const useProductFigures = () => useDashboardProducts();
export const useRankingFigures = (window: DashboardWindow) => useDashboardRankings(window);
export const useRecentActivityFigures = () => useRecentActivity();
export const useCreditFigures = () => useShopHealthSummary();
/** The phone's credit card lists the last three changes under the score. */
export const useCreditChanges = () => useShopHealthHistory(1, 3);
export const useWalletFigures = () => useWalletSummary();
/** The desktop's account and store cards. */
export const useOverviewFigures = () => useDashboardOverview();
