import { matchesPattern } from './route-table.ts';

/**
 * Device switch twins (docs/decisions.md "Device switch twins"): the page of the other
 * device a page is mapped to when the layout changes (the window crossed 768 px) or a link of the
 * other device is opened. One ordered list per direction; the first entry that matches wins.
 *
 * - `from` is a route pattern (`:id` matches one segment) with an optional query that must be
 *   present (`/m/orders?tab=refunds` matches only that tab).
 * - `to` is the twin, with an optional query of its own.
 * - `rename` renames query keys on the way (`orderId` of the phone detail is the desktop search `q`).
 * - Every other query parameter (the filters) is kept.
 *
 * SPEC §2's pairs come first and are kept as written; a page inside a SPEC section that has a twin
 * of its own goes to that twin (e.g. /products/refunds to the refunds tab of /m/orders rather than
 * the section's /m/products). Paths matching no entry fall back to SPEC §2's section mapping in
 * device-routing.ts, then the home page.
 */
export interface DeviceTwin {
  from: string;
  to: string;
  rename?: Record<string, string>;
}

export const DESKTOP_TO_MOBILE: readonly DeviceTwin[] = [
  // SPEC §2
  { from: '/dashboard', to: '/m/shop' },
  { from: '/products/list', to: '/m/products' },
  { from: '/orders', to: '/m/orders', rename: { q: 'keyword', ids: 'keyword' } },
  { from: '/settings/shop', to: '/m/profile' },
  { from: '/finance', to: '/m/finance' },
  { from: '/marketing/activity', to: '/m/activity' },
  // Twins beyond SPEC §2
  { from: '/products/refunds', to: '/m/orders?tab=refunds' },
  // Phone routes beyond SPEC §2 (docs/decisions.md "Phone routes and their desktop twins")
  { from: '/products/warehouse', to: '/m/warehouse' },
  { from: '/products/reviews', to: '/m/reviews' },
  { from: '/wallet', to: '/m/finance' },
  { from: '/transactions', to: '/m/transactions' },
  { from: '/marketing/shop-express', to: '/m/shop-express' },
  { from: '/marketing/purchase-history', to: '/m/shop-express' },
  { from: '/marketing/vip-activity', to: '/m/vip-activity' },
  { from: '/marketing/vouchers', to: '/m/vouchers' },
  { from: '/marketing/deals', to: '/m/deals' },
  { from: '/users', to: '/m/users' },
  { from: '/dashboard/activity', to: '/m/activity-log' },
  { from: '/account/security', to: '/m/security' },
  { from: '/chat', to: '/m/chat' },
];

export const MOBILE_TO_DESKTOP: readonly DeviceTwin[] = [
  // Twins that narrow a SPEC §2 pair by its query come before it.
  { from: '/m/orders?tab=refunds', to: '/products/refunds' },
  // SPEC §2
  { from: '/m/shop', to: '/' },
  { from: '/m/products', to: '/products/list' },
  { from: '/m/orders', to: '/orders', rename: { keyword: 'q' } },
  { from: '/m/profile', to: '/settings/shop' },
  { from: '/m/finance', to: '/finance' },
  // Twins beyond SPEC §2
  { from: '/m/products/edit/:id', to: '/products/list' },
  { from: '/m/warehouse', to: '/products/warehouse' },
  { from: '/m/reviews', to: '/products/reviews' },
  { from: '/m/order-detail', to: '/orders', rename: { orderId: 'q' } },
  { from: '/m/user-info', to: '/settings/shop' },
  { from: '/m/transactions', to: '/transactions' },
  { from: '/m/payment-history', to: '/wallet' },
  { from: '/m/withdraw', to: '/wallet' },
  { from: '/m/shop-express', to: '/marketing/shop-express' },
  { from: '/m/activity', to: '/marketing/activity' },
  { from: '/m/activity-center', to: '/marketing/activity' },
  { from: '/m/vip-activity', to: '/marketing/vip-activity' },
  { from: '/m/vouchers', to: '/marketing/vouchers' },
  { from: '/m/deals', to: '/marketing/deals' },
  { from: '/m/users', to: '/users' },
  { from: '/m/activity-log', to: '/dashboard/activity' },
  { from: '/m/security', to: '/account/security' },
  { from: '/m/chat', to: '/chat' },
];

function splitTarget(target: string): [string, URLSearchParams] {
  const at = target.indexOf('?');
  return at < 0 ? [target, new URLSearchParams()] : [target.slice(0, at), new URLSearchParams(target.slice(at + 1))];
}

function withQuery(pathname: string, query: URLSearchParams): string {
  const qs = query.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/**
 * The twin of `pathname` + `search` in `table`, its filters kept; null when no entry matches.
 * Pure: the guard and the unit tests call it.
 */
export function twinOf(table: readonly DeviceTwin[], pathname: string, search: string): string | null {
  const current = new URLSearchParams(search);
  for (const entry of table) {
    const [pattern, required] = splitTarget(entry.from);
    if (!matchesPattern(pattern, pathname)) continue;
    if ([...required].some(([key, value]) => current.get(key) !== value)) continue;
    const [toPath, query] = splitTarget(entry.to);
    const own = new Set(query.keys());
    for (const [key, value] of current) {
      const name = entry.rename?.[key] ?? key;
      if (!required.has(key) && !own.has(name)) query.append(name, value);
    }
    return withQuery(toPath, query);
  }
  return null;
}
