import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@shopdesk/shared/languages';
import { NAMESPACES, STARTUP_NAMESPACES } from './i18n.ts';
import { MALL_NAMESPACE } from './namespaces.ts';
import { i18nextLanguage } from './language.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');
const REFERENCE = 'en-US';

/** Values that are the same in every language: brand names and codes. */
const SAME_IN_EVERY_LANGUAGE = new Set(['ShopDesk', 'USDT', 'VIP', 'ID', 'SKU', 'WhatsApp', 'Zalo', 'Facebook', 'VIP {{level}}', '{{min}} – {{max}}']);

type Catalog = { [key: string]: string | Catalog };

function load(language: string, namespace: string): Catalog {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
}

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** The plural categories a language needs (CLDR, as i18next picks them through Intl.PluralRules). */
const pluralCategories = (language: string) => new Intl.PluralRules(i18nextLanguage(language as LanguageCode)).resolvedOptions().pluralCategories as string[];

/**
 * The keys a language must have: every non-plural English key, and for each English plural key
 * (`x_one`, `x_other`…) the forms of that language's own categories (`x_other` only in Japanese).
 * Each is mapped to the English text it is checked against (`x_other` for a form English lacks).
 */
function expectedKeys(reference: Map<string, string>, language: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, english] of reference) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) out.set(key, english);
    else for (const category of pluralCategories(language)) out.set(`${base}_${category}`, reference.get(`${base}_${category}`) ?? reference.get(`${base}_other`) ?? english);
  }
  return out;
}

describe('translation catalogs', () => {
  it("maps the login pages' and the mall's namespaces in the entry and every other one in more-catalogs.ts (import.meta.glob takes literals only)", () => {
    const source = (file: string) => fs.readFileSync(path.join(import.meta.dirname, file), 'utf8');
    const start = /const startCatalogs = import\.meta\.glob<[^>]*>\(\[([^\]]*)\]\)/.exec(source('i18n.ts'))?.[1] ?? '';
    const more = /import\.meta\.glob<[^>]*>\(\[([^\]]*)\]\)/.exec(source('more-catalogs.ts'))?.[1] ?? '';
    const listed = (text: string, prefix: string) => [...text.matchAll(new RegExp(`'${prefix}\\./locales/\\*/(\\w+)\\.json'`, 'g'))].map((m) => m[1]).sort();
    const first = [...STARTUP_NAMESPACES, MALL_NAMESPACE].sort();
    expect(listed(start, '')).toEqual(first);
    expect(listed(more, '!')).toEqual(first);
    expect(more).toContain("'./locales/*/*.json'");
  });

  it('has a folder for every language of SPEC §1 and nothing else', () => {
    expect(fs.readdirSync(LOCALES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('has a file for every namespace in every language, and no stray files', () => {
    for (const language of LANGUAGE_CODES) {
      expect(fs.readdirSync(path.join(LOCALES, language)).sort(), language).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    const reference = flatten(load(REFERENCE, namespace));

    it(`${namespace}: every English plural key has exactly the English forms (one, other)`, () => {
      const bases = new Set([...reference.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
      for (const base of bases) {
        const forms = [...reference.keys()].filter((key) => key.replace(PLURAL_SUFFIX, '') === base && key !== base).map((key) => key.slice(base.length + 1));
        expect(forms.sort(), `${namespace}:${base}`).toEqual(pluralCategories(REFERENCE).sort());
        expect(reference.has(base), `${namespace}:${base} is both plain and plural`).toBe(false);
      }
    });

    it(`${namespace}: the English reference has no empty values`, () => {
      for (const [key, value] of reference) expect(value.trim(), `${REFERENCE} ${namespace}:${key}`).not.toBe('');
    });

    for (const language of LANGUAGE_CODES.filter((l) => l !== REFERENCE)) {
      it(`${namespace}: ${language} matches ${REFERENCE} key for key, placeholder for placeholder, and is translated`, () => {
        const catalog = flatten(load(language, namespace));
        const expected = expectedKeys(reference, language);
        const problems: string[] = [];
        for (const [key, english] of expected) {
          const value = catalog.get(key);
          if (value === undefined) problems.push(`missing ${key}`);
          else if (!value.trim()) problems.push(`empty ${key}`);
          else {
            if (placeholders(value).join() !== placeholders(english).join()) problems.push(`placeholders differ in ${key}: "${value}"`);
            if (value === english && !SAME_IN_EVERY_LANGUAGE.has(english)) problems.push(`left in English: ${key} "${value}"`);
          }
        }
        for (const key of catalog.keys()) if (!expected.has(key)) problems.push(`unknown key ${key}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
