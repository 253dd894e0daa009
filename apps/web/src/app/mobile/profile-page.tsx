import { useState } from 'react';
import { Button, Dialog, List } from 'antd-mobile';
import {
  BankcardOutline,
  CalendarOutline,
  FireFill,
  GiftOutline,
  HistogramOutline,
  KeyOutline,
  LockOutline,
  PayCircleOutline,
  StarOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileShopCard } from '../../shop/mobile/shop-card.tsx';
import { useMe } from '../../auth/api/me.ts';
import { useLogout } from '../../auth/api/logout.ts';
import { ChangePasswordPopup } from '../../account/mobile/change-password-popup.tsx';
import { FundPasswordPopup } from '../../account/mobile/fund-password-popup.tsx';
import { LanguagePickerItem } from './language-picker.tsx';

const LINKS = [
  { path: '/m/user-info', key: 'userInfo', icon: <UserContactOutline /> },
  { path: '/m/finance', key: 'finance', icon: <HistogramOutline /> },
  { path: '/m/withdraw', key: 'withdraw', icon: <BankcardOutline /> },
  { path: '/m/transactions', key: 'transactions', icon: <PayCircleOutline /> },
  { path: '/m/payment-history', key: 'paymentHistory', icon: <CalendarOutline /> },
  { path: '/m/shop-express', key: 'shopExpress', icon: <FireFill /> },
  { path: '/m/activity-center', key: 'activityCenter', icon: <GiftOutline /> },
  { path: '/m/vip-activity', key: 'vipActivity', icon: <StarOutline /> },
] as const;

/** The mobile profile: shop card, sections, language, password changes and logout. */
export function MobileProfilePage() {
  const { t } = useTranslation(['menu', 'layout', 'common']);
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  const [dialog, setDialog] = useState<'password' | 'fund' | null>(null);
  const fundLabel = me.data?.fundPasswordSet === false ? t('layout:setFundPassword') : t('layout:changeFundPassword');
  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: t('layout:logoutConfirm'), confirmText: t('layout:logout'), cancelText: t('common:actions.cancel') });
    if (ok) logout.mutate();
  };
  return (
    <MobilePageFrame titleKey="profile" back={false}>
      <div className="m-profile" data-testid="m-profile">
        <MobileShopCard />
        <List className="m-list">
          {LINKS.map((link) => (
            <List.Item key={link.path} prefix={link.icon} onClick={() => void navigate(link.path)}>
              {t(`menu:${link.key}`)}
            </List.Item>
          ))}
        </List>
        <List className="m-list">
          <LanguagePickerItem />
          <List.Item prefix={<LockOutline />} onClick={() => setDialog('password')} data-testid="m-change-password">
            {t('layout:changePassword')}
          </List.Item>
          <List.Item prefix={<KeyOutline />} onClick={() => setDialog('fund')} data-testid="m-change-fund-password">
            {fundLabel}
          </List.Item>
        </List>
        <div className="m-logout">
          <Button block color="danger" fill="outline" size="large" loading={logout.isPending} onClick={() => void confirmLogout()} data-testid="m-logout">
            {t('layout:logout')}
          </Button>
        </div>
      </div>
      <ChangePasswordPopup open={dialog === 'password'} onClose={() => setDialog(null)} />
      <FundPasswordPopup open={dialog === 'fund'} onClose={() => setDialog(null)} />
    </MobilePageFrame>
  );
}
