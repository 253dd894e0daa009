import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import viVN from 'antd/es/locale/vi_VN';
import thTH from 'antd/es/locale/th_TH';
import msMY from 'antd/es/locale/ms_MY';
import idID from 'antd/es/locale/id_ID';
import jaJP from 'antd/es/locale/ja_JP';
import koKR from 'antd/es/locale/ko_KR';
import type { LanguageCode } from '@shopdesk/shared/languages';
import { tlPH } from './antd-locale-tl-ph.ts';

/** Ant Design's own texts per language; antd ships no Filipino, so tl-PH has ours. */
export const ANTD_LOCALES: Record<LanguageCode, Locale> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'vi-VN': viVN,
  'th-TH': thTH,
  'tl-PH': tlPH,
  'ms-MY': msMY,
  'id-ID': idID,
  'ja-JP': jaJP,
  'ko-KR': koKR,
};
