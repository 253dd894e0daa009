import { useState } from 'react';
import { Button, List, Switch } from 'antd-mobile';
import { Dialog } from '../../components/mobile/imperative.ts';
import { KeyOutline, LockOutline, EyeOutline, TeamOutline, SetOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { themeStore } from '../../lib/theme.ts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MobilePageFrame } from '../../components/mobile/page-frame.tsx';
import { MOBILE_SECTION_LINKS } from '../../components/mobile/section-links.tsx';
import { MobileShopCard } from '../../features/dashboard/mobile/shop-card.tsx';
import { useMe } from '../../features/auth/api/me.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { usePermissions } from '../../features/users/api/permissions.ts';
import { ChangePasswordPopup } from '../../features/account/mobile/change-password-popup.tsx';
import { FundPasswordPopup } from '../../features/wallet/mobile/fund-password-popup.tsx';
import { LanguagePickerItem } from '../../components/mobile/language-picker.tsx';
import { MobileSoundSettings } from '../../features/notifications/mobile/sound-settings.tsx';

/** The profile lists the seller's own page first, then the sections of the shop home. */
const LINKS = [...MOBILE_SECTION_LINKS.filter((link) => link.key === 'userInfo'), ...MOBILE_SECTION_LINKS.filter((link) => link.key !== 'userInfo')];

/** The mobile profile: shop card, sections, language, password changes and logout. */
export function MobileProfilePage() {
  const { t } = useTranslation(['menu', 'layout', 'common', 'settings']);
  const theme = themeStore.use();
  const navigate = useNavigate();
  const me = useMe();
  const logout = useLogout();
  const permissions = usePermissions();
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
          {/* Only the sections the role may see (docs/decisions.md, "Staff roles and permissions"). */}
          {LINKS.filter((link) => permissions.can(link.permission)).map((link) => (
            <List.Item key={link.path} prefix={link.icon} onClick={() => void navigate(link.path)}>
              {t(`menu:${link.key}`)}
            </List.Item>
          ))}
          {permissions.can('users:view') && (
            <List.Item prefix={<TeamOutline />} onClick={() => void navigate('/m/users')} data-testid="m-profile-users">
              {t('menu:users')}
            </List.Item>
          )}
          {permissions.can('users:view') && (
            <List.Item prefix={<UnorderedListOutline />} onClick={() => void navigate('/m/activity-log')} data-testid="m-profile-activity-log">
              {t('menu:activityLog')}
            </List.Item>
          )}
        </List>
        <List className="m-list">
          <LanguagePickerItem />
          <List.Item
            prefix={<EyeOutline />}
            extra={<Switch checked={theme === 'dark'} onChange={(dark) => themeStore.set(dark ? 'dark' : 'light')} data-testid="m-theme-dark" />}
          >
            {t('settings:general.darkTheme')}
          </List.Item>
          <MobileSoundSettings />
          <List.Item prefix={<SetOutline />} onClick={() => void navigate('/m/security')} data-testid="m-profile-security">
            {t('layout:security')}
          </List.Item>
          <List.Item prefix={<LockOutline />} onClick={() => setDialog('password')} data-testid="m-change-password">
            {t('layout:changePassword')}
          </List.Item>
          {/* The shop's fund password guards the wallet: wallet edit sets or changes it. */}
          {permissions.can('wallet:edit') && (
            <List.Item prefix={<KeyOutline />} onClick={() => setDialog('fund')} data-testid="m-change-fund-password">
              {fundLabel}
            </List.Item>
          )}
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
