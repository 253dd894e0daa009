import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EnrolledAnswer, SecondStepAnswer } from '@shopdesk/shared/two-factor/schemas';
import { LanguageDropdown } from '../../components/desktop/language-dropdown.tsx';
import { confirmEnrolment, enrolment, passwordStep, startSession, verifyCode } from '../api/ops-auth.ts';
import { errorText } from '../api/error-text.ts';
import { opsSessionStore } from '../api/session.ts';

/** Where the login returns: a console page asked for (`?next=`), never an address outside /ops. */
function nextPage(next: string | null): string {
  return next && next.startsWith('/ops/') && !next.startsWith('/ops/login') ? next : '/ops';
}

function PasswordStep({ onDone }: { onDone: (answer: SecondStepAnswer) => void }) {
  const { t } = useTranslation('ops');
  const login = useMutation({ mutationFn: (values: { username: string; password: string }) => passwordStep(values.username.trim(), values.password), onSuccess: onDone });
  return (
    <Form layout="vertical" onFinish={(values: { username: string; password: string }) => login.mutate(values)} requiredMark={false} data-testid="ops-password-form">
      {login.isError && <Alert type="error" showIcon message={errorText(login.error, t)} className="ops-form-error" data-testid="ops-login-error" style={{ marginBottom: 16 }} />}
      <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus data-testid="ops-username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" data-testid="ops-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="ops-login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}

function CodeForm({ label, submit, pending, error }: { label: string; submit: (code: string) => void; pending: boolean; error: unknown }) {
  const { t } = useTranslation('ops');
  return (
    <Form layout="vertical" onFinish={(values: { code: string }) => submit(values.code.trim())} requiredMark={false} data-testid="ops-code-form">
      {error ? <Alert type="error" showIcon message={errorText(error, t)} style={{ marginBottom: 16 }} data-testid="ops-code-error" /> : null}
      <Form.Item name="code" label={label} rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
        <Input autoComplete="one-time-code" inputMode="text" maxLength={11} autoFocus data-testid="ops-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending} data-testid="ops-code-submit">
        {t('login.verify')}
      </Button>
    </Form>
  );
}

function EnrolStep({ challenge, onEnrolled }: { challenge: string; onEnrolled: (answer: EnrolledAnswer) => void }) {
  const { t } = useTranslation('ops');
  const secret = useQuery({ queryKey: ['ops', 'enrolment', challenge], queryFn: () => enrolment(challenge), staleTime: Infinity, retry: false });
  const confirm = useMutation({ mutationFn: (code: string) => confirmEnrolment(challenge, code), onSuccess: onEnrolled });
  if (secret.isPending) return <Spin />;
  if (secret.isError) return <Alert type="error" showIcon message={errorText(secret.error, t)} data-testid="ops-enrol-error" />;
  return (
    <div data-testid="ops-enrol">
      <Typography.Paragraph>{t('login.enrolIntro')}</Typography.Paragraph>
      <img className="ops-qr" src={secret.data.qrDataUrl} alt={t('login.qrAlt')} data-testid="ops-qr" />
      <Typography.Paragraph type="secondary">
        {t('login.enrolManual')} <Typography.Text className="ops-secret" copyable data-testid="ops-secret">{secret.data.secret}</Typography.Text>
      </Typography.Paragraph>
      <CodeForm label={t('login.enrolCode')} submit={(code) => confirm.mutate(code)} pending={confirm.isPending} error={confirm.error} />
    </div>
  );
}

function RecoveryCodes({ answer, onContinue }: { answer: EnrolledAnswer; onContinue: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <div data-testid="ops-recovery">
      <Alert type="warning" showIcon message={t('login.recoveryTitle')} description={t('login.recoveryText')} />
      <div className="ops-recovery-codes" data-testid="ops-recovery-codes">
        {answer.recoveryCodes.map((code) => (
          <span key={code}>{code}</span>
        ))}
      </div>
      <Typography.Paragraph>
        <Typography.Text copyable={{ text: answer.recoveryCodes.join('\n') }}>{t('login.recoveryCopy')}</Typography.Text>
      </Typography.Paragraph>
      <Button type="primary" block onClick={onContinue} data-testid="ops-recovery-continue">
        {t('login.recoveryDone')}
      </Button>
    </div>
  );
}

type Step = { kind: 'password' } | { kind: 'code' | 'enrol'; challenge: string } | { kind: 'recovery'; answer: EnrolledAnswer };

/** /ops/login: the password, then the authenticator's code; a first login enrols it (QR code, recovery codes). */
export function OpsLoginPage() {
  const { t } = useTranslation('ops');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = opsSessionStore.use();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const next = nextPage(params.get('next'));
  const verify = useMutation({
    mutationFn: (code: string) => verifyCode(step.kind === 'code' ? step.challenge : '', code),
    onSuccess: (answer) => {
      startSession(answer);
      void navigate(next, { replace: true });
    },
  });
  // Signed in already (another tab, the back button): the console, not a second login.
  if (session && step.kind !== 'recovery') return <Navigate to={next} replace />;
  const restart = () => {
    verify.reset();
    setStep({ kind: 'password' });
  };
  return (
    <main className="ops-login">
      <Card className="ops-login-card" title={<h1 className="page-title">{t('login.title')}</h1>} extra={<LanguageDropdown />} data-testid="ops-login">
        {step.kind === 'password' && <PasswordStep onDone={(answer) => setStep({ kind: answer.step, challenge: answer.challenge })} />}
        {step.kind === 'code' && (
          <>
            <Typography.Paragraph>{t('login.codeIntro')}</Typography.Paragraph>
            <CodeForm label={t('login.code')} submit={(code) => verify.mutate(code)} pending={verify.isPending} error={verify.error} />
          </>
        )}
        {step.kind === 'enrol' && (
          <EnrolStep
            challenge={step.challenge}
            onEnrolled={(answer) => {
              startSession(answer);
              setStep({ kind: 'recovery', answer });
            }}
          />
        )}
        {step.kind === 'recovery' && <RecoveryCodes answer={step.answer} onContinue={() => void navigate(next, { replace: true })} />}
        {(step.kind === 'code' || step.kind === 'enrol') && (
          <Button type="link" block onClick={restart} data-testid="ops-login-restart" style={{ marginTop: 8 }}>
            {t('login.restart')}
          </Button>
        )}
      </Card>
    </main>
  );
}
