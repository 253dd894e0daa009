import { Card, Grid } from 'antd-mobile';
import { BankcardOutline, CalendarOutline, FireFill, GiftOutline, HistogramOutline, PayCircleOutline, StarOutline, UserContactOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MobileShopCard } from './shop-card.tsx';

const SHORTCUTS = [
  { path: '/m/finance', key: 'finance', icon: <HistogramOutline /> },
  { path: '/m/withdraw', key: 'withdraw', icon: <BankcardOutline /> },
  { path: '/m/transactions', key: 'transactions', icon: <PayCircleOutline /> },
  { path: '/m/payment-history', key: 'paymentHistory', icon: <CalendarOutline /> },
  { path: '/m/shop-express', key: 'shopExpress', icon: <FireFill /> },
  { path: '/m/activity-center', key: 'activityCenter', icon: <GiftOutline /> },
  { path: '/m/vip-activity', key: 'vipActivity', icon: <StarOutline /> },
  { path: '/m/user-info', key: 'userInfo', icon: <UserContactOutline /> },
] as const;

/** The mobile shop home: the shop card and shortcuts to every section. */
export function MobileShopPage() {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  return (
    <div className="m-shop-page" data-testid="m-shop-page">
      <MobileShopCard />
      <Card className="m-shortcuts">
        <Grid columns={4} gap={8}>
          {SHORTCUTS.map((item) => (
            <Grid.Item key={item.path} onClick={() => void navigate(item.path)}>
              <div className="m-shortcut" data-testid={`m-shortcut-${item.key}`}>
                <span className="m-shortcut-icon">{item.icon}</span>
                <span className="m-shortcut-label">{t(item.key)}</span>
              </div>
            </Grid.Item>
          ))}
        </Grid>
      </Card>
    </div>
  );
}
