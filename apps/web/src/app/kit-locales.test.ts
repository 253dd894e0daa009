import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { ANTD_LOCALES } from './desktop/antd-locales.ts';
import { MOBILE_LOCALE_LOADERS } from './mobile/mobile-locales.ts';

const english = ANTD_LOCALES['en-US'];

describe("the UI kits' own texts in every language", () => {
  it('antd: every language but English has its own pagination, date picker, table and dialog texts', () => {
    for (const language of LANGUAGE_CODES.filter((l) => l !== 'en-US')) {
      const locale = ANTD_LOCALES[language];
      expect(locale.Pagination?.items_per_page, language).not.toBe(english.Pagination?.items_per_page);
      expect(locale.Pagination?.jump_to, language).not.toBe(english.Pagination?.jump_to);
      expect(locale.DatePicker?.lang.rangePlaceholder, language).not.toEqual(english.DatePicker?.lang.rangePlaceholder);
      expect(locale.Table?.emptyText ?? locale.Empty?.description, language).not.toBe(english.Table?.emptyText);
      expect(locale.Modal?.cancelText, language).not.toBe(english.Modal?.cancelText);
    }
  });

  it('antd-mobile: every language but English loads its own texts', async () => {
    const englishMobile = (await MOBILE_LOCALE_LOADERS['en-US']()).default;
    for (const language of LANGUAGE_CODES.filter((l) => l !== 'en-US')) {
      const locale = (await MOBILE_LOCALE_LOADERS[language]()).default;
      expect(locale.common.cancel, language).not.toBe(englishMobile.common.cancel);
      expect(locale.InfiniteScroll.noMore, language).not.toBe(englishMobile.InfiniteScroll.noMore);
    }
  });
});
