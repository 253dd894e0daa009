import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
// Deep imports keep the rest of antd-mobile (springs, gestures, forms) off the first screen.
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { AUTH } from '@shopdesk/shared/constants';
import { schemaIssue } from '../../../lib/form-rules.ts';
import { LanguagePickerButton } from '../../../components/mobile/language-picker.tsx';
import { SiteMark } from '../../../components/site-mark.tsx';
import { useSiteName } from '../../settings/api/use-site-name.ts';
import type { LoginInput } from '../api/login.ts';
import { useLoginFlow } from '../components/use-login-flow.ts';

type Field = 'username' | 'password';

// The shared schemas (and zod with them) load when the form is first checked, not with the page.
const SCHEMAS: Record<Field, { load: () => Promise<ZodType>; params: Record<string, number> }> = {
  username: { load: () => import('@shopdesk/shared/auth/schemas').then((m) => m.usernameSchema), params: { min: AUTH.USERNAME_MIN, max: AUTH.USERNAME_MAX } },
  password: { load: () => import('@shopdesk/shared/auth/schemas').then((m) => m.plainPasswordSchema), params: { min: AUTH.PASSWORD_MIN, max: AUTH.PASSWORD_MAX } },
};

/**
 * The phone login page: username, password, remember me, forgot and register links. A plain form
 * over antd-mobile's inputs (no Form library): the first screen a phone sees stays small.
 */
export function MobileLoginPage() {
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${t('title')} · ${siteName}`;
  }, [t, siteName]);
  const { submit, pending, challenge, submitCode, back } = useLoginFlow(true);
  const [code, setCode] = useState('');
  const [visible, setVisible] = useState(false);
  const [values, setValues] = useState<LoginInput>({ username: '', password: '', rememberMe: true });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checked, setChecked] = useState(false);

  const check = async (field: Field, value: string): Promise<boolean> => {
    const key = schemaIssue(await SCHEMAS[field].load(), value);
    setErrors((e) => ({ ...e, [field]: key ? t(`common:${key}`, SCHEMAS[field].params) : undefined }));
    return !key;
  };
  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (checked) void check(field, value);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const results = await Promise.all([check('username', values.username), check('password', values.password)]);
    if (results.every(Boolean)) submit(values);
  };

  const item = (field: Field, label: string, control: ReactNode, extra?: ReactNode) => (
    <div className={`m-login-item${errors[field] ? ' m-login-item-error' : ''}`}>
      <label className="m-login-label" htmlFor={`m-login-${field}`}>{label}</label>
      <div className="m-login-control">
        {control}
        {extra}
      </div>
      {errors[field] && <div className="m-login-error" role="alert">{errors[field]}</div>}
    </div>
  );

  return (
    <div className="m-login" data-testid="m-login">
      <div className="m-login-top">
        <LanguagePickerButton />
      </div>
      <div className="m-login-brand">
        <SiteMark size={56} />
        <h1>{siteName}</h1>
        <p>{t('subtitle')}</p>
      </div>
      {challenge ? (
        <form
          className="m-login-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.trim()) submitCode(code);
          }}
          noValidate
          data-testid="m-login-code-form"
        >
          <p>{t('code.hint')}</p>
          <div className="m-login-item">
            <label className="m-login-label" htmlFor="m-login-code">{t('code.label')}</label>
            <div className="m-login-control">
              <Input id="m-login-code" value={code} onChange={setCode} autoComplete="one-time-code" data-testid="m-login-code" />
            </div>
          </div>
          <div className="m-login-footer">
            <Button block type="submit" color="primary" size="large" loading={pending} data-testid="m-login-code-submit">
              {t('code.submit')}
            </Button>
            <Button block fill="none" onClick={back}>{t('code.back')}</Button>
          </div>
        </form>
      ) : (
      <form className="m-login-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="m-login-form">
        {item(
          'username',
          t('username'),
          <Input id="m-login-username" value={values.username} onChange={change('username')} placeholder={t('usernamePlaceholder')} autoComplete="username" clearable data-testid="m-login-username" />,
        )}
        {item(
          'password',
          t('password'),
          <Input
            id="m-login-password"
            type={visible ? 'text' : 'password'}
            value={values.password}
            onChange={change('password')}
            placeholder={t('passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="m-login-password"
          />,
          <button type="button" className="m-icon-button" onClick={() => setVisible((v) => !v)} aria-label={t('togglePassword')}>
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>,
        )}
        <div className="m-login-item">
          <Checkbox checked={values.rememberMe} onChange={(rememberMe) => setValues((v) => ({ ...v, rememberMe }))} data-testid="m-login-remember">
            {t('rememberMe')}
          </Checkbox>
        </div>
        <div className="m-login-footer">
          <Button block type="submit" color="primary" size="large" loading={pending} data-testid="m-login-submit">
            {t('submit')}
          </Button>
        </div>
      </form>
      )}
      <div className="m-login-links">
        <Link className="m-link" to="/m/reset-password" data-testid="m-login-forgot">{t('forgotPassword')}</Link>
        <Link className="m-link" to="/m/register" data-testid="m-login-register">{t('register')}</Link>
      </div>
    </div>
  );
}
