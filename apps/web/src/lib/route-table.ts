import type { Permission } from '@shopdesk/shared/users/permission-rules';

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
  /** The operator console: outside the seller guard, its own session and second factor. */
  opsRoot: '/ops',
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
  /** What the role needs to see the page (the permission of the routes it reads); the menus hide it otherwise. */
  permission: Permission;
}

export const DESKTOP_PAGES = [
  { path: '/dashboard', titleKey: 'dashboard', permission: 'member' },
  // Beyond SPEC §2: the credit score explained, and who did what in the shop.
  { path: '/dashboard/health', titleKey: 'shopHealth', permission: 'member' },
  { path: '/dashboard/activity', titleKey: 'activityLog', permission: 'users:view' },
  { path: '/users', titleKey: 'users', permission: 'users:view' },
  { path: '/products/list', titleKey: 'productsList', permission: 'products:view' },
  { path: '/products/warehouse', titleKey: 'warehouse', permission: 'products:view' },
  { path: '/products/refunds', titleKey: 'refunds', permission: 'refunds:view' },
  { path: '/products/reviews', titleKey: 'reviews', permission: 'reviews:view' },
  { path: '/orders', titleKey: 'orders', permission: 'orders:view' },
  // Beyond SPEC §2: chat with the mall's buyers (docs/decisions.md, "Chat").
  { path: '/chat', titleKey: 'chat', permission: 'chat:view' },
  { path: '/transactions', titleKey: 'transactions', permission: 'wallet:view' },
  { path: '/settings/shop', titleKey: 'shopSettings', permission: 'member' },
  { path: '/settings/index', titleKey: 'systemSettings', permission: 'member' },
  { path: '/finance', titleKey: 'finance', permission: 'reports:view' },
  { path: '/wallet', titleKey: 'wallet', permission: 'wallet:view' },
  { path: '/marketing/shop-express', titleKey: 'shopExpress', permission: 'marketing:view' },
  { path: '/marketing/purchase-history', titleKey: 'purchaseHistory', permission: 'marketing:view' },
  { path: '/marketing/activity', titleKey: 'coupleActivity', permission: 'marketing:view' },
  { path: '/marketing/vip-activity', titleKey: 'vipActivity', permission: 'marketing:view' },
  // Beyond SPEC §2: the shop's own vouchers (docs/decisions.md, "Seller vouchers").
  { path: '/marketing/vouchers', titleKey: 'vouchers', permission: 'marketing:view' },
  // Beyond SPEC §2: the shop's flash deals (docs/decisions.md, "Flash deals").
  { path: '/marketing/deals', titleKey: 'deals', permission: 'marketing:view' },
  // Beyond SPEC §2: every notification, read and unread, reached from the bell's "view all".
  { path: '/notifications', titleKey: 'notifications', permission: 'member' },
  // Beyond SPEC §2: the account's second factor, signed-in devices and withdrawal addresses.
  { path: '/account/security', titleKey: 'security', permission: 'member' },
] as const satisfies readonly PageRoute[];

/** Desktop paths that only redirect (SPEC §2). */
export const DESKTOP_REDIRECTS: Record<string, string> = {
  '/': '/dashboard',
  '/products': '/products/list',
  '/settings': '/settings/shop',
  '/marketing': '/marketing/shop-express',
};

export const MOBILE_PAGES = [
  { path: '/m/shop', titleKey: 'shop', permission: 'member' },
  { path: '/m/products', titleKey: 'mobileProducts', permission: 'products:view' },
  { path: '/m/products/edit/:id', titleKey: 'productEdit', permission: 'products:view' },
  { path: '/m/orders', titleKey: 'mobileOrders', permission: 'orders:view' },
  { path: '/m/order-detail', titleKey: 'orderDetail', permission: 'orders:view' },
  { path: '/m/chat', titleKey: 'chat', permission: 'chat:view' },
  { path: '/m/profile', titleKey: 'profile', permission: 'member' },
  { path: '/m/user-info', titleKey: 'userInfo', permission: 'member' },
  { path: '/m/finance', titleKey: 'finance', permission: 'reports:view' },
  { path: '/m/transactions', titleKey: 'transactions', permission: 'wallet:view' },
  { path: '/m/payment-history', titleKey: 'paymentHistory', permission: 'wallet:view' },
  { path: '/m/shop-express', titleKey: 'shopExpress', permission: 'marketing:view' },
  { path: '/m/withdraw', titleKey: 'withdraw', permission: 'wallet:view' },
  { path: '/m/activity', titleKey: 'coupleActivity', permission: 'marketing:view' },
  { path: '/m/activity-center', titleKey: 'activityCenter', permission: 'marketing:view' },
  { path: '/m/vip-activity', titleKey: 'vipActivity', permission: 'marketing:view' },
  { path: '/m/vouchers', titleKey: 'vouchers', permission: 'marketing:view' },
  { path: '/m/deals', titleKey: 'deals', permission: 'marketing:view' },
  // Beyond SPEC §2 (phone parity): twins of /products/warehouse and /products/reviews.
  { path: '/m/warehouse', titleKey: 'warehouse', permission: 'products:view' },
  { path: '/m/reviews', titleKey: 'reviews', permission: 'reviews:view' },
  // Beyond SPEC §2: user management on the phone, twin of /users.
  { path: '/m/users', titleKey: 'users', permission: 'users:view' },
  { path: '/m/activity-log', titleKey: 'activityLog', permission: 'users:view' },
  { path: '/m/security', titleKey: 'security', permission: 'member' },
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
