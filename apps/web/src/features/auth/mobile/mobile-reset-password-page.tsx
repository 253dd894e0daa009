import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResetPasswordScreen, type FieldErrors, type NewPasswordValues, type ResetRequestValues } from '../hooks/use-account-pages.ts';
import { MobileAccountScreen, MobileField } from './mobile-account-screen.tsx';

/** Forgot password on the phone: ask for a reset, or, at the operator's one-time link, set the new password. */
export function MobileResetPasswordPage() {
  const { t } = useTranslation('auth');
  const screen = useResetPasswordScreen();
  const [request, setRequest] = useState<ResetRequestValues>({ username: '', contact: '' });
  const [password, setPassword] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [requestErrors, setRequestErrors] = useState<FieldErrors<keyof ResetRequestValues>>({});
  const [passwordErrors, setPasswordErrors] = useState<FieldErrors<keyof NewPasswordValues>>({});
  const back = <Link className="m-link" to={screen.loginPath} data-testid="m-reset-back">{t('backToLogin')}</Link>;

  if (screen.mode === 'request') {
    if (screen.requestSent) {
      return (
        <MobileAccountScreen title={t('reset.sentTitle')} intro={t('reset.sent', { minutes: screen.linkMinutes })}>
          <div className="m-login-links" data-testid="m-reset-request-sent">{back}</div>
        </MobileAccountScreen>
      );
    }
    return (
      <MobileAccountScreen title={t('reset.title')} intro={t('reset.requestIntro', { minutes: screen.linkMinutes })}>
        <form className="m-login-form" noValidate onSubmit={(e) => { e.preventDefault(); void screen.sendRequest(request).then((errors) => setRequestErrors(errors ?? {})); }} data-testid="m-reset-request-form">
          <MobileField id="m-reset-username" label={t('username')} value={request.username} error={requestErrors.username} onChange={(username) => setRequest((v) => ({ ...v, username }))} autoComplete="username" />
          <MobileField id="m-reset-contact" label={t('reset.contact')} value={request.contact} error={requestErrors.contact} onChange={(contact) => setRequest((v) => ({ ...v, contact }))} />
          <div className="m-login-footer">
            <Button block type="submit" color="primary" size="large" loading={screen.requestPending} data-testid="m-reset-request-submit">{t('reset.send')}</Button>
          </div>
        </form>
        <div className="m-login-links">{back}</div>
      </MobileAccountScreen>
    );
  }

  return (
    <MobileAccountScreen title={t('reset.linkTitle')} intro={screen.linkChecking ? t('reset.checking') : screen.linkFor || undefined}>
      {screen.linkProblem ? (
        <>
          <p className="m-login-error m-account-problem" role="alert" data-testid="m-reset-link-problem">{screen.linkProblem}</p>
          <div className="m-login-links">
            <Link className="m-link" to="/m/reset-password">{t('reset.askAgain')}</Link>
            {back}
          </div>
        </>
      ) : (
        !screen.linkChecking && (
          <form className="m-login-form" noValidate onSubmit={(e) => { e.preventDefault(); void screen.setPassword(password).then((errors) => setPasswordErrors(errors ?? {})); }} data-testid="m-reset-password-form">
            <MobileField id="m-reset-new-password" type="password" label={t('reset.newPassword')} value={password.newPassword} error={passwordErrors.newPassword} onChange={(newPassword) => setPassword((v) => ({ ...v, newPassword }))} autoComplete="new-password" />
            <MobileField id="m-reset-confirm-password" type="password" label={t('reset.confirmPassword')} value={password.confirmPassword} error={passwordErrors.confirmPassword} onChange={(confirmPassword) => setPassword((v) => ({ ...v, confirmPassword }))} autoComplete="new-password" />
            <div className="m-login-footer">
              <Button block type="submit" color="primary" size="large" loading={screen.resetPending} data-testid="m-reset-password-submit">{t('reset.save')}</Button>
            </div>
          </form>
        )
      )}
    </MobileAccountScreen>
  );
}
