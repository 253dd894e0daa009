import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouteGuard } from '../guard/route-guard.tsx';
import { PATHS } from './route-table.ts';

// Each tree is its own chunk: a phone never downloads antd, a desktop never antd-mobile.
const DesktopRoot = lazy(() => import('../desktop/desktop-root.tsx').then((m) => ({ default: m.DesktopRoot })));
const DesktopLoginRoute = lazy(() => import('../desktop/desktop-login-route.tsx').then((m) => ({ default: m.DesktopLoginRoute })));
const MobileRoot = lazy(() => import('../mobile/mobile-root.tsx').then((m) => ({ default: m.MobileRoot })));
const MobileLoginRoute = lazy(() => import('../mobile/mobile-login-route.tsx').then((m) => ({ default: m.MobileLoginRoute })));

export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    children: [
      { path: PATHS.desktopLogin, element: <DesktopLoginRoute /> },
      { path: PATHS.mobileLogin, element: <MobileLoginRoute /> },
      { path: `${PATHS.mobileRoot}/*`, element: <MobileRoot /> },
      { path: '*', element: <DesktopRoot /> },
    ],
  },
]);
