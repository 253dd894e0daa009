import { useEffect, type ReactNode } from 'react';
// Deep imports, not the 'antd-mobile' index: through the index a login page would pull in every
// component's dependencies (springs, gestures, the form library) — see docs/decisions.md.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMobileLocale } from './mobile-locales.ts';

// Toast (its animation library and the imperative render set-up) loads with the first message, not
// with the login page.
function showToast(icon: 'success' | 'fail' | undefined, content: string) {
  void Promise.all([import('antd-mobile/es/components/toast'), import('../../components/mobile/imperative-render.ts')]).then(([{ default: Toast }]) =>
    Toast.show({ icon, content, duration: UI.TOAST_MS }),
  );
}

/** antd-mobile with the current language and theme, and the app's messages as Toasts. */
export function MobileKitProvider({ children }: { children: ReactNode }) {
  useTranslation();
  const mode = themeStore.use();
  useEffect(() => applyThemeToDocument(mode), [mode]);
  useEffect(
    () =>
      setNotifier({
        error: (text) => showToast('fail', text),
        success: (text) => showToast('success', text),
        info: (text) => showToast(undefined, text),
      }),
    [],
  );
  const locale = useMobileLocale(currentLanguage());
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
