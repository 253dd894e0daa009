import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigationType } from 'react-router';
import { useScrollMemory } from '../../lib/scroll-memory.ts';
import { hasToken } from '../../lib/storage.ts';
import { useIsMobile } from '../../lib/device.ts';
import { resolveRoute, type LoginState, type SwitchState } from '../../lib/device-routing.ts';
import { currentDialogTwin } from '../../lib/dialog-twin.ts';
import { BootSpinner } from './boot-spinner.tsx';

/**
 * SPEC §2 route guard: login page for the device without a token, home on a login page with one,
 * desktop↔mobile mapping, and scroll to top on navigation unless a saved position exists.
 */

export function RouteGuard() {
  const location = useLocation();
  // Scroll to top on a new page; back and forward return to the entry's saved position.
  useScrollMemory(location.key, location.pathname, useNavigationType());
  const mobile = useIsMobile();
  const switchedFrom = (location.state as SwitchState | null)?.switchedFrom;
  const decision = resolveRoute({ pathname: location.pathname, search: location.search, hash: location.hash, hasToken: hasToken(), mobile, switchedFrom, dialogTwin: currentDialogTwin() });
  if (decision) {
    const state: (LoginState & SwitchState) | undefined = decision.returnTo
      ? { returnTo: decision.returnTo }
      : decision.switchedFrom
        ? { switchedFrom: decision.switchedFrom }
        : undefined;
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
