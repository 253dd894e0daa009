import { useEffect, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageDropdown } from '../../../components/desktop/language-dropdown.tsx';
import { SiteMark } from '../../../components/site-mark.tsx';
import { useSiteName } from '../../settings/api/use-site-name.ts';
import type { FieldErrors } from '../hooks/use-account-pages.ts';

/** Shows a screen hook's field problems on an antd form once its check is done. */
export async function showErrors<V>(form: { setFields(fields: { name: keyof V & string; errors: string[] }[]): void }, checked: Promise<FieldErrors<keyof V & string> | null>): Promise<void> {
  const errors = await checked;
  if (errors) form.setFields(Object.entries(errors).map(([name, text]) => ({ name: name as keyof V & string, errors: [String(text)] })));
}

/** The login page's frame (brand on the left, the card on the right), for it and its own pages. */
export function AccountScreen({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  useEffect(() => {
    document.title = `${title} · ${siteName}`;
  }, [title, siteName]);
  return (
    <div className="login-screen">
      <div className="login-language"><LanguageDropdown /></div>
      <section className="login-hero">
        <SiteMark size={56} />
        <Typography.Title level={1} className="login-hero-title">{siteName}</Typography.Title>
        <Typography.Paragraph className="login-hero-text">{t('tagline')}</Typography.Paragraph>
      </section>
      <main className="login-panel">
        <div className="login-card">
          <Typography.Title level={2}>{title}</Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </div>
      </main>
    </div>
  );
}
