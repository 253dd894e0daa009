import { Suspense, useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Outlet, useLocation } from 'react-router';
import { MOBILE_PAGES, PATHS } from '../../../lib/route-table.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { MobileTabBar, TAB_PATHS } from './mobile-tab-bar.tsx';
import { MobileLiveNotifications } from '../../../features/notifications/mobile/live-notifications.tsx';
import { useRequiredEnrolment } from '../../../features/account/hooks/use-required-enrolment.ts';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';

// The drawer (antd-mobile's Popup with its gestures and springs, the tabs, the endless list) is not
// part of the first page: its code loads when the bell is first tapped. The offline worker's install
// has it in its cache by then (the worker precaches every asset), so it is not fetched a second
// time after the first page, as a preload at idle time would.
const NotificationDrawer = preloadableLazy(() => import('./notification-drawer.tsx').then((m) => m.NotificationDrawer));

/** The mobile layout of SPEC §2: top bar on the shop home only, bottom tabs, notifications drawer. */
export function MobileLayout() {
  useRequiredEnrolment('/m/security');
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from its first opening on (it animates open and closed from then on).
  const [drawerMounted, setDrawerMounted] = useState(false);
  useDocumentTitle(MOBILE_PAGES);
  const openDrawer = () => {
    setDrawerMounted(true);
    setDrawerOpen(true);
  };
  const onHome = pathname === PATHS.mobileHome;
  const withTabs = (TAB_PATHS as readonly string[]).includes(pathname);
  return (
    <div className="m-layout" data-testid="m-layout">
      {onHome && (
        // The shop home's bar in the banner landmark (drawn as if the header were not there: the bar stays sticky).
        <header className="m-topbar-banner">
          <MobileTopBar onOpenNotifications={openDrawer} />
        </header>
      )}
      <main className={withTabs ? 'm-content m-content-tabs' : 'm-content'}>
        <Suspense fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
          <Outlet />
        </Suspense>
      </main>
      {withTabs && <MobileTabBar />}
      {drawerMounted && (
        <Suspense fallback={null}>
          <NotificationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
      <MobileLiveNotifications />
    </div>
  );
}
