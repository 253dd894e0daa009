import { Suspense, useState } from 'react';
import { Layout, Skeleton } from 'antd';
import { Outlet } from 'react-router';
import { ChangePasswordDialog } from '../../../features/account/desktop/change-password-dialog.tsx';
import { FundPasswordDialog } from '../../../features/wallet/desktop/fund-password-dialog.tsx';
import { SettingsDialog } from '../../../features/settings/desktop/settings-dialog.tsx';
import { SideMenu } from './side-menu.tsx';
import { SiteBrand } from './site-brand.tsx';
import { DesktopHeader } from './desktop-header.tsx';
import { PageTabs } from './page-tabs.tsx';
import { CustomerServiceButton } from './customer-service-button.tsx';
import { LiveNotifications } from '../../../features/notifications/desktop/live-notifications.tsx';
import type { AccountDialog } from './user-menu.tsx';
import { DESKTOP_PAGES } from '../../../lib/route-table.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useUntabbedMeasureRows } from '../../../components/desktop/measure-row-focus.ts';

type Dialog = AccountDialog | 'settings' | null;

/** The main desktop layout of SPEC §2: sidebar, header, tab strip, page, customer service. */
export function DesktopLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  useDocumentTitle(DESKTOP_PAGES);
  useUntabbedMeasureRows();
  return (
    <Layout className="desktop-layout">
      <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={232} className="desktop-sider" data-testid="sidebar">
        <SiteBrand collapsed={collapsed} />
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout className="desktop-main">
        <div className="desktop-top">
          <DesktopHeader collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} onOpenDialog={setDialog} />
          <PageTabs />
        </div>
        <Layout.Content className="desktop-content">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <CustomerServiceButton />
      <LiveNotifications />
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
      <FundPasswordDialog open={dialog === 'fundPassword'} onClose={close} />
      <SettingsDialog open={dialog === 'settings'} onClose={close} />
    </Layout>
  );
}
