import { Suspense, useState, type ReactNode } from 'react';
import { Layout, Skeleton } from 'antd';
import { Outlet } from 'react-router';
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
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { createPreferenceStore } from '../../../lib/preference-store.ts';
import { useRequiredEnrolment } from '../../../features/account/hooks/use-required-enrolment.ts';
import { PREFERENCE_KEYS } from '../../../lib/storage.ts';

type Dialog = AccountDialog | 'settings' | null;

// The header's dialogs load when first opened: their forms bring the shared validation schemas
// (zod), which no page needs to show. Once opened they stay mounted, so they close with their animation.
const ChangePasswordDialog = preloadableLazy(() => import('../../../features/account/desktop/change-password-dialog.tsx').then((m) => m.ChangePasswordDialog));
const FundPasswordDialog = preloadableLazy(() => import('../../../features/wallet/desktop/fund-password-dialog.tsx').then((m) => m.FundPasswordDialog));
const SettingsDialog = preloadableLazy(() => import('../../../features/settings/desktop/settings-dialog.tsx').then((m) => m.SettingsDialog));

/** A dialog rendered from its first opening on; nothing before. */
function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Whether the sidebar is folded: the browser's choice, kept across reloads. */
const siderCollapsed = createPreferenceStore(PREFERENCE_KEYS.siderCollapsed, (raw) => raw === 'true', String);

/** The main desktop layout of SPEC §2: sidebar, header, tab strip, page, customer service. */
export function DesktopLayout() {
  useRequiredEnrolment('/account/security');
  const collapsed = siderCollapsed.use();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(() => new Set());
  const openDialog = (next: Dialog) => {
    setDialog(next);
    setOpened((seen) => (seen.has(next) ? seen : new Set(seen).add(next)));
  };
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
          <DesktopHeader collapsed={collapsed} onToggle={() => siderCollapsed.set(!collapsed)} onOpenDialog={openDialog} />
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
      <OnceOpened opened={opened.has('password')}>
        <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={opened.has('fundPassword')}>
        <FundPasswordDialog open={dialog === 'fundPassword'} onClose={close} />
      </OnceOpened>
      <OnceOpened opened={opened.has('settings')}>
        <SettingsDialog open={dialog === 'settings'} onClose={close} />
      </OnceOpened>
    </Layout>
  );
}
