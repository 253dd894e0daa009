import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

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
