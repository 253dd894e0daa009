import { eager, lazyExport, preloadPageOf, type PreloadableComponent } from '../../lib/preloadable-lazy.tsx';
import { MobileShopPage } from '../../features/dashboard/mobile/shop-page.tsx';
import { MOBILE_REDIRECTS, type MOBILE_PAGES } from '../../lib/route-table.ts';

type MobilePath = (typeof MOBILE_PAGES)[number]['path'];

/** The component of each mobile page, each its own chunk but the home's (loaded with the root). */
export const MOBILE_PAGE_COMPONENTS: Record<MobilePath, PreloadableComponent<object>> = {
  '/m/shop': eager(MobileShopPage),
  '/m/products': lazyExport(() => import('../../features/products/mobile/products-page.tsx'), 'MobileProductsPage'),
  '/m/products/edit/:id': lazyExport(() => import('../../features/products/mobile/product-edit-page.tsx'), 'MobileProductEditPage'),
  '/m/orders': lazyExport(() => import('../../features/orders/mobile/orders-page.tsx'), 'MobileOrdersPage'),
  '/m/order-detail': lazyExport(() => import('../../features/orders/mobile/order-detail-page.tsx'), 'MobileOrderDetailPage'),
  '/m/profile': lazyExport(() => import('./profile-page.tsx'), 'MobileProfilePage'),
  '/m/user-info': lazyExport(() => import('../../features/settings/mobile/user-info-page.tsx'), 'MobileUserInfoPage'),
  '/m/finance': lazyExport(() => import('../../features/wallet/mobile/finance-page.tsx'), 'MobileFinancePage'),
  '/m/transactions': lazyExport(() => import('../../features/wallet/mobile/transactions-page.tsx'), 'MobileTransactionsPage'),
  '/m/payment-history': lazyExport(() => import('../../features/wallet/mobile/payment-history-page.tsx'), 'MobilePaymentHistoryPage'),
  '/m/shop-express': lazyExport(() => import('../../features/marketing/mobile/packages-page.tsx'), 'MobilePackagesPage'),
  '/m/withdraw': lazyExport(() => import('../../features/wallet/mobile/withdraw-page.tsx'), 'MobileWithdrawPage'),
  '/m/activity': lazyExport(() => import('../../features/marketing/mobile/activity-page.tsx'), 'MobileActivityPage'),
  '/m/activity-center': lazyExport(() => import('../../features/marketing/mobile/activity-center-page.tsx'), 'MobileActivityCenterPage'),
  '/m/vouchers': lazyExport(() => import('../../features/vouchers/mobile/vouchers-page.tsx'), 'MobileVouchersPage'),
  '/m/deals': lazyExport(() => import('../../features/deals/mobile/deals-page.tsx'), 'MobileDealsPage'),
  '/m/vip-activity': lazyExport(() => import('../../features/marketing/mobile/vip-activity-page.tsx'), 'MobileVipActivityPage'),
  '/m/warehouse': lazyExport(() => import('../../features/products/mobile/warehouse-page.tsx'), 'MobileWarehousePage'),
  '/m/reviews': lazyExport(() => import('../../features/products/mobile/reviews-page.tsx'), 'MobileReviewsPage'),
  '/m/users': lazyExport(() => import('../../features/users/mobile/users-page.tsx'), 'MobileUsersPage'),
  '/m/activity-log': lazyExport(() => import('../../features/dashboard/mobile/activity-log-page.tsx'), 'MobileActivityLogPage'),
  '/m/chat': lazyExport(() => import('../../features/chat/mobile/chat-page.tsx'), 'MobileChatPage'),
  '/m/security': lazyExport(() => import('../../features/account/mobile/security-page.tsx'), 'MobileSecurityPage'),
};

/** Loads the page `pathname` shows, so the root's first render has it without suspending. */
export function preloadMobilePage(pathname: string): Promise<unknown> {
  return preloadPageOf(MOBILE_PAGE_COMPONENTS, MOBILE_REDIRECTS, pathname);
}
