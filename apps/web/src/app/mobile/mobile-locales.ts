import { useEffect, useState } from 'react';
import enUS from 'antd-mobile/es/locales/en-US';
// antd-mobile's ConfigProvider imports zh-CN itself (its default locale): it is in the phone's
// start files either way, so Chinese needs no load (a dynamic import of it would split nothing).
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { LanguageCode } from '@shopdesk/shared/languages';

type MobileLocale = typeof enUS;

/**
 * antd-mobile's own texts per language, each loaded when its language is in use (English and
 * Chinese are built in; English is the fallback meanwhile; antd-mobile ships no Filipino, so
 * tl-PH loads ours).
 */
export const MOBILE_LOCALE_LOADERS: Record<LanguageCode, () => Promise<{ default: MobileLocale }>> = {
  'en-US': async () => ({ default: enUS }),
  'zh-CN': async () => ({ default: zhCN }),
  'vi-VN': () => import('antd-mobile/es/locales/vi-VN'),
  'th-TH': () => import('antd-mobile/es/locales/th-TH'),
  'tl-PH': () => import('./antd-mobile-locale-tl-ph.ts'),
  'ms-MY': () => import('antd-mobile/es/locales/ms-MY'),
  'id-ID': () => import('antd-mobile/es/locales/id-ID'),
  'ja-JP': () => import('antd-mobile/es/locales/ja-JP'),
  'ko-KR': () => import('antd-mobile/es/locales/ko-KR'),
};

const loaded = new Map<LanguageCode, MobileLocale>([['en-US', enUS], ['zh-CN', zhCN]]);

/** The antd-mobile locale of a language: English until its own has loaded. */
export function useMobileLocale(language: LanguageCode): MobileLocale {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (loaded.has(language)) return;
    let live = true;
    void MOBILE_LOCALE_LOADERS[language]().then(({ default: locale }) => {
      loaded.set(language, locale);
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded.get(language) ?? enUS;
}
