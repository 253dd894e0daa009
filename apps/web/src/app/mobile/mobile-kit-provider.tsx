import { useEffect, type ReactNode } from 'react';
// Deep imports, not the 'antd-mobile' index: through the index a login page would pull in every
// component's dependencies (springs, gestures, the form library) (docs/decisions.md, "Lean phone login").
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMobileLocale } from './mobile-locales.ts';
import { showToast } from '../../components/mobile/lazy-toast.ts';

// The app's messages as Toasts, loaded with the first one, not with the login page.
function toast(icon: 'success' | 'fail' | undefined, content: string) {
  showToast({ icon, content, duration: UI.TOAST_MS });
}

/** antd-mobile with the current language and theme, and the app's messages as Toasts. */
export function MobileKitProvider({ children }: { children: ReactNode }) {
  useTranslation();
  const mode = themeStore.use();
  useEffect(() => applyThemeToDocument(mode), [mode]);
  useEffect(
    () =>
      setNotifier({
        error: (text) => toast('fail', text),
        success: (text) => toast('success', text),
        info: (text) => toast(undefined, text),
        warning: (text) => toast(undefined, text),
      }),
    [],
  );
  const locale = useMobileLocale(currentLanguage());
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
