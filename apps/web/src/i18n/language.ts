import i18next from 'i18next';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/vi';
import 'dayjs/locale/th';
import 'dayjs/locale/tl-ph';
import 'dayjs/locale/ms-my';
import 'dayjs/locale/id';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import { LANGUAGE_CODES, matchLanguage, type LanguageCode } from '@shopdesk/shared/languages';
import { getPreference, setPreference } from '../lib/storage.ts';

dayjs.extend(relativeTime);

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

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}

/** SPEC §1: the stored language, else the browser language matched by prefix, else en-US. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  return matchLanguage(browserLanguages.join(','));
}

export function initialLanguage(): LanguageCode {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickLanguage(getPreference('language'), browser);
}

/** Keeps <html lang> and dayjs in step with the interface language. */
export function applyLanguageSideEffects(language: LanguageCode): void {
  dayjs.locale(DAYJS_LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Stores the choice and applies it at once, without a reload. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  setPreference('language', language);
  await i18next.changeLanguage(language);
}
