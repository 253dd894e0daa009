import { Button, Form, Input, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResetPasswordScreen, type NewPasswordValues, type ResetRequestValues } from '../hooks/use-account-pages.ts';
import { AccountScreen, showErrors } from './account-screen.tsx';

/** Forgot password: ask for a reset, or, at the operator's one-time link, set the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const screen = useResetPasswordScreen();
  const [requestForm] = Form.useForm<ResetRequestValues>();
  const [passwordForm] = Form.useForm<NewPasswordValues>();
  const back = <Link to={screen.loginPath} data-testid="reset-back">{t('backToLogin')}</Link>;

  if (screen.mode === 'request') {
    return (
      <AccountScreen title={t('reset.title')} subtitle={screen.requestSent ? undefined : t('reset.requestIntro', { minutes: screen.linkMinutes })}>
        {screen.requestSent ? (
          <>
          <div role="status" data-testid="reset-request-sent">
            <Typography.Title level={3}>{t('reset.sentTitle')}</Typography.Title>
            <Typography.Paragraph>{t('reset.sent', { minutes: screen.linkMinutes })}</Typography.Paragraph>
          </div>
          <div className="login-register">{back}</div>
        </>
        ) : (
          <Form<ResetRequestValues> form={requestForm} layout="vertical" size="large" requiredMark={false} initialValues={{ username: '', contact: '' }} onFinish={(values) => void showErrors(requestForm, screen.sendRequest(values))} data-testid="reset-request-form">
            <Form.Item name="username" label={t('username')}>
              <Input prefix={<UserOutlined aria-hidden />} placeholder={t('usernamePlaceholder')} autoComplete="username" data-testid="reset-username" />
            </Form.Item>
            <Form.Item name="contact" label={t('reset.contact')} extra={t('reset.contactHelp')}>
              <Input placeholder={t('reset.contactPlaceholder')} data-testid="reset-contact" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={screen.requestPending} data-testid="reset-request-submit">{t('reset.send')}</Button>
            <div className="login-register">{back}</div>
          </Form>
        )}
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title={t('reset.linkTitle')} subtitle={screen.linkFor || undefined}>
      {screen.linkChecking ? (
        <Typography.Paragraph type="secondary" role="status">{t('reset.checking')}</Typography.Paragraph>
      ) : screen.linkProblem ? (
        <>
          <Typography.Paragraph type="danger" role="alert" data-testid="reset-link-problem">{screen.linkProblem}</Typography.Paragraph>
          <div className="login-register account-links">
            <Link to="/reset-password">{t('reset.askAgain')}</Link>
            {back}
          </div>
        </>
      ) : (
        <Form<NewPasswordValues> form={passwordForm} layout="vertical" size="large" requiredMark={false} initialValues={{ newPassword: '', confirmPassword: '' }} onFinish={(values) => void showErrors(passwordForm, screen.setPassword(values))} data-testid="reset-password-form">
          <Form.Item name="newPassword" label={t('reset.newPassword')}>
            <Input.Password autoComplete="new-password" data-testid="reset-new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('reset.confirmPassword')}>
            <Input.Password autoComplete="new-password" data-testid="reset-confirm-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={screen.resetPending} data-testid="reset-password-submit">{t('reset.save')}</Button>
        </Form>
      )}
    </AccountScreen>
  );
}
