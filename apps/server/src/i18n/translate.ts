import { DEFAULT_LANGUAGE, matchLanguage, type LanguageCode } from '@shopdesk/shared/languages';
import { catalogs } from './catalogs.ts';
import type { MessageKey } from './messages/en-US.ts';

export function isMessageKey(key: string): key is MessageKey {
  return key in catalogs[DEFAULT_LANGUAGE];
}

/** Looks a message up in the request's language, filling `{name}` placeholders. */
export function translate(lang: LanguageCode, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogs[lang]?.[key] || catalogs[DEFAULT_LANGUAGE][key] || key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The request's language: an explicit `x-lang` header, else Accept-Language, else en-US. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): LanguageCode {
  const explicit = headers['x-lang'];
  const accept = headers['accept-language'];
  return matchLanguage((Array.isArray(explicit) ? explicit[0] : explicit) || (Array.isArray(accept) ? accept[0] : accept));
}
