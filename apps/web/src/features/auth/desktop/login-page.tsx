import { Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUTH, SECOND_FACTOR_CODE_INPUT } from '@shopdesk/shared/constants';
import { lazyZodRule } from '../../../lib/form-rules.ts';
import type { LoginInput } from '../api/login.ts';
import { useLoginFlow } from '../components/use-login-flow.ts';
import { AccountScreen } from './account-screen.tsx';

// The login page's own pages travel in its chunk: split apart, the antd parts they share with it
// became files of their own that every desktop start would load.
export { RegisterPage } from './register-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';

const loadUsernameSchema = () => import('@shopdesk/shared/auth/schemas').then((m) => m.usernameSchema);
const loadPasswordSchema = () => import('@shopdesk/shared/auth/schemas').then((m) => m.plainPasswordSchema);

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { submit, pending, challenge, submitCode, back } = useLoginFlow(false);
  if (challenge) {
    return (
      <AccountScreen title={t('code.title')} subtitle={t('code.hint')}>
        <Form<{ code: string }> layout="vertical" size="large" onFinish={(values) => submitCode(values.code)} data-testid="login-code-form" requiredMark={false}>
          <Form.Item name="code" label={t('code.label')} rules={[{ required: true, pattern: SECOND_FACTOR_CODE_INPUT, message: t('code.invalid') }]}>
            <Input prefix={<LockOutlined aria-hidden />} autoComplete="one-time-code" inputMode="text" autoFocus data-testid="login-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-code-submit">{t('code.submit')}</Button>
          <Button type="link" block onClick={back} data-testid="login-code-back">{t('code.back')}</Button>
        </Form>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t('title')} subtitle={t('subtitle')}>
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
              <Link to="/reset-password" data-testid="login-forgot">{t('forgotPassword')}</Link>
            </Flex>
            <Button type="primary" htmlType="submit" block loading={pending} data-testid="login-submit">{t('submit')}</Button>
          </Form>
          <div className="login-register">
            <Typography.Text type="secondary">{t('noAccount')}</Typography.Text>
            <Link to="/register" data-testid="login-register">{t('register')}</Link>
          </div>
    </AccountScreen>
  );
}
