import { Suspense, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import { hasToken } from '../../lib/storage.ts';
import { useIsMobile } from '../../lib/device.ts';
import { resolveRoute, type LoginState } from '../../lib/device-routing.ts';
import { BootSpinner } from './boot-spinner.tsx';

/**
 * SPEC §2 route guard: login page for the device without a token, home on a login page with one,
 * desktop↔mobile mapping, and scroll to top on navigation unless a saved position exists.
 */
/** Scroll to top on a new page; back and forward keep the browser's own restored position. */
function useScrollToTop(pathname: string) {
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function RouteGuard() {
  const location = useLocation();
  useScrollToTop(location.pathname);
  const mobile = useIsMobile();
  const decision = resolveRoute({ pathname: location.pathname, search: location.search, hasToken: hasToken(), mobile });
  if (decision) {
    const state: LoginState | undefined = decision.returnTo ? { returnTo: decision.returnTo } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  return (
    <>
      <Suspense fallback={<BootSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
