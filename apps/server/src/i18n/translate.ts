import { DEFAULT_LANGUAGE, matchLanguage, type LanguageCode } from '@shopdesk/shared/languages';
import { catalogs } from './catalogs.ts';
import type { MessageKey, PluralMessage } from './messages/en-US.ts';

export function isMessageKey(key: string): key is MessageKey {
  return key in catalogs[DEFAULT_LANGUAGE];
}

/** The form of a plural message for `count` in the language (Intl.PluralRules, as i18next does on the web). */
function pluralForm(lang: LanguageCode, message: PluralMessage, count: unknown): string {
  const category = new Intl.PluralRules(lang).select(Number(count ?? 0));
  return message[category] ?? message.other;
}

/** Looks a message up in the request's language, filling `{name}` placeholders; a plural message picks its form by `count`. */
export function translate(lang: LanguageCode, key: MessageKey, params: Record<string, string | number> = {}): string {
  const message = catalogs[lang]?.[key] || catalogs[DEFAULT_LANGUAGE][key] || key;
  const template = typeof message === 'string' ? message : pluralForm(lang, message, params.count);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The request's language: an explicit `x-lang` header, else Accept-Language, else en-US. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): LanguageCode {
  const explicit = headers['x-lang'];
  const accept = headers['accept-language'];
  return matchLanguage((Array.isArray(explicit) ? explicit[0] : explicit) || (Array.isArray(accept) ? accept[0] : accept));
}
