import { describe, expect, it, vi } from 'vitest';
import { i18nextLanguage, languageFromTag, pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it('prefers the stored language', () => {
    expect(pickLanguage('ko-KR', ['vi-VN'])).toBe('ko-KR');
  });

  it('ignores a stored value that is not one of ours', () => {
    expect(pickLanguage('xx-YY', ['vi'])).toBe('vi-VN');
  });

  it('matches the browser language by prefix', () => {
    expect(pickLanguage(null, ['th'])).toBe('th-TH');
    expect(pickLanguage(null, ['de-DE', 'ja'])).toBe('ja-JP');
    expect(pickLanguage(null, ['zh-TW'])).toBe('zh-CN');
  });

  it('falls back to en-US', () => {
    expect(pickLanguage(null, ['de-DE', 'fr'])).toBe('en-US');
    expect(pickLanguage(null, [])).toBe('en-US');
  });
});

describe('Filipino (tl-PH), which Intl canonicalizes to fil-PH', () => {
  it('is detected from every way a browser writes it', () => {
    expect(pickLanguage(null, ['fil-PH'])).toBe('tl-PH');
    expect(pickLanguage(null, ['fil'])).toBe('tl-PH');
    expect(pickLanguage(null, ['tl'])).toBe('tl-PH');
    expect(pickLanguage(null, ['tl-PH'])).toBe('tl-PH');
  });

  it('keeps a stored choice, also one stored in its canonical form', () => {
    expect(pickLanguage('tl-PH', ['en-US'])).toBe('tl-PH');
    expect(pickLanguage('fil-PH', ['en-US'])).toBe('tl-PH');
  });

  it('maps to and from the tag i18next uses', () => {
    expect(i18nextLanguage('tl-PH')).toBe('fil-PH');
    expect(languageFromTag('fil-PH')).toBe('tl-PH');
    expect(languageFromTag(i18nextLanguage('tl-PH'))).toBe('tl-PH');
    expect(languageFromTag('de-DE')).toBeNull();
  });
});

describe('i18n with every language', () => {
  it('resolves each of the nine languages to its own catalog', async () => {
    const { initI18n, currentLanguage } = await import('./i18n.ts');
    const { changeLanguage } = await import('./language.ts');
    const { LANGUAGE_CODES } = await import('@shopdesk/shared/languages');
    const i18next = await initI18n('tl-PH');
    expect(currentLanguage()).toBe('tl-PH');
    const texts = new Set<string>();
    for (const code of LANGUAGE_CODES) {
      await changeLanguage(code);
      expect(currentLanguage()).toBe(code);
      texts.add(i18next.t('auth:submit'));
    }
    expect(texts.size).toBe(LANGUAGE_CODES.length);
  });
});

describe('prepareFullApp', () => {
  it('loads dayjs in the language i18next is starting in when called before i18next has started', async () => {
    vi.resetModules();
    const { initI18n, prepareFullApp } = await import('./i18n.ts');
    const { APP_NAMESPACES } = await import('./namespaces.ts');
    const { default: dayjs } = await import('dayjs');
    const starting = initI18n('vi-VN', APP_NAMESPACES);
    // Called while i18next has not resolved its language yet (main.tsx starts the page's loads then).
    const full = prepareFullApp();
    await Promise.all([starting, full]);
    expect(dayjs.locale()).toBe('vi');
    expect(dayjs().subtract(3, 'day').fromNow()).toBe('3 ngày trước');
  });
});
