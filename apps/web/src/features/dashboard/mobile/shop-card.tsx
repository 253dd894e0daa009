import { Card, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useShopInfo } from '../../auth/api/session-info.ts';
import { useUserLevel } from '../api/user-level.ts';
import { ShopLogo } from '../../../components/shop-logo.tsx';

/** The shop's logo, name, id and VIP level. */
export function MobileShopCard() {
  const { t } = useTranslation('layout');
  const shop = useShopInfo();
  const level = useUserLevel();
  return (
    <Card className="m-shop-card" data-testid="m-shop-card">
      <div className="m-shop-card-row">
        <ShopLogo className="m-shop-logo" src={shop.shopLogo} alt="" />
        <div className="m-shop-card-text">
          <div className="m-shop-name">{shop.shopName}</div>
          <div className="m-shop-id">{t('shopId', { id: shop.shopId })}</div>
        </div>
        {level.isPending ? (
          <Skeleton.Title animated className="m-vip-skeleton" />
        ) : (
          <Tag color="warning" fill="solid" className="m-vip-tag" data-testid="vip-tag">
            {level.isError ? 'VIP —' : t('vip', { level: level.data })}
          </Tag>
        )}
      </div>
    </Card>
  );
}
