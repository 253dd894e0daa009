import { Avatar, Button, Dropdown } from 'antd';
import { KeyOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/me.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';

export type AccountDialog = 'password' | 'fundPassword';

/** The header user menu: change password, change (or set) fund password, logout. */
export function UserMenu({ onOpenDialog }: { onOpenDialog: (dialog: AccountDialog) => void }) {
  const { t } = useTranslation('layout');
  const me = useMe();
  const logout = useLogout();
  const fundLabel = me.data?.fundPasswordSet === false ? t('setFundPassword') : t('changeFundPassword');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'password', icon: <LockOutlined aria-hidden />, label: <span data-testid="menu-change-password">{t('changePassword')}</span> },
          // The shop's fund password is the admins' to set or change (docs/decisions.md, "The fund password is the shop's").
          ...(me.data?.shopRole === 'admin' ? [{ key: 'fundPassword', icon: <KeyOutlined aria-hidden />, label: <span data-testid="menu-change-fund-password">{fundLabel}</span> }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, danger: true, label: <span data-testid="menu-logout">{t('logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout.mutate();
          else onOpenDialog(key as AccountDialog);
        },
      }}
    >
      <Button type="text" className="user-menu-trigger" data-testid="user-menu" loading={logout.isPending}>
        <Avatar size="small" icon={<UserOutlined aria-hidden />} />
        <span className="user-menu-name">{me.data?.username ?? ''}</span>
      </Button>
    </Dropdown>
  );
}
