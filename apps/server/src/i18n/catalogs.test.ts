import { describe, it, expect } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { catalogs } from './catalogs.ts';
import { enUS } from './messages/en-US.ts';

/** English values that may legitimately stay the same in another language (names, codes). */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>(['USDT']);

const englishKeys = Object.keys(enUS);

/** The `{name}` placeholders of a message, sorted, duplicates kept (so counts are compared too). */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

describe('message catalogs', () => {
  it('has a catalog for every interface language', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(Object.entries(catalogs))('%s', (lang, catalog) => {
    const entries = Object.entries(catalog as Record<string, unknown>);

    it('has every English key', () => {
      const missing = englishKeys.filter((key) => !Object.hasOwn(catalog, key));
      expect(missing).toEqual([]);
    });

    it('has no key that English lacks', () => {
      const extra = Object.keys(catalog).filter((key) => !Object.hasOwn(enUS, key));
      expect(extra).toEqual([]);
    });

    it('has no empty value', () => {
      const empty = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('keeps the English placeholders', () => {
      const mismatched = entries
        .filter(([key, value]) => Object.hasOwn(enUS, key) && typeof value === 'string')
        .filter(([key, value]) => {
          const expected = placeholders(enUS[key as keyof typeof enUS]);
          const actual = placeholders(value as string);
          return expected.join(',') !== actual.join(',');
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it.skipIf(lang === 'en-US')('translates every value', () => {
      const untranslated = entries
        .filter(([key, value]) => Object.hasOwn(enUS, key) && value === enUS[key as keyof typeof enUS])
        .filter(([, value]) => !SAME_AS_ENGLISH_ALLOWED.has(value as string))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });
});
