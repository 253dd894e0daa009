import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { UI } from '@shopdesk/shared/constants';
import { setNotifier } from '../../lib/notifier.ts';
import { applyThemeToDocument, themeStore } from '../../lib/theme.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ANTD_LOCALES } from './antd-locales.ts';
import { useIconLabels } from '../../components/desktop/icon-labels.ts';

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

/** antd's icons: hidden from screen readers, or named in the current language (not "down", "left"). */
function IconLabels() {
  useIconLabels();
  return null;
}

/**
 * Light theme colours with a 4.5:1 contrast on white and on their own tinted backgrounds (issue 15,
 * axe WCAG AA): antd's default primary (#1677ff), secondary text (45% black), error red (#ff4d4f)
 * and the status and preset colours it writes text in (tags, typography) fall short for text. The
 * same values are the `--sd-*-text` variables of global.css, which the plain CSS and antd-mobile use.
 */
const TEXT_COLOURS = { success: '#237804', warning: '#ad4e00', error: '#cf1322', info: '#0958d9', gold: '#874d00' } as const;
const LIGHT_TOKENS = {
  colorPrimary: TEXT_COLOURS.info,
  colorLink: TEXT_COLOURS.info,
  colorError: TEXT_COLOURS.error,
  // Hovered buttons and links: a lighter shade that still keeps 4.5:1 with white (antd's derived
  // ones do not: white on the primary's hover blue is 4.2:1).
  colorPrimaryHover: '#1f6fe0',
  colorLinkHover: '#1f6fe0',
  colorErrorHover: '#dc2f3a',
  colorSuccessText: TEXT_COLOURS.success,
  colorWarningText: TEXT_COLOURS.warning,
  colorInfoText: TEXT_COLOURS.info,
  borderRadius: 8,
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
} as const;
/**
 * A tag writes its text in the status colour (`colorSuccess`…) or the preset's 7th shade (`gold7`…)
 * on that colour's lightest tint: only tags get the darker text shades, so icons, progress bars and
 * badges keep antd's brighter colours.
 */
const LIGHT_COMPONENTS = {
  Tag: {
    colorSuccess: TEXT_COLOURS.success,
    colorWarning: TEXT_COLOURS.warning,
    colorInfo: TEXT_COLOURS.info,
    gold7: TEXT_COLOURS.gold,
    orange7: TEXT_COLOURS.warning,
    green7: TEXT_COLOURS.success,
    cyan7: '#006d75',
    lime7: '#3f6600',
    yellow7: '#876800',
    volcano7: '#ad2102',
  },
} as const;

/** antd with the current language, theme (light/dark) and the notifier. */
export function DesktopKitProvider({ children }: { children: ReactNode }) {
  useTranslation();
  const mode = themeStore.use();
  useEffect(() => applyThemeToDocument(mode), [mode]);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[currentLanguage()]}
      theme={
        mode === 'dark'
          ? { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#1677ff', borderRadius: 8 } }
          : { algorithm: theme.defaultAlgorithm, token: LIGHT_TOKENS, components: LIGHT_COMPONENTS }
      }
    >
      <AntApp className="desktop-app">
        <NotifierBridge />
        <IconLabels />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
