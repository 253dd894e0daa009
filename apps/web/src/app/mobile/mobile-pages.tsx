import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MOBILE_PAGES } from '../../lib/route-table.ts';

type MobilePath = (typeof MOBILE_PAGES)[number]['path'];

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/** The component of each mobile page, each its own chunk. */
export const MOBILE_PAGE_COMPONENTS: Record<MobilePath, LazyExoticComponent<ComponentType>> = {
  '/m/shop': page(() => import('../../features/shop/mobile/shop-page.tsx'), 'MobileShopPage'),
  '/m/products': page(() => import('../../features/products/mobile/products-page.tsx'), 'MobileProductsPage'),
  '/m/products/edit/:id': page(() => import('../../features/products/mobile/product-edit-page.tsx'), 'MobileProductEditPage'),
  '/m/orders': page(() => import('../../features/orders/mobile/orders-page.tsx'), 'MobileOrdersPage'),
  '/m/order-detail': page(() => import('../../features/orders/mobile/order-detail-page.tsx'), 'MobileOrderDetailPage'),
  '/m/profile': page(() => import('./profile-page.tsx'), 'MobileProfilePage'),
  '/m/user-info': page(() => import('../../features/settings/mobile/user-info-page.tsx'), 'MobileUserInfoPage'),
  '/m/finance': page(() => import('../../features/wallet/mobile/finance-page.tsx'), 'MobileFinancePage'),
  '/m/transactions': page(() => import('../../features/transactions/mobile/transactions-page.tsx'), 'MobileTransactionsPage'),
  '/m/payment-history': page(() => import('../../features/transactions/mobile/payment-history-page.tsx'), 'MobilePaymentHistoryPage'),
  '/m/shop-express': page(() => import('../../features/marketing/mobile/shop-express-page.tsx'), 'MobileShopExpressPage'),
  '/m/withdraw': page(() => import('../../features/wallet/mobile/withdraw-page.tsx'), 'MobileWithdrawPage'),
  '/m/activity': page(() => import('../../features/marketing/mobile/activity-page.tsx'), 'MobileActivityPage'),
  '/m/activity-center': page(() => import('../../features/marketing/mobile/activity-center-page.tsx'), 'MobileActivityCenterPage'),
  '/m/vip-activity': page(() => import('../../features/marketing/mobile/vip-activity-page.tsx'), 'MobileVipActivityPage'),
  '/m/warehouse': page(() => import('../../features/products/mobile/warehouse-page.tsx'), 'MobileWarehousePage'),
  '/m/reviews': page(() => import('../../features/products/mobile/reviews-page.tsx'), 'MobileReviewsPage'),
};
