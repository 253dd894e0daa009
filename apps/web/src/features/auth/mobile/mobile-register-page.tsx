import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegisterScreen, type FieldErrors, type RegisterValues } from '../hooks/use-account-pages.ts';
import { MobileAccountScreen, MobileField } from './mobile-account-screen.tsx';

type Field = keyof RegisterValues;

/** Opens a shop from the phone: it waits for an operator's approval, and its login says so until then. */
export function MobileRegisterPage() {
  const { t } = useTranslation('auth');
  const screen = useRegisterScreen();
  const [values, setValues] = useState<RegisterValues>({ username: '', password: '', confirmPassword: '', shopName: '', email: '', whatsapp: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const back = <Link className="m-link" to={screen.loginPath} data-testid="m-register-back">{t('backToLogin')}</Link>;
  if (screen.registered) {
    return (
      <MobileAccountScreen title={t('registerPage.doneTitle')} intro={t('registerPage.done', { shopName: screen.registered })}>
        <div className="m-login-links" data-testid="m-register-done">{back}</div>
      </MobileAccountScreen>
    );
  }
  const field = (name: Field, label: string, extra: { type?: 'password' | 'email'; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <MobileField id={`m-register-${name}`} label={label} value={values[name]} error={errors[name]} onChange={(value) => setValues((v) => ({ ...v, [name]: value }))} {...extra} />
  );
  return (
    <MobileAccountScreen title={t('registerPage.title')} intro={t('registerPage.intro')}>
      <form className="m-login-form" noValidate onSubmit={(e) => { e.preventDefault(); void screen.submit(values).then((found) => setErrors(found ?? {})); }} data-testid="m-register-form">
        {field('shopName', t('registerPage.shopName'))}
        {field('username', t('username'), { autoComplete: 'username' })}
        {field('password', t('password'), { type: 'password', autoComplete: 'new-password' })}
        {field('confirmPassword', t('registerPage.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
        {field('email', t('registerPage.email'), { type: 'email', autoComplete: 'email' })}
        {field('whatsapp', t('registerPage.whatsapp'), { inputMode: 'numeric', autoComplete: 'tel' })}
        <div className="m-login-footer">
          <Button block type="submit" color="primary" size="large" loading={screen.pending} data-testid="m-register-submit">{t('registerPage.submit')}</Button>
        </div>
      </form>
      <div className="m-login-links">{back}</div>
    </MobileAccountScreen>
  );
}
