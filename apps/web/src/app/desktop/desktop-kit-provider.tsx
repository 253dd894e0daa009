import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ANTD_LOCALES } from './antd-locales.ts';

const TOAST_SECONDS = UI.TOAST_MS / 1000;

/** Routes the app's messages to antd's `message`, bound to the current theme and locale. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    const show = (type: 'error' | 'success' | 'info') => (content: string) => {
      void message.open({ type, content, key: `${type}:${content}`, duration: TOAST_SECONDS });
    };
    return setNotifier({ error: show('error'), success: show('success'), info: show('info') });
  }, [message]);
  return null;
}

/**
 * Light theme colours with a 4.5:1 contrast on white (issue 15, axe WCAG AA): antd's default
 * primary (#1677ff) and secondary text (45% black) fall short for text.
 */
const LIGHT_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  borderRadius: 8,
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
} as const;

/** antd with the current language, theme (light/dark) and the notifier. */
export function DesktopKitProvider({ children }: { children: ReactNode }) {
  useTranslation();
  const mode = themeStore.use();
  useEffect(() => applyThemeToDocument(mode), [mode]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[currentLanguage()]}
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: mode === 'dark' ? { colorPrimary: '#1677ff', borderRadius: 8 } : LIGHT_TOKENS }}
    >
      <AntApp className="desktop-app">
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
