import i18next from 'i18next';
import { LANGUAGE_CODES, matchLanguage, type LanguageCode } from '@shopdesk/shared/languages';
import { getPreference, setPreference } from '../lib/storage.ts';


const DAYJS_LOCALES: Record<LanguageCode, string> = {
  'zh-CN': 'zh-cn',
  'en-US': 'en',
  'vi-VN': 'vi',
  'th-TH': 'th',
  'tl-PH': 'tl-ph',
  'ms-MY': 'ms-my',
  'id-ID': 'id',
  'ja-JP': 'ja',
  'ko-KR': 'ko',
};

/** dayjs's own texts per language, each its own small chunk loaded when the language is in use (en is built in). */
const DAYJS_LOADERS: Record<LanguageCode, () => Promise<unknown>> = {
  'zh-CN': () => import('dayjs/locale/zh-cn'),
  'en-US': async () => undefined,
  'vi-VN': () => import('dayjs/locale/vi'),
  'th-TH': () => import('dayjs/locale/th'),
  'tl-PH': () => import('dayjs/locale/tl-ph'),
  'ms-MY': () => import('dayjs/locale/ms-my'),
  'id-ID': () => import('dayjs/locale/id'),
  'ja-JP': () => import('dayjs/locale/ja'),
  'ko-KR': () => import('dayjs/locale/ko'),
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

function canonical(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The tag i18next uses for one of our languages. i18next (like browsers and Node) canonicalizes
 * tags with Intl, which turns tl-PH into fil-PH; handing it our code would make it reject tl-PH as
 * unsupported and fall back to English. So i18next is given the canonical tags, and everything
 * else (storage, menus, the API's x-lang, the catalog folders) keeps our codes.
 */
export function i18nextLanguage(language: LanguageCode): string {
  return canonical(language);
}

/** Our code for a tag i18next (or Intl) reports: "fil-PH" → "tl-PH"; null when it is not one of ours. */
export function languageFromTag(tag: string | null | undefined): LanguageCode | null {
  if (!tag) return null;
  if (isLanguageCode(tag)) return tag;
  const wanted = canonical(tag).toLowerCase();
  return LANGUAGE_CODES.find((code) => canonical(code).toLowerCase() === wanted) ?? null;
}

/** SPEC §1: the stored language, else the browser language matched by prefix, else en-US. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  const fromStorage = languageFromTag(stored);
  if (fromStorage) return fromStorage;
  return matchLanguage(browserLanguages.join(','));
}

export function initialLanguage(): LanguageCode {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(getPreference('language'), browser);
}

let datesReady = false;

/** Sets dayjs (with relativeTime) to a language, loading them first. */
async function applyDates(language: LanguageCode): Promise<void> {
  const [{ default: dayjs }, { default: relativeTime }] = await Promise.all([import('dayjs'), import('dayjs/plugin/relativeTime')]);
  dayjs.extend(relativeTime);
  await DAYJS_LOADERS[language]().catch(() => undefined);
  dayjs.locale(DAYJS_LOCALES[language]);
}

/**
 * Loads dayjs in the interface language. The login pages show no dates, so this runs when the app
 * behind the login loads (app/router), not with the first page; from then on language changes keep it in step.
 */
export async function prepareDates(language: LanguageCode): Promise<void> {
  await applyDates(language);
  datesReady = true;
}

/** Keeps <html lang> and (once loaded) dayjs in step with the interface language. */
export async function applyLanguageSideEffects(language: LanguageCode): Promise<void> {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (datesReady) await applyDates(language);
}

/** Stores the choice and applies it at once, without a reload. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  setPreference('language', language);
  // dayjs's texts first, so dates re-render in the new language together with everything else.
  await applyLanguageSideEffects(language);
  await i18next.changeLanguage(i18nextLanguage(language));
}
