import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DESKTOP_PAGES } from '../../lib/route-table.ts';

type DesktopPath = (typeof DESKTOP_PAGES)[number]['path'];

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The component of each desktop page, each its own chunk so later issues can grow them. */
export const DESKTOP_PAGE_COMPONENTS: Record<DesktopPath, LazyExoticComponent<ComponentType>> = {
  '/dashboard': page(() => import('../../features/dashboard/desktop/dashboard-page.tsx'), 'DashboardPage'),
  '/dashboard/health': page(() => import('../../features/dashboard/desktop/shop-health-page.tsx'), 'ShopHealthPage'),
  '/dashboard/activity': page(() => import('../../features/dashboard/desktop/activity-log-page.tsx'), 'ActivityLogPage'),
  '/users': page(() => import('../../features/users/desktop/users-page.tsx'), 'UsersPage'),
  '/products/list': page(() => import('../../features/products/desktop/products-list-page.tsx'), 'ProductsListPage'),
  '/products/warehouse': page(() => import('../../features/products/desktop/warehouse-page.tsx'), 'WarehousePage'),
  '/products/refunds': page(() => import('../../features/orders/desktop/refunds-page.tsx'), 'RefundsPage'),
  '/products/reviews': page(() => import('../../features/products/desktop/reviews-page.tsx'), 'ReviewsPage'),
  '/orders': page(() => import('../../features/orders/desktop/orders-page.tsx'), 'OrdersPage'),
  '/transactions': page(() => import('../../features/transactions/desktop/transactions-page.tsx'), 'TransactionsPage'),
  '/settings/shop': page(() => import('../../features/settings/desktop/shop-settings-page.tsx'), 'ShopSettingsPage'),
  '/settings/index': page(() => import('../../features/settings/desktop/system-settings-page.tsx'), 'SystemSettingsPage'),
  '/finance': page(() => import('../../features/finance/desktop/finance-page.tsx'), 'FinancePage'),
  '/wallet': page(() => import('../../features/wallet/desktop/wallet-page.tsx'), 'WalletPage'),
  '/marketing/shop-express': page(() => import('../../features/marketing/desktop/shop-express-page.tsx'), 'ShopExpressPage'),
  '/marketing/purchase-history': page(() => import('../../features/marketing/desktop/purchase-history-page.tsx'), 'PurchaseHistoryPage'),
  '/marketing/activity': page(() => import('../../features/marketing/desktop/activity-page.tsx'), 'ActivityPage'),
  '/notifications': page(() => import('../../features/notifications/desktop/notifications-page.tsx'), 'NotificationsPage'),
  '/marketing/vip-activity': page(() => import('../../features/marketing/desktop/vip-activity-page.tsx'), 'VipActivityPage'),
};
