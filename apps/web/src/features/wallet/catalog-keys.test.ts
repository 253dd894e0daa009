import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation key the wallet, finance and funding-record pages ask for exists in the English
 * catalog (the catalog test then checks every language against English). Keys built at run time
 * (`amount.${issue}`) are checked by their prefix.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['features/wallet'].map((f) => path.join(WEB_SRC, f));
const LOCALE = path.join(WEB_SRC, 'i18n/locales/en-US');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function has(catalog: unknown, key: string, prefixOnly: boolean): boolean {
  // A plural key (`finance.period` with a count) is there when its `_other` form is.
  if (!prefixOnly && !key.endsWith('_other') && !hasExactly(catalog, key, false)) return hasExactly(catalog, `${key}_other`, false);
  return hasExactly(catalog, key, prefixOnly);
}

function hasExactly(catalog: unknown, key: string, prefixOnly: boolean): boolean {
  let node = catalog;
  for (const part of key.split('.').filter(Boolean)) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return prefixOnly ? typeof node === 'object' && node !== null : typeof node === 'string';
}

const catalogs = new Map<string, unknown>();
function catalog(namespace: string): unknown {
  if (!catalogs.has(namespace)) {
    const file = path.join(LOCALE, `${namespace}.json`);
    catalogs.set(namespace, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
  }
  return catalogs.get(namespace);
}

describe('wallet translation keys', () => {
  const files = FOLDERS.flatMap(sources);

  it('finds the pages', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('asks only for keys the English catalog has', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      // A file's own namespaces are the ones it asks for (`useTranslation('account')`, `useFormat('wallet')`), else `wallet`.
      const asked = [...text.matchAll(/\b(?:useTranslation|useFormat)\(\s*(\[[^\]]*\]|'[a-z]+')/g)].flatMap((m) => [...m[1].matchAll(/'([a-z]+)'/g)].map((n) => n[1]));
      const own = asked.length > 0 ? asked : ['wallet'];
      for (const match of text.matchAll(/\bt\(\s*(['`])([^'`]+)\1/g)) {
        const raw = match[2];
        const dynamic = raw.includes('${');
        const [namespaces, key] = raw.includes(':') ? [[raw.split(':', 2)[0]], raw.split(':', 2)[1]] : [own, raw];
        const lookup = dynamic ? key.slice(0, key.indexOf('${')).replace(/\.$/, '') : key;
        if (!lookup && dynamic) continue;
        checked += 1;
        if (!namespaces.some((namespace) => has(catalog(namespace), lookup, dynamic))) missing.push(`${path.relative(WEB_SRC, file)}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
