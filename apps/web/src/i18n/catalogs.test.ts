import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { NAMESPACES } from './i18n.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');
const REFERENCE = 'en-US';

/** Values that are the same in every language: brand names and codes. */
const SAME_IN_EVERY_LANGUAGE = new Set(['ShopDesk', 'USDT', 'VIP', 'ID', 'WhatsApp', 'Zalo', 'Facebook', 'VIP {{level}}']);

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

describe('translation catalogs', () => {
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

    it(`${namespace}: the English reference has no empty values`, () => {
      for (const [key, value] of reference) expect(value.trim(), `${REFERENCE} ${namespace}:${key}`).not.toBe('');
    });

    for (const language of LANGUAGE_CODES.filter((l) => l !== REFERENCE)) {
      it(`${namespace}: ${language} matches ${REFERENCE} key for key, placeholder for placeholder, and is translated`, () => {
        const catalog = flatten(load(language, namespace));
        const problems: string[] = [];
        for (const [key, english] of reference) {
          const value = catalog.get(key);
          if (value === undefined) problems.push(`missing ${key}`);
          else if (!value.trim()) problems.push(`empty ${key}`);
          else {
            if (placeholders(value).join() !== placeholders(english).join()) problems.push(`placeholders differ in ${key}: "${value}"`);
            if (value === english && !SAME_IN_EVERY_LANGUAGE.has(english)) problems.push(`left in English: ${key} "${value}"`);
          }
        }
        for (const key of catalog.keys()) if (!reference.has(key)) problems.push(`unknown key ${key}`);
        expect(problems).toEqual([]);
      });
    }
  }
});
