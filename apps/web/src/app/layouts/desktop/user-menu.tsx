import { Avatar, Button, Dropdown } from 'antd';
import { KeyOutlined, LockOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../features/auth/api/me.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { usePermissions } from '../../../features/users/api/permissions.ts';

export type AccountDialog = 'password' | 'fundPassword';

/** The header user menu: change password, change (or set) fund password, logout. */
export function UserMenu({ onOpenDialog }: { onOpenDialog: (dialog: AccountDialog) => void }) {
  const { t } = useTranslation('layout');
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const fundLabel = me.data?.fundPasswordSet === false ? t('setFundPassword') : t('changeFundPassword');
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'security', icon: <SafetyOutlined aria-hidden />, label: <span data-testid="menu-security">{t('security')}</span> },
          { key: 'password', icon: <LockOutlined aria-hidden />, label: <span data-testid="menu-change-password">{t('changePassword')}</span> },
          // The shop's fund password guards the wallet: wallet edit sets or changes it (docs/decisions.md, "Staff roles and permissions").
          ...(permissions.can('wallet:edit') ? [{ key: 'fundPassword', icon: <KeyOutlined aria-hidden />, label: <span data-testid="menu-change-fund-password">{fundLabel}</span> }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, danger: true, label: <span data-testid="menu-logout">{t('logout')}</span> },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout.mutate();
          else if (key === 'security') void navigate('/account/security');
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
