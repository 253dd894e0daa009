import { theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ShopIdentity } from './shop-identity.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { LanguageDropdown } from '../../../components/desktop/language-dropdown.tsx';
import { IconButton } from '../../../components/desktop/icon-button.tsx';
import { UserMenu, type AccountDialog } from './user-menu.tsx';

export interface DesktopHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
  onOpenDialog: (dialog: AccountDialog | 'settings') => void;
}

export function DesktopHeader({ collapsed, onToggle, onOpenDialog }: DesktopHeaderProps) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  return (
    <header className="desktop-header" style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <div className="desktop-header-left">
        <IconButton
          label={collapsed ? t('expand') : t('collapse')}
          icon={collapsed ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
          onClick={onToggle}
          data-testid="sidebar-toggle"
        />
        <ShopIdentity />
      </div>
      <div className="desktop-header-right">
        <NotificationBell />
        <LanguageDropdown />
        <IconButton label={t('settings')} icon={<SettingOutlined aria-hidden />} onClick={() => onOpenDialog('settings')} data-testid="settings-button" />
        <UserMenu onOpenDialog={onOpenDialog} />
      </div>
    </header>
  );
}
