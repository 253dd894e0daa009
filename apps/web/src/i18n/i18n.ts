import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@shopdesk/shared/languages';

/** Catalog namespaces; each is `locales/<language>/<namespace>.json`. */
export const NAMESPACES = ['common', 'menu', 'auth', 'layout', 'settings', 'account', 'notifications', 'wallet', 'products', 'orders', 'marketing', 'activity', 'users', 'dashboard'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const catalogs = import.meta.glob<{ default: ResourceKey }>('./locales/*/*.json');

/** Loads each catalog as its own small chunk, only for the languages in use. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = catalogs[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export async function initI18n(language: LanguageCode): Promise<typeof i18next> {
  await i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      load: 'currentOnly',
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18next;
}

export function currentLanguage(): LanguageCode {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return (LANGUAGE_CODES as string[]).includes(lng) ? (lng as LanguageCode) : DEFAULT_LANGUAGE;
}
