import { TabBar } from 'antd-mobile';
import { AppOutline, ShopbagOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatBadge } from '../../../lib/badge.ts';
import { usePendingCount } from '../../../features/orders/api/pending-count.ts';
import { usePermissions } from '../../../features/users/api/permissions.ts';
import { MOBILE_PAGES, findPage } from '../../../lib/route-table.ts';

export const TAB_PATHS = ['/m/shop', '/m/products', '/m/orders', '/m/profile'] as const;

/** The bottom tab bar of SPEC §2: shop, products, orders (pending badge, capped) and profile. */
export function MobileTabBar() {
  const { t } = useTranslation('menu');
  const location = useLocation();
  const navigate = useNavigate();
  const pending = usePendingCount();
  const { can } = usePermissions();
  const tabs = [
    { key: '/m/shop', icon: <ShopbagOutline />, title: t('tabs.shop') },
    { key: '/m/products', icon: <AppOutline />, title: t('tabs.products') },
    { key: '/m/orders', icon: <UnorderedListOutline />, title: t('tabs.orders'), badge: formatBadge(pending.data) },
    { key: '/m/profile', icon: <UserOutline />, title: t('tabs.profile') },
    // Only the tabs the role may see (docs/decisions.md, "Staff roles and permissions").
  ].filter((tab) => can(findPage(MOBILE_PAGES, tab.key)?.permission ?? 'member'));
  return (
    <nav className="m-tabbar" data-testid="m-tabbar">
      <TabBar safeArea activeKey={location.pathname} onChange={(key) => void navigate(key)}>
        {tabs.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            badge={tab.badge}
            title={<span data-testid={`m-tab-${tab.key.slice(3)}`}>{tab.title}</span>}
          />
        ))}
      </TabBar>
    </nav>
  );
}
