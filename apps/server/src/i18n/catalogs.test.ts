import { describe, it, expect } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { catalogs } from './catalogs.ts';
import { enUS } from './messages/en-US.ts';
import { translate } from './translate.ts';

/** English values that may legitimately stay the same in another language (names, codes). */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>(['USDT', 'SKU']);

const englishKeys = Object.keys(enUS);
type Value = string | Record<string, string>;
const english = enUS as unknown as Record<string, Value>;

/** The `{name}` placeholders of a message, sorted, duplicates kept (so counts are compared too). */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

/** Every text of a value: the message, or each form of a plural message. */
const textsOf = (value: Value): string[] => (typeof value === 'string' ? [value] : Object.values(value));
/** The English text a value is compared with: the message, or its `other` form. */
const englishText = (key: string): string => {
  const value = english[key];
  return typeof value === 'string' ? value : value.other;
};
const pluralCategories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

describe('message catalogs', () => {
  it('has a catalog for every interface language', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(Object.entries(catalogs))('%s', (lang, catalog) => {
    const entries = Object.entries(catalog as Record<string, Value>);

    it('has every English key', () => {
      const missing = englishKeys.filter((key) => !Object.hasOwn(catalog, key));
      expect(missing).toEqual([]);
    });

    it('has no key that English lacks', () => {
      const extra = Object.keys(catalog).filter((key) => !Object.hasOwn(enUS, key));
      expect(extra).toEqual([]);
    });

    it('has no empty value', () => {
      const empty = entries.filter(([, value]) => textsOf(value).some((text) => typeof text !== 'string' || text.trim() === '')).map(([key]) => key);
      expect(empty).toEqual([]);
    });

    it('has, for every plural message, exactly the plural forms of its language (CLDR) and only where English has one', () => {
      const wrong = entries
        .filter(([key, value]) => typeof value !== 'string' || typeof english[key] !== 'string')
        .filter(([key, value]) => typeof value === 'string' || typeof english[key] === 'string' || Object.keys(value).sort().join() !== pluralCategories(lang).sort().join())
        .map(([key]) => key);
      expect(wrong).toEqual([]);
    });

    it('keeps the English placeholders', () => {
      const mismatched = entries
        .filter(([key]) => Object.hasOwn(enUS, key))
        .filter(([key, value]) => textsOf(value).some((text) => placeholders(englishText(key)).join(',') !== placeholders(text).join(',')))
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    });

    it.skipIf(lang === 'en-US')('translates every value', () => {
      const untranslated = entries
        .filter(([key, value]) => Object.hasOwn(enUS, key) && textsOf(value).some((text) => textsOf(english[key]).includes(text)))
        .filter(([, value]) => !textsOf(value).every((text) => SAME_AS_ENGLISH_ALLOWED.has(text)))
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  });

  it('picks the plural form by count: "1 attempt left", "2 attempts left"', () => {
    expect(translate('en-US', 'error.FUND_PASSWORD_WRONG', { count: 1 })).toBe('Wrong payment password. 1 attempt left');
    expect(translate('en-US', 'error.FUND_PASSWORD_WRONG', { count: 2 })).toBe('Wrong payment password. 2 attempts left');
    expect(translate('en-US', 'error.RECOMMEND_MIN_ON_SALE', { count: 1 })).toBe('Your shop needs at least 1 product on sale to recommend products');
    expect(translate('ja-JP', 'error.FUND_PASSWORD_WRONG', { count: 1 })).toContain('1');
  });
});

/** One name for the fund password per language: the web menu's "change payment password". */
const OTHER_FUND_PASSWORD_NAMES: Record<string, RegExp> = {
  'en-US': /fund password/i,
  'zh-CN': /资金密码|交易密码/,
  'ja-JP': /資金パスワード|取引パスワード/,
  'ko-KR': /자금 비밀번호|거래 비밀번호/,
  'vi-VN': /mật khẩu quỹ|mật khẩu giao dịch/i,
  'th-TH': /รหัสผ่านการเงิน|รหัสผ่านกองทุน/,
  'tl-PH': /password ng pondo|fund password/i,
  'ms-MY': /kata laluan dana/i,
  'id-ID': /kata sandi dana/i,
};

describe('fund password name', () => {
  it.each(Object.entries(catalogs))('%s: no second name for the payment password', (lang, catalog) => {
    const all = Object.values(catalog as Record<string, Value>).flatMap(textsOf).join('\n');
    expect(all.match(OTHER_FUND_PASSWORD_NAMES[lang])).toBeNull();
  });
});
