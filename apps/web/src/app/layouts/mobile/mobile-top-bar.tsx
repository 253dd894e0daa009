import { Badge, NavBar } from 'antd-mobile';
import { BellOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatBadge, unreadLabel } from '../../../lib/badge.ts';
import { useShopInfo } from '../../../features/auth/api/session-info.ts';
import { useUnreadCount } from '../../../features/notifications/api/unread.ts';
import { useCustomerService } from '../../../features/support/api/use-customer-service.ts';
import { ShopLogo } from '../../../components/shop-logo.tsx';

/** The shop home's top bar: logo and shop title, customer service and the bell with its badge. */
export function MobileTopBar({ onOpenNotifications }: { onOpenNotifications: () => void }) {
  const { t } = useTranslation('layout');
  const shop = useShopInfo();
  const unreadCount = useUnreadCount();
  const openSupport = useCustomerService();
  return (
    <NavBar
      className="m-topbar"
      data-testid="m-topbar"
      back={null}
      left={<ShopLogo className="m-topbar-logo" src={shop.shopLogo} alt={shop.shopName} />}
      right={
        <div className="m-topbar-actions">
          <button type="button" className="m-icon-button" aria-label={t('customerService')} onClick={openSupport} data-testid="m-support">
            <MessageOutline />
          </button>
          <button type="button" className="m-icon-button" aria-label={unreadLabel(t, unreadCount)} onClick={onOpenNotifications} data-testid="m-bell">
            <Badge content={formatBadge(unreadCount)} aria-hidden>
              <BellOutline />
            </Badge>
          </button>
        </div>
      }
    >
      <span className="m-topbar-title" data-testid="m-shop-title">{shop.shopName}</span>
    </NavBar>
  );
}
