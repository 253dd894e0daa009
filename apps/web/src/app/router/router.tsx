import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, useNavigate, useRoutes, type NavigateFunction, type RouteObject } from 'react-router';
import { RouteGuard } from '../guard/route-guard.tsx';
import { BootSpinner } from '../guard/boot-spinner.tsx';
import { PATHS } from '../../lib/route-table.ts';
import { prepareFullApp, prepareMall } from '../../i18n/i18n.ts';

// Each tree is its own chunk: a phone never downloads antd, a desktop never antd-mobile.
// The shells hold the UI kit (and its message holder) across the login page and the layout.
const DesktopShell = lazy(() => import('../desktop/desktop-shell.tsx').then((m) => ({ default: m.DesktopShell })));
// The app behind the login also waits for every catalog and dayjs (the login pages need neither).
const DesktopRoot = lazy(() => Promise.all([import('../desktop/desktop-root.tsx'), prepareFullApp()]).then(([m]) => ({ default: m.DesktopRoot })));
const DesktopLogin = lazy(() => import('../../features/auth/desktop/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const MobileShell = lazy(() => import('../mobile/mobile-shell.tsx').then((m) => ({ default: m.MobileShell })));
const MobileRoot = lazy(() => Promise.all([import('../mobile/mobile-root.tsx'), prepareFullApp()]).then(([m]) => ({ default: m.MobileRoot })));
const MobileLogin = lazy(() => import('../../features/auth/mobile/mobile-login-page.tsx').then((m) => ({ default: m.MobileLoginPage })));
// The buyers' mall (issue 13): its own chunk with no UI kit and no seller code, outside the seller guard.
const MallRoot = lazy(() => Promise.all([import('../../features/mall/mall-root.tsx'), prepareMall()]).then(([m]) => ({ default: m.MallRoot })));

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
    element: <RouteGuard />,
    children: [
      {
        element: <MobileShell />,
        children: [
          { path: PATHS.mobileLogin, element: <MobileLogin /> },
          { path: `${PATHS.mobileRoot}/*`, element: <MobileRoot /> },
        ],
      },
      {
        element: <DesktopShell />,
        children: [
          { path: PATHS.desktopLogin, element: <DesktopLogin /> },
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

/** Replaces the current entry with `path` from outside React (before the router mounts: a full load). */
export function replaceLocation(path: string): void {
  if (navigateOutside) void navigateOutside(path, { replace: true });
  else window.location.replace(path);
}
