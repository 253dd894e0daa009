import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PURCHASE_STATUSES, REFUND_REASONS, REFUND_STATUSES, SHIPPING_STATUSES } from '@shopdesk/shared/orders/lifecycle';
import { RECORD_STATUSES, TRANSACTION_TYPES } from '@shopdesk/shared/wallet/transactions';
import { PACKAGE_TYPES } from '@shopdesk/shared/products/packages';
import { PACKAGE_STATUSES } from '@shopdesk/shared/marketing/packages-schemas';
import { CSV_WORDS } from './csv-words.ts';

const LOCALES = path.join(import.meta.dirname, '../../../web/src/i18n/locales');
const web = (language: string, namespace: string, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')));

/** Every value the API sends in an exported column has a word. */
const GROUPS = {
  paymentStatus: PAYMENT_STATUSES,
  purchaseStatus: PURCHASE_STATUSES,
  shippingStatus: SHIPPING_STATUSES,
  refundStatus: REFUND_STATUSES,
  refundReason: REFUND_REASONS,
  paymentMethod: PAYMENT_METHODS,
  transactionType: TRANSACTION_TYPES,
  recordStatus: RECORD_STATUSES,
  paymentKind: ['deposit', 'withdrawal'],
  packageType: PACKAGE_TYPES,
  packageStatus: PACKAGE_STATUSES,
} as const;

describe('CSV words', () => {
  it.each(LANGUAGE_CODES)('%s: every header and every value has a word, translated', (language) => {
    const words = CSV_WORDS[language];
    for (const [group, values] of Object.entries(GROUPS)) {
      const named = words.values[group as keyof typeof GROUPS] as Record<string, string>;
      for (const value of values) expect(named[value]?.trim(), `${group}.${value}`).toBeTruthy();
    }
    for (const [key, text] of Object.entries(words.remarks)) {
      expect(text.trim(), `remarks.${key}`).toBeTruthy();
      if (language !== 'en-US') expect(text, `${language} remarks.${key} left in English`).not.toBe(CSV_WORDS['en-US'].remarks[key as keyof typeof words.remarks]);
    }
    for (const [key, header] of Object.entries(words.headers)) {
      expect(header.trim(), key).toBeTruthy();
      if (language !== 'en-US') expect(header, `${language} ${key} left in English`).not.toBe(CSV_WORDS['en-US'].headers[key as keyof typeof words.headers]);
    }
  });

  it.each(LANGUAGE_CODES)('%s: says what the pages say (the web catalogs)', (language) => {
    const words = CSV_WORDS[language];
    expect(words.headers.orderId).toBe(web(language, 'orders', 'fields.orderId'));
    expect(words.headers.changeType).toBe(web(language, 'wallet', 'columns.type'));
    expect(words.values.paymentStatus).toEqual(web(language, 'orders', 'payment'));
    expect(words.values.transactionType).toEqual(web(language, 'wallet', 'types'));
    expect(words.values.recordStatus).toEqual(web(language, 'wallet', 'statuses'));
    expect(words.values.packageType).toEqual(web(language, 'packages', 'names'));
    expect(words.remarks).toEqual(web(language, 'wallet', 'remarks'));
    const { promotion, date, orders, buyers, sales, discountGiven, profit } = words.headers;
    expect({ promotion, date, orders, buyers, sales, discountGiven, profit }).toEqual(web(language, 'vouchers', 'results.columns'));
    expect(words.values.resultsRow).toEqual({ total7: web(language, 'vouchers', 'results.windows.7'), total30: web(language, 'vouchers', 'results.windows.30') });
  });
});
