import { useEffect, useState } from 'react';
import { Button, Checkbox, Dialog, Form, Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AUTH } from '@shopdesk/shared/constants';
import { plainPasswordSchema, usernameSchema } from '@shopdesk/shared/auth/schemas';
import { zodRule } from '../../../lib/form-rules.ts';
import { LanguagePickerButton } from '../../../components/mobile/language-picker.tsx';
import { useSiteName } from '../../settings/api/use-site-name.ts';
import { useCustomerService } from '../../support/api/use-customer-service.ts';
import siteLogo from '../../../assets/site-logo.svg';
import type { LoginInput } from '../api/login.ts';
import { useLoginFlow } from '../components/use-login-flow.ts';

function useContactDialog() {
  const { t } = useTranslation('auth');
  const contact = useCustomerService();
  return async (kind: 'forgot' | 'register') => {
    const ok = await Dialog.confirm({
      title: t(`${kind}Title`),
      content: t(`${kind}Body`),
      confirmText: t('contactSupport'),
      cancelText: t('common:actions.close'),
    });
    if (ok) contact();
  };
}

/** The phone login page (antd-mobile): username, password, remember me, forgot and register links. */
export function MobileLoginPage() {
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${t('title')} · ${siteName}`;
  }, [t, siteName]);
  const { submit, pending } = useLoginFlow(true);
  const openContact = useContactDialog();
  const [visible, setVisible] = useState(false);
  return (
    <div className="m-login" data-testid="m-login">
      <div className="m-login-top">
        <LanguagePickerButton />
      </div>
      <div className="m-login-brand">
        <img src={siteLogo} alt="" width={56} height={56} />
        <h1>{siteName}</h1>
        <p>{t('subtitle')}</p>
      </div>
      <Form
        className="m-login-form"
        layout="vertical"
        initialValues={{ username: '', password: '', rememberMe: true }}
        onFinish={(values: LoginInput) => submit(values)}
        data-testid="m-login-form"
        footer={
          <Button block type="submit" color="primary" size="large" loading={pending} data-testid="m-login-submit">
            {t('submit')}
          </Button>
        }
      >
        <Form.Item name="username" label={t('username')} rules={[zodRule(usernameSchema, t, { min: AUTH.USERNAME_MIN, max: AUTH.USERNAME_MAX })]}>
          <Input placeholder={t('usernamePlaceholder')} autoComplete="username" clearable data-testid="m-login-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[zodRule(plainPasswordSchema, t, { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX })]}
          extra={
            <button type="button" className="m-icon-button" onClick={() => setVisible((v) => !v)} aria-label={t('togglePassword')}>
              {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
            </button>
          }
        >
          <Input type={visible ? 'text' : 'password'} placeholder={t('passwordPlaceholder')} autoComplete="current-password" data-testid="m-login-password" />
        </Form.Item>
        <Form.Item name="rememberMe" valuePropName="checked" childElementPosition="normal">
          <Checkbox data-testid="m-login-remember">{t('rememberMe')}</Checkbox>
        </Form.Item>
      </Form>
      <div className="m-login-links">
        <button type="button" className="m-link" onClick={() => void openContact('forgot')} data-testid="m-login-forgot">{t('forgotPassword')}</button>
        <button type="button" className="m-link" onClick={() => void openContact('register')} data-testid="m-login-register">{t('register')}</button>
      </div>
    </div>
  );
}
