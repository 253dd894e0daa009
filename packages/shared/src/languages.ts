/** The interface languages of SPEC §1, in the order the language menus list them. */
export const LANGUAGES = [
  { code: 'en-US', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
  { code: 'vi-VN', label: 'Tiếng Việt' },
  { code: 'th-TH', label: 'ไทย' },
  { code: 'tl-PH', label: 'Filipino' },
  { code: 'ms-MY', label: 'Bahasa Melayu' },
  { code: 'id-ID', label: 'Bahasa Indonesia' },
  { code: 'ja-JP', label: '日本語' },
  { code: 'ko-KR', label: '한국어' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';

/**
 * Matches a browser or Accept-Language tag to one of ours by its primary subtag
 * ("vi", "vi-VN", "fil", "fil-PH" → tl-PH); falls back to en-US.
 */
export function matchLanguage(tag: string | null | undefined): LanguageCode {
  if (!tag) return DEFAULT_LANGUAGE;
  const candidates = tag
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
  for (const candidate of candidates) {
    const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === candidate);
    if (exact) return exact;
    // Filipino: browsers and Intl write tl-PH as fil-PH ("fil", "fil-PH" → tl-PH).
    const primary = candidate.split('-')[0];
    const prefix = primary === 'fil' ? 'tl' : primary;
    const byPrefix = LANGUAGE_CODES.find((code) => code.split('-')[0].toLowerCase() === prefix);
    if (byPrefix) return byPrefix;
  }
  return DEFAULT_LANGUAGE;
}
