import { ACCOUNT_PAGES, DESKTOP_PAGES, DESKTOP_REDIRECTS, MOBILE_PAGES, MOBILE_REDIRECTS, PATHS, findPage } from './route-table.ts';
import { DESKTOP_TO_MOBILE, MOBILE_TO_DESKTOP, twinOf } from './device-twins.ts';

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

/** The buyers' mall: outside the seller guard and its device switch. */
export function isMallPath(pathname: string): boolean {
  return pathname === PATHS.mallRoot || pathname.startsWith(`${PATHS.mallRoot}/`);
}

/** The operator console: outside the seller guard and its device switch (desktop only). */
export function isOpsPath(pathname: string): boolean {
  return pathname === PATHS.opsRoot || pathname.startsWith(`${PATHS.opsRoot}/`);
}

export function isLoginPath(pathname: string): boolean {
  return pathname === PATHS.desktopLogin || pathname === PATHS.mobileLogin;
}

const ACCOUNT_PAIRS = Object.entries(ACCOUNT_PAGES);

/** A page of the login page's own (reset, register): open to anyone, with or without a session. */
export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PAIRS.some(([desktop, mobile]) => pathname === desktop || pathname === mobile);
}

/** The account page's path on this device type (the same page, its twin on the other device). */
function accountPathFor(pathname: string, mobile: boolean): string {
  const pair = ACCOUNT_PAIRS.find(([desktop, phone]) => pathname === desktop || pathname === phone);
  return pair ? pair[mobile ? 1 : 0] : pathname;
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

/**
 * The page of the other device type for a path (device-twins.ts first, then SPEC §2's section
 * mapping), filters kept; the home page when it has none.
 */
export function twinPathFor(pathname: string, search: string, mobile: boolean): string {
  const twin = isKnownPath(pathname) ? twinOf(mobile ? DESKTOP_TO_MOBILE : MOBILE_TO_DESKTOP, pathname, search) : null;
  if (twin) return twin;
  const mapped = mobile ? desktopToMobile(pathname) : mobileToDesktop(pathname);
  return mapped ? `${mapped}${search}` : homePathFor(mobile);
}

/** Whether `path` (with its query) is a page of this device type the seller may come back to. */
function fitsDevice(path: string | undefined, mobile: boolean): path is string {
  if (!path?.startsWith('/') || path.startsWith('//')) return false;
  const pathname = normalizePath(path.split('?')[0]);
  return isMobilePath(pathname) === mobile && isKnownPath(pathname) && !isLoginPath(pathname);
}

/**
 * The path for this device: mapped across device types (back to `switchedFrom` when the device
 * switches back, else the twin). An unknown path of this device stays: its page says "not found".
 */
function pathForDevice(pathname: string, search: string, mobile: boolean, switchedFrom?: string): string {
  const onMobilePath = isMobilePath(pathname);
  if (mobile !== onMobilePath) {
    if (isLoginPath(pathname)) return loginPathFor(mobile);
    return fitsDevice(switchedFrom, mobile) ? switchedFrom : twinPathFor(pathname, search, mobile);
  }
  return `${pathname}${search}`;
}

/** The router state the guard leaves for the login page: where the seller was going. */
export interface LoginState {
  returnTo?: string;
}

/** The router state the guard leaves after a device switch: the page it came from. */
export interface SwitchState {
  switchedFrom?: string;
}

export interface RouteInput {
  pathname: string;
  search: string;
  /** Kept on the way to an account page's twin: the reset link's token travels in the fragment. */
  hash?: string;
  hasToken: boolean;
  mobile: boolean;
  /** The page of the other device type the guard switched from (router state), if any. */
  switchedFrom?: string;
  /** What an open dialog stands for on the other device type (see `dialog-twin.ts`). */
  dialogTwin?: string | null;
}

export interface RouteDecision {
  /** Where to go instead of the requested location. */
  to: string;
  /** For a bounce to login: where to continue after logging in. */
  returnTo?: string;
  /** For a switch of device type: the page switched from, to come back to on the way back. */
  switchedFrom?: string;
}

/** Null when the requested location may be shown as is; otherwise where to redirect. */
export function resolveRoute({ pathname, search, hash = '', hasToken, mobile, switchedFrom, dialogTwin }: RouteInput): RouteDecision | null {
  const path = normalizePath(pathname);
  if (isAccountPath(path)) {
    const own = accountPathFor(path, mobile);
    return own === path ? null : { to: `${own}${search}${hash}` };
  }
  const current = `${path}${search}`;
  const switching = isMobilePath(path) !== mobile && !isLoginPath(path);
  const twin = dialogTwin ?? undefined;
  // Going back to the page switched from ends the round trip: nothing is remembered of this one.
  const back = switching && !fitsDevice(twin, mobile) && fitsDevice(switchedFrom, mobile);
  const target = switching && hasToken && fitsDevice(twin, mobile) ? twin : pathForDevice(path, search, mobile, switchedFrom);
  const targetPath = target.split('?')[0];
  if (!hasToken && !isLoginPath(targetPath)) {
    const returnTo = targetPath === homePathFor(mobile) || !isKnownPath(targetPath) ? undefined : target;
    return { to: loginPathFor(mobile), ...(returnTo ? { returnTo } : {}) };
  }
  if (hasToken && isLoginPath(targetPath)) return { to: homePathFor(mobile) };
  if (target === current) return null;
  return switching && !back && isKnownPath(path) ? { to: target, switchedFrom: current } : { to: target };
}

/** A safe place to continue after logging in: a known, non-login path of this device type. */
export function afterLoginPath(returnTo: unknown, mobile: boolean): string {
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return landingPathFor(mobile);
  const pathname = normalizePath(returnTo.split('?')[0]);
  const fits = isKnownPath(pathname) && !isLoginPath(pathname) && isMobilePath(pathname) === mobile;
  return fits ? returnTo : landingPathFor(mobile);
}
