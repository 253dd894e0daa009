import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import viVN from 'antd-mobile/es/locales/vi-VN';
import thTH from 'antd-mobile/es/locales/th-TH';
import msMY from 'antd-mobile/es/locales/ms-MY';
import idID from 'antd-mobile/es/locales/id-ID';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import type { LanguageCode } from '@shopdesk/shared/languages';

type MobileLocale = typeof enUS;

/** antd-mobile's own texts per language; it ships no Filipino, so tl-PH uses English. */
export const MOBILE_LOCALES: Record<LanguageCode, MobileLocale> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'vi-VN': viVN,
  'th-TH': thTH,
  'tl-PH': enUS,
  'ms-MY': msMY,
  'id-ID': idID,
  'ja-JP': jaJP,
  'ko-KR': koKR,
};
