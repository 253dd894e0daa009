import { DESKTOP_PAGES, DESKTOP_REDIRECTS, MOBILE_PAGES, MOBILE_REDIRECTS, PATHS, findPage } from './route-table.ts';

/**
 * The route guard and the desktop↔mobile mapping of SPEC §2 as pure functions.
 */

export function normalizePath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') || '/' : collapsed || '/';
}

export function isMobilePath(pathname: string): boolean {
  return pathname === PATHS.mobileRoot || pathname.startsWith(`${PATHS.mobileRoot}/`);
}

export function isLoginPath(pathname: string): boolean {
  return pathname === PATHS.desktopLogin || pathname === PATHS.mobileLogin;
}

export const loginPathFor = (mobile: boolean): string => (mobile ? PATHS.mobileLogin : PATHS.desktopLogin);
export const homePathFor = (mobile: boolean): string => (mobile ? PATHS.mobileHome : PATHS.desktopHome);

/** Where a logged-in user lands after logging in (SPEC §2 home; desktop skips the / redirect). */
export const landingPathFor = (mobile: boolean): string => (mobile ? PATHS.mobileHome : PATHS.desktopLanding);

function firstSegment(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

const TO_MOBILE: Record<string, string> = {
  login: PATHS.mobileLogin,
  dashboard: '/m/shop',
  products: '/m/products',
  orders: '/m/orders',
  settings: '/m/profile',
  finance: '/m/finance',
  marketing: '/m/activity',
};

const TO_DESKTOP: Record<string, string> = {
  login: PATHS.desktopLogin,
  shop: '/',
  products: '/products/list',
  orders: '/orders',
  profile: '/settings/shop',
  finance: '/finance',
};

/** A desktop path for a mobile user; null when the path has no counterpart (the caller goes home). */
export function desktopToMobile(pathname: string): string | null {
  return TO_MOBILE[firstSegment(pathname)] ?? null;
}

/** A mobile path for a desktop user; null when the path has no counterpart (the caller goes home). */
export function mobileToDesktop(pathname: string): string | null {
  return TO_DESKTOP[pathname.split('/')[2] ?? ''] ?? null;
}

export function isKnownPath(pathname: string): boolean {
  if (isLoginPath(pathname)) return true;
  if (isMobilePath(pathname)) return pathname in MOBILE_REDIRECTS || Boolean(findPage(MOBILE_PAGES, pathname));
  return pathname in DESKTOP_REDIRECTS || Boolean(findPage(DESKTOP_PAGES, pathname));
}

/** The path for this device: mapped across device types, unknown paths sent home. */
function pathForDevice(pathname: string, search: string, mobile: boolean): string {
  const onMobilePath = isMobilePath(pathname);
  if (mobile !== onMobilePath) {
    const mapped = mobile ? desktopToMobile(pathname) : mobileToDesktop(pathname);
    return mapped ? `${mapped}${search}` : homePathFor(mobile);
  }
  return isKnownPath(pathname) ? `${pathname}${search}` : homePathFor(mobile);
}

/** The router state the guard leaves for the login page: where the seller was going. */
export interface LoginState {
  returnTo?: string;
}

export interface RouteInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  mobile: boolean;
}

export interface RouteDecision {
  /** Where to go instead of the requested location. */
  to: string;
  /** For a bounce to login: where to continue after logging in. */
  returnTo?: string;
}

/** Null when the requested location may be shown as is; otherwise where to redirect. */
export function resolveRoute({ pathname, search, hasToken, mobile }: RouteInput): RouteDecision | null {
  const current = `${normalizePath(pathname)}${search}`;
  const target = pathForDevice(normalizePath(pathname), search, mobile);
  const targetPath = target.split('?')[0];
  if (!hasToken && !isLoginPath(targetPath)) {
    const returnTo = targetPath === homePathFor(mobile) ? undefined : target;
    return { to: loginPathFor(mobile), ...(returnTo ? { returnTo } : {}) };
  }
  if (hasToken && isLoginPath(targetPath)) return { to: homePathFor(mobile) };
  return target === current ? null : { to: target };
}

/** A safe place to continue after logging in: a known, non-login path of this device type. */
export function afterLoginPath(returnTo: unknown, mobile: boolean): string {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return landingPathFor(mobile);
  const pathname = normalizePath(returnTo.split('?')[0]);
  const fits = isKnownPath(pathname) && !isLoginPath(pathname) && isMobilePath(pathname) === mobile;
  return fits ? returnTo : landingPathFor(mobile);
}
