import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { NAMESPACES } from './i18n.ts';
import { i18nextLanguage } from './language.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');
const load = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** Texts that say how many of something: each must be an i18next plural key. */
const COUNTED = [
  'orders:purchase.batchTitle',
  'orders:purchase.orderCount',
  'dashboard:credit.overdue',
  'activity:centre.claimableCount',
  'notifications:total',
  'products:add.title',
  'products:edit.title',
  'products:batch.statusDone',
  'products:delete.title',
  'products:delete.done',
  'products:variants.count',
  'products:variants.titleCount',
  'users:total',
  'packages:packages.perDays',
  'packages:history.credited',
  'packages:history.total',
  'wallet:finance.period',
  'ops:warehouse.importValid',
  'ops:warehouse.dryRunSummary',
  'ops:warehouse.importedSummary',
  'ops:variants.combinations',
  'ops:variants.saved',
];

const i18n = i18next.createInstance();
beforeAll(async () => {
  const resources = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [i18nextLanguage(language), Object.fromEntries(NAMESPACES.map((ns) => [ns, load(language, ns)]))]),
  );
  await i18n.init({ lng: 'en-US', fallbackLng: false, resources, interpolation: { escapeValue: false }, returnNull: false });
});

describe('plurals', () => {
  it('renders the counted texts in the singular for 1 and the plural otherwise, in English', () => {
    const t = i18n.getFixedT('en-US');
    expect(t('products:batch.statusDone', { count: 1 })).toBe('1 product updated');
    expect(t('products:batch.statusDone', { count: 2 })).toBe('2 products updated');
    expect(t('products:delete.title', { count: 1 })).toBe('Delete 1 product?');
    expect(t('products:delete.title', { count: 3 })).toBe('Delete 3 products?');
    expect(t('orders:purchase.orderCount', { count: 1 })).toBe('1 order');
    expect(t('wallet:finance.period', { from: '2026-11-23', to: '2026-11-23', count: 1 })).toBe('2026-11-23 to 2026-11-23 (1 day)');
    expect(t('dashboard:credit.overdue', { count: 1, points: 5 })).toBe('1 order is past its purchase deadline: it will cost 5 points');
  });

  it.each(LANGUAGE_CODES)('%s: every counted text resolves for 0, 1, 2 and 5 with the count in it', (language) => {
    const t = i18n.getFixedT(i18nextLanguage(language));
    for (const key of COUNTED) {
      for (const count of [0, 1, 2, 5]) {
        const text = t(key, { count, from: 'A', to: 'B', points: 9 });
        expect(text, `${language} ${key} ${count}`).not.toBe(key.split(':')[1]);
        expect(text, `${language} ${key} ${count}`).toContain(String(count));
      }
    }
  });
});
