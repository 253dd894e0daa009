import { eager, lazyExport, preloadPageOf, type PreloadableComponent } from '../../lib/preloadable-lazy.tsx';
import { DashboardPage } from '../../features/dashboard/desktop/dashboard-page.tsx';
import { DESKTOP_REDIRECTS, type DESKTOP_PAGES } from '../../lib/route-table.ts';

type DesktopPath = (typeof DESKTOP_PAGES)[number]['path'];

/** The component of each desktop page, each its own chunk so later issues can grow them. */
export const DESKTOP_PAGE_COMPONENTS: Record<DesktopPath, PreloadableComponent<object>> = {
  '/dashboard': eager(DashboardPage),
  '/dashboard/health': lazyExport(() => import('../../features/dashboard/desktop/shop-health-page.tsx'), 'ShopHealthPage'),
  '/dashboard/activity': lazyExport(() => import('../../features/dashboard/desktop/activity-log-page.tsx'), 'ActivityLogPage'),
  '/users': lazyExport(() => import('../../features/users/desktop/users-page.tsx'), 'UsersPage'),
  '/products/list': lazyExport(() => import('../../features/products/desktop/products-list-page.tsx'), 'ProductsListPage'),
  '/products/warehouse': lazyExport(() => import('../../features/products/desktop/warehouse-page.tsx'), 'WarehousePage'),
  '/products/refunds': lazyExport(() => import('../../features/orders/desktop/refunds-page.tsx'), 'RefundsPage'),
  '/products/reviews': lazyExport(() => import('../../features/products/desktop/reviews-page.tsx'), 'ReviewsPage'),
  '/orders': lazyExport(() => import('../../features/orders/desktop/orders-page.tsx'), 'OrdersPage'),
  '/chat': lazyExport(() => import('../../features/chat/desktop/chat-page.tsx'), 'ChatPage'),
  '/transactions': lazyExport(() => import('../../features/wallet/desktop/transactions-page.tsx'), 'TransactionsPage'),
  '/settings/shop': lazyExport(() => import('../../features/settings/desktop/shop-settings-page.tsx'), 'ShopSettingsPage'),
  '/settings/index': lazyExport(() => import('../../features/settings/desktop/system-settings-page.tsx'), 'SystemSettingsPage'),
  '/finance': lazyExport(() => import('../../features/wallet/desktop/finance-page.tsx'), 'FinancePage'),
  '/wallet': lazyExport(() => import('../../features/wallet/desktop/wallet-page.tsx'), 'WalletPage'),
  '/marketing/shop-express': lazyExport(() => import('../../features/marketing/desktop/packages-page.tsx'), 'PackagesPage'),
  '/marketing/vouchers': lazyExport(() => import('../../features/vouchers/desktop/vouchers-page.tsx'), 'VouchersPage'),
  '/marketing/deals': lazyExport(() => import('../../features/deals/desktop/deals-page.tsx'), 'DealsPage'),
  '/marketing/purchase-history': lazyExport(() => import('../../features/marketing/desktop/purchase-history-page.tsx'), 'PurchaseHistoryPage'),
  '/marketing/activity': lazyExport(() => import('../../features/marketing/desktop/activity-page.tsx'), 'ActivityPage'),
  '/notifications': lazyExport(() => import('../../features/notifications/desktop/notifications-page.tsx'), 'NotificationsPage'),
  '/account/security': lazyExport(() => import('../../features/account/desktop/security-page.tsx'), 'SecurityPage'),
  '/marketing/vip-activity': lazyExport(() => import('../../features/marketing/desktop/vip-activity-page.tsx'), 'VipActivityPage'),
};

/** Loads the page `pathname` shows, so the root's first render has it without suspending. */
export function preloadDesktopPage(pathname: string): Promise<unknown> {
  return preloadPageOf(DESKTOP_PAGE_COMPONENTS, DESKTOP_REDIRECTS, pathname);
}
