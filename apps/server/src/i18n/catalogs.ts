import type { LanguageCode } from '@shopdesk/shared/languages';
import { enUS, type MessageCatalog } from './messages/en-US.ts';
import { zhCN } from './messages/zh-CN.ts';
import { viVN } from './messages/vi-VN.ts';
import { thTH } from './messages/th-TH.ts';
import { tlPH } from './messages/tl-PH.ts';
import { msMY } from './messages/ms-MY.ts';
import { idID } from './messages/id-ID.ts';
import { jaJP } from './messages/ja-JP.ts';
import { koKR } from './messages/ko-KR.ts';

export const catalogs: Record<LanguageCode, MessageCatalog> = {
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
