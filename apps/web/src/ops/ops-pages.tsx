import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { AuditOutlined, BankOutlined, CrownOutlined, DatabaseOutlined, FundOutlined, MessageOutlined, SendOutlined, SettingOutlined, ShopOutlined, SolutionOutlined, TagsOutlined, TeamOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import type { OpsRole } from '@shopdesk/shared/ops/operators';

/**
 * One page of the console: its address under /ops, the roles that see it (the super admin sees
 * every page; the server enforces the same roles on its routes), its menu icon and its component.
 * Its menu label is `menu.<key>` of the `ops` catalog. A page is added here and nowhere else: the
 * side menu, the routes and the role check all read this list (docs/web.md, "Operator console").
 */
export interface OpsPage {
  key: string;
  path: string;
  roles: readonly OpsRole[];
  icon: ReactNode;
  page: LazyExoticComponent<ComponentType>;
}

/** The roles of the routes a page reads (modules/ops/ops-routes.ts `moneyRead`, audit-routes.ts `auditRead`). */
const MONEY_READ: readonly OpsRole[] = ['finance', 'support'];
const AUDIT_READ: readonly OpsRole[] = ['finance', 'catalog', 'support'];
/** catalog-ops-routes.ts `shopsRead`; appeals and the login page's requests are the support desk's. */
const SHOPS_READ: readonly OpsRole[] = ['support', 'finance'];
const SUPPORT: readonly OpsRole[] = ['support'];
/** operator-routes.ts: only the super admin manages operators. */
const SUPER_ADMIN: readonly OpsRole[] = [];

/** The console's pages, in menu order. */
export const OPS_PAGES: OpsPage[] = [
  { key: 'deposits', path: 'deposits', roles: MONEY_READ, icon: <BankOutlined aria-hidden />, page: lazy(() => import('./pages/deposits-page.tsx').then((m) => ({ default: m.DepositsPage }))) },
  { key: 'withdrawals', path: 'withdrawals', roles: MONEY_READ, icon: <SendOutlined aria-hidden />, page: lazy(() => import('./pages/withdrawals-page.tsx').then((m) => ({ default: m.WithdrawalsPage }))) },
  { key: 'buyerDeposits', path: 'buyer-deposits', roles: MONEY_READ, icon: <WalletOutlined aria-hidden />, page: lazy(() => import('./pages/buyer-deposits-page.tsx').then((m) => ({ default: m.BuyerDepositsPage }))) },
  { key: 'warehouse', path: 'warehouse', roles: ['catalog'], icon: <DatabaseOutlined aria-hidden />, page: lazy(() => import('./pages/warehouse-page.tsx').then((m) => ({ default: m.WarehousePage }))) },
  { key: 'packages', path: 'packages', roles: ['catalog'], icon: <CrownOutlined aria-hidden />, page: lazy(() => import('./pages/packages-page.tsx').then((m) => ({ default: m.PackagesPage }))) },
  { key: 'coupons', path: 'coupons', roles: ['catalog'], icon: <TagsOutlined aria-hidden />, page: lazy(() => import('./pages/coupons-page.tsx').then((m) => ({ default: m.CouponsPage }))) },
  { key: 'money', path: 'money', roles: MONEY_READ, icon: <FundOutlined aria-hidden />, page: lazy(() => import('./pages/money-page.tsx').then((m) => ({ default: m.MoneyPage }))) },
  { key: 'shops', path: 'shops', roles: SHOPS_READ, icon: <ShopOutlined aria-hidden />, page: lazy(() => import('./pages/shops-page.tsx').then((m) => ({ default: m.ShopsPage }))) },
  { key: 'buyers', path: 'buyers', roles: SHOPS_READ, icon: <UserOutlined aria-hidden />, page: lazy(() => import('./pages/buyers-page.tsx').then((m) => ({ default: m.BuyersPage }))) },
  { key: 'appeals', path: 'appeals', roles: SUPPORT, icon: <MessageOutlined aria-hidden />, page: lazy(() => import('./pages/appeals-page.tsx').then((m) => ({ default: m.AppealsPage }))) },
  { key: 'requests', path: 'requests', roles: SUPPORT, icon: <SolutionOutlined aria-hidden />, page: lazy(() => import('./pages/requests-page.tsx').then((m) => ({ default: m.RequestsPage }))) },
  { key: 'settings', path: 'settings', roles: AUDIT_READ, icon: <SettingOutlined aria-hidden />, page: lazy(() => import('./pages/settings-page.tsx').then((m) => ({ default: m.SettingsPage }))) },
  { key: 'operators', path: 'operators', roles: SUPER_ADMIN, icon: <TeamOutlined aria-hidden />, page: lazy(() => import('./pages/operators-page.tsx').then((m) => ({ default: m.OperatorsPage }))) },
  { key: 'audit', path: 'audit', roles: AUDIT_READ, icon: <AuditOutlined aria-hidden />, page: lazy(() => import('./pages/audit-page.tsx').then((m) => ({ default: m.AuditPage }))) },
];
