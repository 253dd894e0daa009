import { useEffect, useMemo, useState } from 'react';
import { Badge, Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DashboardOutlined,
  GiftOutlined,
  LineChartOutlined,
  MessageOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { usePendingCount } from '../../../features/orders/api/pending-count.ts';
import { useChatUnreadCount } from '../../../features/chat/api/chat-api.ts';
import { usePermissions } from '../../../features/users/api/permissions.ts';
import { DESKTOP_PAGES, findPage } from '../../../lib/route-table.ts';

type Item = Required<MenuProps>['items'][number];

const SUBMENUS = {
  products: ['/products/list', '/products/warehouse', '/products/refunds', '/products/reviews'],
  marketing: ['/marketing/shop-express', '/marketing/purchase-history', '/marketing/vouchers', '/marketing/deals', '/marketing/activity', '/marketing/vip-activity'],
  settings: ['/settings/shop', '/settings/index'],
} as const;

const SUBMENU_TITLES: Record<string, Record<string, string>> = {
  products: { '/products/list': 'productsList', '/products/warehouse': 'warehouse', '/products/refunds': 'refunds', '/products/reviews': 'reviews' },
  marketing: {
    '/marketing/shop-express': 'shopExpress',
    '/marketing/purchase-history': 'purchaseHistory',
    '/marketing/vouchers': 'vouchers',
    '/marketing/deals': 'deals',
    '/marketing/activity': 'coupleActivity',
    '/marketing/vip-activity': 'vipActivity',
  },
  settings: { '/settings/shop': 'shopSettings', '/settings/index': 'systemSettings' },
};

function submenuOf(pathname: string): string | undefined {
  return Object.keys(SUBMENUS).find((key) => pathname.startsWith(`/${key}/`));
}

function useMenuItems(collapsed: boolean): Item[] {
  const { t } = useTranslation('menu');
  const pending = usePendingCount();
  const count = pending.data ?? 0;
  const chatUnread = useChatUnreadCount();
  // Only what the role may see (docs/decisions.md, "Staff roles and permissions"): the pages' own
  // permissions from the route table; the server refuses the rest anyway.
  const { can } = usePermissions();
  const permitted = (path: string) => {
    const page = findPage(DESKTOP_PAGES, path);
    return !page || can(page.permission);
  };
  return useMemo(() => {
    // Real links: Ctrl/middle-click and "open in new tab" work; a plain click is the router's.
    const leaf = (path: string, key: string, icon?: React.ReactNode): Item => ({ key: path, icon, label: <Link to={path} tabIndex={-1}>{t(key)}</Link> });
    const group = (key: keyof typeof SUBMENUS, icon: React.ReactNode): Item => {
      const children = SUBMENUS[key].filter(permitted).map((path) => leaf(path, SUBMENU_TITLES[key][path]));
      return children.length ? { key, icon, label: t(key), children } : null;
    };
    /** An entry with a count badge (the orders waiting, the unread chat messages), a dot when folded. */
    const counted = (path: string, key: string, icon: React.ReactNode, n: number, testId: string): Item => ({
      key: path,
      icon: collapsed ? (
        <Badge dot={n > 0} offset={[-1, 3]} className="menu-icon-badge">
          {icon}
        </Badge>
      ) : (
        icon
      ),
      label: (
        <Link to={path} tabIndex={-1} className="menu-label-badge">
          <span className="menu-label-text">{t(key)}</span>
          {!collapsed && <Badge count={n} overflowCount={UI.BADGE_MAX} size="small" data-testid={testId} />}
        </Link>
      ),
    });
    const items: Item[] = [
      leaf('/dashboard', 'dashboard', <DashboardOutlined aria-hidden />),
      counted('/orders', 'orders', <ShoppingCartOutlined aria-hidden />, count, 'orders-badge'),
      counted('/chat', 'chat', <MessageOutlined aria-hidden />, chatUnread, 'chat-badge'),
      leaf('/finance', 'finance', <LineChartOutlined aria-hidden />),
      leaf('/wallet', 'wallet', <WalletOutlined aria-hidden />),
      leaf('/transactions', 'transactions', <SwapOutlined aria-hidden />),
      group('products', <AppstoreOutlined aria-hidden />),
      group('marketing', <GiftOutlined aria-hidden />),
      group('settings', <SettingOutlined aria-hidden />),
      leaf('/users', 'users', <TeamOutlined aria-hidden />),
    ];
    return items.filter((item) => item !== null && (typeof item.key !== 'string' || !item.key.startsWith('/') || permitted(item.key)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, count, chatUnread, collapsed, can]);
}

/** The sidebar menu of SPEC §2, following the current route. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMenuItems(collapsed);
  const current = submenuOf(location.pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(current ? [current] : []);
  useEffect(() => {
    if (current) setOpenKeys((keys) => (keys.includes(current) ? keys : [...keys, current]));
  }, [current]);
  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[location.pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      // A click on the item's padding, outside its link, goes there too; the link handles its own.
      onClick={({ key, domEvent }) => {
        if (!(domEvent.target instanceof Element && domEvent.target.closest('a'))) void navigate(key);
      }}
    />
  );
}
