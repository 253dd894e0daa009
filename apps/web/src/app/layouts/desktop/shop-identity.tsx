import { Avatar, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useShopInfo } from '../../../features/auth/api/session-info.ts';
import { useUserLevel } from '../../../features/dashboard/api/user-level.ts';
import defaultShopLogo from '../../../assets/default-shop-logo.svg';

function VipTag() {
  const { t } = useTranslation('layout');
  const level = useUserLevel();
  if (level.isPending) return <Skeleton.Button active size="small" style={{ width: 56 }} />;
  if (level.isError) {
    return (
      <Tooltip title={t('vipUnavailable')}>
        <Tag data-testid="vip-tag">VIP —</Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color="gold" icon={<CrownFilled aria-hidden />} data-testid="vip-tag" className="vip-tag">
      {t('vip', { level: level.data })}
    </Tag>
  );
}

/** Shop logo (bundled default when none), name, id and VIP level in the header. */
export function ShopIdentity() {
  const { t } = useTranslation('layout');
  const shop = useShopInfo();
  return (
    <div className="shop-identity">
      <Avatar src={shop.shopLogo || defaultShopLogo} size={40} shape="square" alt={shop.shopName} data-testid="shop-logo" />
      <div className="shop-identity-text">
        <div className="shop-identity-line">
          <Typography.Text strong ellipsis data-testid="shop-name" className="shop-name">
            {shop.shopName}
          </Typography.Text>
          <VipTag />
        </div>
        <Typography.Text type="secondary" className="shop-id" data-testid="shop-id">
          {t('shopId', { id: shop.shopId })}
        </Typography.Text>
      </div>
    </div>
  );
}
