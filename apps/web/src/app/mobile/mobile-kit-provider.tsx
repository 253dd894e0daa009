import { useEffect, type ReactNode } from 'react';
// Deep imports, not the 'antd-mobile' index: through the index a login page would pull in every
// component's dependencies (springs, gestures, the form library) — see docs/decisions.md.
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMobileLocale } from './mobile-locales.ts';

type Container = (Element | DocumentFragment) & { __shopdeskRoot?: Root };

// antd-mobile renders Toast, Dialog and Modal imperatively; under React 19 it needs createRoot.
unstableSetRender((node, container: Container) => {
  container.__shopdeskRoot ??= createRoot(container);
  const root = container.__shopdeskRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__shopdeskRoot;
  };
});

// Toast (and its animation library) loads with the first message, not with the login page.
function showToast(icon: 'success' | 'fail' | undefined, content: string) {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show({ icon, content, duration: UI.TOAST_MS }));
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
