import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteGuard } from '../guard/route-guard.tsx';
import { PATHS } from '../../lib/route-table.ts';

// Each tree is its own chunk: a phone never downloads antd, a desktop never antd-mobile.
// The shells hold the UI kit (and its message holder) across the login page and the layout.
const DesktopShell = lazy(() => import('../desktop/desktop-shell.tsx').then((m) => ({ default: m.DesktopShell })));
const DesktopRoot = lazy(() => import('../desktop/desktop-root.tsx').then((m) => ({ default: m.DesktopRoot })));
const DesktopLogin = lazy(() => import('../../features/auth/desktop/login-page.tsx').then((m) => ({ default: m.LoginPage })));
const MobileShell = lazy(() => import('../mobile/mobile-shell.tsx').then((m) => ({ default: m.MobileShell })));
const MobileRoot = lazy(() => import('../mobile/mobile-root.tsx').then((m) => ({ default: m.MobileRoot })));
const MobileLogin = lazy(() => import('../../features/auth/mobile/mobile-login-page.tsx').then((m) => ({ default: m.MobileLoginPage })));

export const router = createBrowserRouter([
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
]);
