import { useEffect } from 'react';
import { App, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { lazyZodRule } from '../../../lib/form-rules.ts';
import { LanguageDropdown } from '../../../components/desktop/language-dropdown.tsx';
import { SiteMark } from '../../../components/site-mark.tsx';
import { useSiteName } from '../../settings/api/use-site-name.ts';
import { useCustomerService } from '../../support/api/use-customer-service.ts';
import type { LoginInput } from '../api/login.ts';
import { useLoginFlow } from '../components/use-login-flow.ts';

const loadUsernameSchema = () => import('@shopdesk/shared/auth/schemas').then((m) => m.usernameSchema);
const loadPasswordSchema = () => import('@shopdesk/shared/auth/schemas').then((m) => m.plainPasswordSchema);

/** "Forgot password" and "register" lead to customer service: the spec does not show their targets. */
function useContactDialog() {
  const { t } = useTranslation('auth');
  const { modal } = App.useApp();
  const contact = useCustomerService();
  return (kind: 'forgot' | 'register') =>
    modal.confirm({
      title: t(`${kind}Title`),
      content: t(`${kind}Body`),
      okText: t('contactSupport'),
      cancelText: t('common:actions.close'),
      onOk: contact,
    });
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${t('title')} · ${siteName}`;
  }, [t, siteName]);
  const { submit, pending } = useLoginFlow(false);
  const openContact = useContactDialog();
  return (
    <div className="login-screen">
      <div className="login-language"><LanguageDropdown /></div>
      <section className="login-hero">
        <SiteMark size={56} />
        <Typography.Title level={1} className="login-hero-title">{siteName}</Typography.Title>
        <Typography.Paragraph className="login-hero-text">{t('tagline')}</Typography.Paragraph>
      </section>
      <section className="login-panel">
        <div className="login-card">
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('subtitle')}</Typography.Paragraph>
          <Form<LoginInput> layout="vertical" size="large" initialValues={{ rememberMe: true }} onFinish={submit} data-testid="login-form" requiredMark={false}>
            <Form.Item name="username" label={t('username')} rules={[lazyZodRule(loadUsernameSchema, t, { min: AUTH.USERNAME_MIN, max: AUTH.USERNAME_MAX })]}>
              <Input prefix={<UserOutlined aria-hidden />} placeholder={t('usernamePlaceholder')} autoComplete="username" data-testid="login-username" />
            </Form.Item>
            <Form.Item name="password" label={t('password')} rules={[lazyZodRule(loadPasswordSchema, t, { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX })]}>
              <Input.Password prefix={<LockOutlined aria-hidden />} placeholder={t('passwordPlaceholder')} autoComplete="current-password" data-testid="login-password" />
            </Form.Item>
            <Flex justify="space-between" align="center" className="login-row">
              <Form.Item name="rememberMe" valuePropName="checked" noStyle>
                <Checkbox data-testid="login-remember">{t('rememberMe')}</Checkbox>
              </Form.Item>
              <Button type="link" onClick={() => openContact('forgot')} data-testid="login-forgot">{t('forgotPassword')}</Button>
            </Flex>
            <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">{t('submit')}</Button>
          </Form>
          <div className="login-register">
            <Typography.Text type="secondary">{t('noAccount')}</Typography.Text>
            <Button type="link" onClick={() => openContact('register')} data-testid="login-register">{t('register')}</Button>
          </div>
        </div>
      </section>
    </div>
  );
}
