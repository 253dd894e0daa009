import { Suspense, useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router';
import { RouteGuard } from '../guard/route-guard.tsx';
import { BootSpinner } from '../guard/boot-spinner.tsx';
import { ACCOUNT_PAGES, landedPath, PATHS } from '../../lib/route-table.ts';
import { isAccountPath, isLoginPath, isMallPath, isMobilePath, isOpsPath, normalizePath, resolveRoute } from '../../lib/device-routing.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import type { StartModule } from '../../lib/start-modules.ts';
import type { StartPage } from './start-answers.ts';
import { APP_NAMESPACES, MALL_START_NAMESPACES, OPS_NAMESPACES, prepareFullApp, prepareMall, prepareOps, STARTUP_NAMESPACES, type Namespace } from '../../i18n/i18n.ts';

// Each tree is its own chunk: a phone never downloads antd, a desktop never antd-mobile.
// The shells hold the UI kit (and its message holder) across the login page and the layout.
const DesktopShell = preloadableLazy(() => import('../desktop/desktop-shell.tsx').then((m) => m.DesktopShell));
// The app behind the login also waits for every catalog and dayjs (the login pages need neither),
// and for the page it opens on, so its first render suspends nowhere (lib/preloadable-lazy.tsx).
const DesktopRoot = preloadableLazy(() =>
  Promise.all([import('../desktop/desktop-root.tsx'), prepareFullApp()]).then(([m]) => m.preloadDesktopPage(window.location.pathname).then(() => m.DesktopRoot)),
);
const DesktopLogin = preloadableLazy(() => import('../../features/auth/desktop/login-page.tsx').then((m) => m.LoginPage));
const MobileShell = preloadableLazy(() => import('../mobile/mobile-shell.tsx').then((m) => m.MobileShell));
const MobileRoot = preloadableLazy(() =>
  Promise.all([import('../mobile/mobile-root.tsx'), prepareFullApp()]).then(([m]) => m.preloadMobilePage(window.location.pathname).then(() => m.MobileRoot)),
);
const MobileLogin = preloadableLazy(() => import('../../features/auth/mobile/mobile-login-page.tsx').then((m) => m.MobileLoginPage));
// The login page's own pages (password reset, registration), open with or without a session.
const DesktopReset = preloadableLazy(() => import('../../features/auth/desktop/login-page.tsx').then((m) => m.ResetPasswordPage));
const DesktopRegister = preloadableLazy(() => import('../../features/auth/desktop/login-page.tsx').then((m) => m.RegisterPage));
const MobileReset = preloadableLazy(() => import('../../features/auth/mobile/mobile-reset-password-page.tsx').then((m) => m.MobileResetPasswordPage));
const MobileRegister = preloadableLazy(() => import('../../features/auth/mobile/mobile-register-page.tsx').then((m) => m.MobileRegisterPage));
const ACCOUNT_PAGE_LOADS: Record<string, () => Promise<unknown>> = {
  '/reset-password': DesktopReset.preload,
  '/register': DesktopRegister.preload,
  '/m/reset-password': MobileReset.preload,
  '/m/register': MobileRegister.preload,
};
// The buyers' mall: its own chunk with no UI kit and no seller code, outside the seller guard.
const MallRoot = preloadableLazy(() => Promise.all([import('../../mall/mall-root.tsx'), prepareMall()]).then(([m]) => m.MallRoot));
// The operator console: its own chunks (with antd, no seller page), session and guard, outside the seller guard.
const OpsRoot = preloadableLazy(() => Promise.all([import('../../ops/ops-root.tsx'), prepareOps()]).then(([m]) => m.OpsRoot));

/** The catalogs and components the first page needs (firstRoute). */
export interface FirstRoute {
  namespaces: readonly Namespace[];
  /**
   * Load the components (and the catalogs they wait for, once i18n has started), one tree each
   * (the shell; the login page or the root with its page). Each adds a few dozen preload links,
   * so main.tsx starts each in its own task.
   */
  loads: (() => Promise<unknown>)[];
  /** The modules `loads` starts with, whose files main.tsx links at once (lib/start-modules.ts). */
  modules: StartModule[];
  /** A signed-in page: what decides the answers it asks for in one batch while its code loads (start-answers.ts). */
  answersOf: StartPage | null;
  /** A login page: it asks for the public settings while its code loads (start-answers.ts askLoginAnswers). */
  login: boolean;
}

/**
 * What the router's first render of `pathname` needs, by the guard's own decision (login page,
 * device twin): the mall's root; a login page and its shell; or the shell, the root and the page
 * of the app behind the login. main.tsx starts i18n with these catalogs and renders once the
 * components are loaded, so the first render shows the page (or its data's loading state) at once
 * instead of revealing shell, root and page one after another.
 */
export function firstRoute(pathname: string, search: string, mobile: boolean, signedIn: boolean): FirstRoute {
  if (isMallPath(normalizePath(pathname))) return { namespaces: MALL_START_NAMESPACES, loads: [MallRoot.preload], modules: ['mallRoot'], answersOf: null, login: false };
  if (isOpsPath(normalizePath(pathname))) return { namespaces: OPS_NAMESPACES, loads: [OpsRoot.preload], modules: [], answersOf: null, login: false };
  const decision = resolveRoute({ pathname, search, hasToken: signedIn, mobile });
  const target = normalizePath((decision?.to ?? pathname).split('?')[0]);
  const phone = isMobilePath(target);
  const Shell = phone ? MobileShell : DesktopShell;
  if (isAccountPath(target)) {
    return { namespaces: STARTUP_NAMESPACES, loads: [Shell.preload, ACCOUNT_PAGE_LOADS[target] ?? Shell.preload], modules: phone ? ['mobileShell'] : ['desktopShell'], answersOf: null, login: true };
  }
  if (isLoginPath(target)) {
    return { namespaces: STARTUP_NAMESPACES, loads: [Shell.preload, (phone ? MobileLogin : DesktopLogin).preload], modules: phone ? ['mobileShell', 'mobileLogin'] : ['desktopShell', 'desktopLogin'], answersOf: null, login: true };
  }
  const root = phone
    ? () => MobileRoot.preload().then(() => import('../mobile/mobile-root.tsx').then((m) => m.preloadMobilePage(target)))
    : () => DesktopRoot.preload().then(() => import('../desktop/desktop-root.tsx').then((m) => m.preloadDesktopPage(target)));
  return {
    namespaces: APP_NAMESPACES,
    loads: [Shell.preload, root],
    modules: phone ? ['mobileShell', 'mobileRoot'] : ['desktopShell', 'desktopRoot'],
    // The page behind a redirect (a desktop opening /m/shop goes to / and on to /dashboard) asks for that page's answers.
    answersOf: { target: landedPath(target), search: decision?.to?.split('?')[1] ?? search, phone },
    login: false,
  };
}

// Declarative routing (BrowserRouter + useRoutes), not createBrowserRouter: the app uses no loaders,
// actions or fetchers, and the data router is about a sixth of the JavaScript a login page needs.
export const routes: RouteObject[] = [
  {
    path: `${PATHS.mallRoot}/*`,
    element: (
      <Suspense fallback={<BootSpinner />}>
        <MallRoot />
      </Suspense>
    ),
  },
  {
    path: `${PATHS.opsRoot}/*`,
    element: (
      <Suspense fallback={<BootSpinner />}>
        <OpsRoot />
      </Suspense>
    ),
  },
  {
    element: <RouteGuard />,
    children: [
      {
        element: <MobileShell />,
        children: [
          { path: PATHS.mobileLogin, element: <MobileLogin /> },
          { path: ACCOUNT_PAGES['/reset-password'], element: <MobileReset /> },
          { path: ACCOUNT_PAGES['/register'], element: <MobileRegister /> },
          { path: `${PATHS.mobileRoot}/*`, element: <MobileRoot /> },
        ],
      },
      {
        element: <DesktopShell />,
        children: [
          { path: PATHS.desktopLogin, element: <DesktopLogin /> },
          { path: '/reset-password', element: <DesktopReset /> },
          { path: '/register', element: <DesktopRegister /> },
          { path: '*', element: <DesktopRoot /> },
        ],
      },
    ],
  },
];

let navigateOutside: NavigateFunction | null = null;

/** Hands the router's navigate to code outside React (the session-end hook). */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutside = navigate;
    return () => {
      navigateOutside = null;
    };
  }, [navigate]);
  return null;
}

function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigationBridge />
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * Replaces the current entry with `path` from outside React. Before the router mounts (a session
 * found ended as the app starts) the address is changed in place, so the router starts there and
 * the message saying why is still waiting to be shown; a full load would lose it.
 */
export function replaceLocation(path: string): void {
  if (navigateOutside) void navigateOutside(path, { replace: true });
  else window.history.replaceState(window.history.state, '', path);
}
