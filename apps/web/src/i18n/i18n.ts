import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@shopdesk/shared/languages';
import { i18nextLanguage, languageFromTag, prepareDates } from './language.ts';

import { APP_NAMESPACES, MALL_NAMESPACE, OPS_NAMESPACES, STARTUP_NAMESPACES, type Namespace } from './namespaces.ts';

export { APP_NAMESPACES, MALL_START_NAMESPACES, NAMESPACES, OPS_NAMESPACES, STARTUP_NAMESPACES, type Namespace } from './namespaces.ts';

/**
 * The catalogs the cold starts need at once: the login pages' (STARTUP_NAMESPACES) and the mall's,
 * whose home is a first page too (checked by the catalogs test); the rest are in more-catalogs.ts.
 */
const startCatalogs = import.meta.glob<{ default: ResourceKey }>(['./locales/*/common.json', './locales/*/auth.json', './locales/*/layout.json', './locales/*/mall.json']);
type CatalogLoader = () => Promise<{ default: ResourceKey }>;
let moreCatalogs: Promise<Record<string, CatalogLoader>> | null = null;

async function catalogLoader(key: string): Promise<CatalogLoader | undefined> {
  const start = startCatalogs[key];
  if (start) return start;
  moreCatalogs ??= import('./more-catalogs.ts').then((m) => m.moreCatalogs);
  return (await moreCatalogs)[key];
}

/** Loads each catalog as its own small chunk, only for the languages in use. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    // i18next asks for its canonical tag (fil-PH); the catalogs live under our code (tl-PH).
    catalogLoader(`./locales/${languageFromTag(language) ?? language}/${namespace}.json`)
      .then((load) => (load ? load().then((module) => module.default) : {}))
      .then(
        (catalog) => callback(null, catalog),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

let markStarted: () => void = () => undefined;
/** The language initI18n is starting in, until it has started: what dayjs loads in meanwhile. */
let startingLanguage: LanguageCode | null = null;
/** Resolves once initI18n has run: the boot preloads the first page's components beside it. */
const started = new Promise<void>((resolve) => (markStarted = resolve));

/** Starts i18next in `language` with the catalogs of the first page (the login pages' by default). */
export async function initI18n(language: LanguageCode, namespaces: readonly Namespace[] = STARTUP_NAMESPACES): Promise<typeof i18next> {
  startingLanguage = language;
  await i18next
    .use(lazyCatalogs)
    .use(initReactI18next)
    .init({
      lng: i18nextLanguage(language),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES.map(i18nextLanguage),
      load: 'currentOnly',
      ns: [...namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      // The catalogs are asked for now, before main.tsx links the first page's files, not a task
      // later: on HTTP/1.1's six connections they then load beside the largest files.
      initAsync: false,
    });
  startingLanguage = null;
  markStarted();
  return i18next;
}

/**
 * Everything the pages behind the login need before they render: every catalog namespace but the
 * mall's and dayjs in the current language (the router's lazy roots wait for it, so no page shows a
 * raw key). The mall's catalog loads when the mall opens (prepareMall).
 */
export async function prepareFullApp(): Promise<void> {
  // dayjs does not wait for i18next's first catalogs: its files load beside them.
  const dates = prepareDates(startingLanguage ?? currentLanguage());
  await Promise.all([started.then(() => i18next.loadNamespaces(APP_NAMESPACES)), dates]);
}

/** The mall's catalog, fetched beside the mall's chunk rather than after it. */
export async function prepareMall(): Promise<void> {
  await started;
  await i18next.loadNamespaces(MALL_NAMESPACE);
}

/** The operator console's catalogs and dayjs in the current language, fetched beside its chunk. */
export async function prepareOps(): Promise<void> {
  const dates = prepareDates(startingLanguage ?? currentLanguage());
  await Promise.all([started.then(() => i18next.loadNamespaces(OPS_NAMESPACES)), dates]);
}

export function currentLanguage(): LanguageCode {
  return languageFromTag(i18next.resolvedLanguage ?? i18next.language) ?? DEFAULT_LANGUAGE;
}
