import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OpsWhoami } from '@shopdesk/shared/ops/operators';
import { LanguageDropdown } from '../../components/desktop/language-dropdown.tsx';
import { roleAllows, signOut } from '../api/ops-auth.ts';
import { OPS_PAGES } from '../ops-pages.tsx';

/** The console's frame: the pages the operator's role allows, who is signed in, the language and sign out. */
export function OpsLayout({ operator }: { operator: OpsWhoami }) {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const pages = OPS_PAGES.filter((p) => roleAllows(operator.opsRole, p.roles));
  const current = pages.find((p) => location.pathname === `/ops/${p.path}` || location.pathname.startsWith(`/ops/${p.path}/`));

  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch {
      // The session ends here whatever the server answered (signOut clears it).
    }
    queryClient.removeQueries({ queryKey: ['ops'] });
    void navigate('/ops/login', { replace: true });
  };

  return (
    <Layout className="ops-layout" data-testid="ops-layout">
      <Layout.Sider width={256} theme="light" className="ops-sider">
        <div className="ops-brand">
          <SafetyCertificateOutlined aria-hidden />
          <span>{t('brand')}</span>
        </div>
        <nav aria-label={t('menuLabel')}>
          <Menu
            mode="inline"
            selectedKeys={current ? [current.key] : []}
            items={pages.map((p) => ({ key: p.key, icon: p.icon, label: <span data-testid={`ops-menu-${p.key}`}>{t(`menu.${p.key}`)}</span> }))}
            onClick={({ key }) => {
              const target = pages.find((p) => p.key === key);
              if (target) void navigate(`/ops/${target.path}`);
            }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ops-header">
          <Flex align="center" gap={12} data-testid="ops-operator">
            <UserOutlined aria-hidden />
            <Typography.Text strong>{operator.name || operator.username}</Typography.Text>
            <Tag color="blue" data-testid="ops-role">
              {t(`roles.${operator.opsRole}`)}
            </Tag>
          </Flex>
          <Flex align="center" gap={12}>
            <LanguageDropdown />
            <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void leave()} loading={leaving} data-testid="ops-sign-out">
              {t('signOut')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="ops-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
