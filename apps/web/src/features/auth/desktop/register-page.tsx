import { Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegisterScreen, type RegisterValues } from '../hooks/use-account-pages.ts';
import { AccountScreen, showErrors } from './account-screen.tsx';

const EMPTY: RegisterValues = { username: '', password: '', confirmPassword: '', shopName: '', email: '', whatsapp: '' };

/** Opens a shop: it waits for an operator's approval, and its login says so until then. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const screen = useRegisterScreen();
  const [form] = Form.useForm<RegisterValues>();
  const back = <Link to={screen.loginPath} data-testid="register-back">{t('backToLogin')}</Link>;
  return (
    <AccountScreen title={t('registerPage.title')} subtitle={screen.registered ? undefined : t('registerPage.intro')}>
      {screen.registered ? (
        <>
          <div role="status" data-testid="register-done">
            <Typography.Title level={3}>{t('registerPage.doneTitle')}</Typography.Title>
            <Typography.Paragraph>{t('registerPage.done', { shopName: screen.registered })}</Typography.Paragraph>
          </div>
          <div className="login-register">{back}</div>
        </>
      ) : (
        <Form<RegisterValues> form={form} layout="vertical" requiredMark={false} initialValues={EMPTY} onFinish={(values) => void showErrors(form, screen.submit(values))} data-testid="register-form">
          <Form.Item name="shopName" label={t('registerPage.shopName')}>
            <Input data-testid="register-shop-name" />
          </Form.Item>
          <Form.Item name="username" label={t('username')}>
            <Input autoComplete="username" data-testid="register-username" />
          </Form.Item>
          <Form.Item name="password" label={t('password')}>
            <Input.Password autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('registerPage.confirmPassword')}>
            <Input.Password autoComplete="new-password" data-testid="register-confirm-password" />
          </Form.Item>
          <Form.Item name="email" label={t('registerPage.email')}>
            <Input type="email" autoComplete="email" data-testid="register-email" />
          </Form.Item>
          <Form.Item name="whatsapp" label={t('registerPage.whatsapp')}>
            <Input inputMode="numeric" autoComplete="tel" data-testid="register-whatsapp" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={screen.pending} data-testid="register-submit">{t('registerPage.submit')}</Button>
          <div className="login-register">{back}</div>
        </Form>
      )}
    </AccountScreen>
  );
}
