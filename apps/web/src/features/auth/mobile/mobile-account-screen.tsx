import { useEffect, type ReactNode } from 'react';
import Input from 'antd-mobile/es/components/input';
import { LanguagePickerButton } from '../../../components/mobile/language-picker.tsx';
import { SiteMark } from '../../../components/site-mark.tsx';
import { useSiteName } from '../../settings/api/use-site-name.ts';

/** The phone login page's frame for its own pages (reset, register): language, brand, the page's title. */
export function MobileAccountScreen({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
  return (
    <main className="m-login">
      <div className="m-login-top">
        <LanguagePickerButton />
      </div>
      <div className="m-login-brand">
        <SiteMark size={48} />
        <h1>{title}</h1>
        {intro && <p>{intro}</p>}
      </div>
      {children}
    </main>
  );
}

/** One labelled input of these forms, with its problem under it. */
export function MobileField({ id, label, value, error, onChange, type = 'text', autoComplete, inputMode }: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
}) {
  return (
    <div className={`m-login-item${error ? ' m-login-item-error' : ''}`}>
      <label className="m-login-label" htmlFor={id}>{label}</label>
      <div className="m-login-control">
        <Input id={id} type={type} value={value} onChange={onChange} autoComplete={autoComplete} inputMode={inputMode} data-testid={id} />
      </div>
      {error && <div className="m-login-error" role="alert">{error}</div>}
    </div>
  );
}
