import { Suspense, useState } from 'react';
import { DotLoading } from 'antd-mobile';
import { Outlet, useLocation } from 'react-router';
import { MOBILE_PAGES, PATHS } from '../../../lib/route-table.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { MobileTopBar } from './mobile-top-bar.tsx';
import { MobileTabBar, TAB_PATHS } from './mobile-tab-bar.tsx';
import { NotificationDrawer } from './notification-drawer.tsx';
import { MobileLiveNotifications } from '../../../features/notifications/mobile/live-notifications.tsx';

/** The mobile layout of SPEC §2: top bar on the shop home only, bottom tabs, notifications drawer. */
export function MobileLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useDocumentTitle(MOBILE_PAGES);
  const onHome = pathname === PATHS.mobileHome;
  const withTabs = (TAB_PATHS as readonly string[]).includes(pathname);
  return (
    <div className="m-layout" data-testid="m-layout">
      {onHome && <MobileTopBar onOpenNotifications={() => setDrawerOpen(true)} />}
      <main className={withTabs ? 'm-content m-content-tabs' : 'm-content'}>
        <Suspense fallback={<div className="m-state"><DotLoading color="primary" /></div>}>
          <Outlet />
        </Suspense>
      </main>
      {withTabs && <MobileTabBar />}
      <NotificationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <MobileLiveNotifications />
    </div>
  );
}
