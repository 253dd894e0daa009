/**
 * Every route of SPEC §2 with the menu key of its title, free of any UI kit so the guard, the
 * tab strip and both route trees share one list.
 */
export const PATHS = {
  desktopLogin: '/login',
  mobileLogin: '/m/login',
  desktopHome: '/',
  desktopLanding: '/dashboard',
  mobileRoot: '/m',
  mobileHome: '/m/shop',
  /** The buyers' mall: outside the seller guard, its own session. */
  mallRoot: '/mall',
} as const;

/**
 * The login page's own pages, open with or without a session: a password reset (asked for
 * without a token; the new password set at the operator's one-time link, `#token=…`) and a shop's
 * registration. Each desktop path with its phone twin.
 */
export const ACCOUNT_PAGES = {
  '/reset-password': '/m/reset-password',
  '/register': '/m/register',
} as const;

export interface PageRoute {
  path: string;
  /** Key in the `menu` namespace. */
  titleKey: string;
}

export const DESKTOP_PAGES = [
  { path: '/dashboard', titleKey: 'dashboard' },
  // Beyond SPEC §2: the credit score explained, and who did what in the shop.
  { path: '/dashboard/health', titleKey: 'shopHealth' },
  { path: '/dashboard/activity', titleKey: 'activityLog' },
  { path: '/users', titleKey: 'users' },
  { path: '/products/list', titleKey: 'productsList' },
  { path: '/products/warehouse', titleKey: 'warehouse' },
  { path: '/products/refunds', titleKey: 'refunds' },
  { path: '/products/reviews', titleKey: 'reviews' },
  { path: '/orders', titleKey: 'orders' },
  { path: '/transactions', titleKey: 'transactions' },
  { path: '/settings/shop', titleKey: 'shopSettings' },
  { path: '/settings/index', titleKey: 'systemSettings' },
  { path: '/finance', titleKey: 'finance' },
  { path: '/wallet', titleKey: 'wallet' },
  { path: '/marketing/shop-express', titleKey: 'shopExpress' },
  { path: '/marketing/purchase-history', titleKey: 'purchaseHistory' },
  { path: '/marketing/activity', titleKey: 'coupleActivity' },
  { path: '/marketing/vip-activity', titleKey: 'vipActivity' },
  // Beyond SPEC §2: every notification, read and unread, reached from the bell's "view all".
  { path: '/notifications', titleKey: 'notifications' },
] as const satisfies readonly PageRoute[];

/** Desktop paths that only redirect (SPEC §2). */
export const DESKTOP_REDIRECTS: Record<string, string> = {
  '/': '/dashboard',
  '/products': '/products/list',
  '/settings': '/settings/shop',
  '/marketing': '/marketing/shop-express',
};

export const MOBILE_PAGES = [
  { path: '/m/shop', titleKey: 'shop' },
  { path: '/m/products', titleKey: 'mobileProducts' },
  { path: '/m/products/edit/:id', titleKey: 'productEdit' },
  { path: '/m/orders', titleKey: 'mobileOrders' },
  { path: '/m/order-detail', titleKey: 'orderDetail' },
  { path: '/m/profile', titleKey: 'profile' },
  { path: '/m/user-info', titleKey: 'userInfo' },
  { path: '/m/finance', titleKey: 'finance' },
  { path: '/m/transactions', titleKey: 'transactions' },
  { path: '/m/payment-history', titleKey: 'paymentHistory' },
  { path: '/m/shop-express', titleKey: 'shopExpress' },
  { path: '/m/withdraw', titleKey: 'withdraw' },
  { path: '/m/activity', titleKey: 'coupleActivity' },
  { path: '/m/activity-center', titleKey: 'activityCenter' },
  { path: '/m/vip-activity', titleKey: 'vipActivity' },
  // Beyond SPEC §2 (phone parity): twins of /products/warehouse and /products/reviews.
  { path: '/m/warehouse', titleKey: 'warehouse' },
  { path: '/m/reviews', titleKey: 'reviews' },
  // Beyond SPEC §2: user management on the phone, twin of /users.
  { path: '/m/users', titleKey: 'users' },
] as const satisfies readonly PageRoute[];

export const MOBILE_REDIRECTS: Record<string, string> = {
  '/m': '/m/shop',
};

/** The page a path shows: its redirect's target (either tree's), or the path itself. */
export function landedPath(pathname: string): string {
  return DESKTOP_REDIRECTS[pathname] ?? MOBILE_REDIRECTS[pathname] ?? pathname;
}

/** Whether `pathname` matches `pattern`, where a `:name` segment matches any one segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]));
}

export function findPage<T extends PageRoute>(pages: readonly T[], pathname: string): T | undefined {
  return pages.find((page) => matchesPattern(page.path, pathname));
}
