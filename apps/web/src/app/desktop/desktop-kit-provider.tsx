import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ANTD_LOCALES } from './antd-locales.ts';
import { useIconLabels } from '../../components/desktop/icon-labels.ts';
import { DARK_THEME, LIGHT_THEME } from './kit-theme.ts';
import { useReducedMotion } from '../../lib/reduced-motion.ts';

const TOAST_SECONDS = UI.TOAST_MS / 1000;

/** Routes the app's messages to antd's `message`, bound to the current theme and locale. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    const show = (type: 'error' | 'success' | 'info' | 'warning') => (content: string) => {
      void message.open({ type, content, key: `${type}:${content}`, duration: TOAST_SECONDS });
    };
    return setNotifier({ error: show('error'), success: show('success'), info: show('info'), warning: show('warning') });
  }, [message]);
  return null;
}

/** antd's icons: hidden from screen readers, or named in the current language (not "down", "left"). */
function IconLabels() {
  useIconLabels();
  return null;
}

/** antd with the current language, theme (light/dark) and the notifier. */
export function DesktopKitProvider({ children }: { children: ReactNode }) {
  useTranslation();
  const mode = themeStore.use();
  useEffect(() => applyThemeToDocument(mode), [mode]);
  const kitTheme = mode === 'dark' ? { ...DARK_THEME, algorithm: theme.darkAlgorithm } : { ...LIGHT_THEME, algorithm: theme.defaultAlgorithm };
  // The system's "reduce motion": antd's zooms, slides and fades are off (its CSS animations are
  // cut by global.css).
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]} theme={reducedMotion ? { ...kitTheme, token: { ...kitTheme.token, motion: false } } : kitTheme}>
      <AntApp className="desktop-app">
        <NotifierBridge />
        <IconLabels />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
