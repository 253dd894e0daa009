import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@shopdesk/shared/languages';
import { NAMESPACES } from './i18n.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');
const text = (language: string) => NAMESPACES.map((ns) => fs.readFileSync(path.join(LOCALES, language, `${ns}.json`), 'utf8')).join('\n');

/**
 * One name for the fund password per language: the one of the spec's menu entry "change payment
 * password" (layout:changeFundPassword), never a second one ("fund password" on the
 * withdraw form beside "payment password" elsewhere). The server catalogs are checked the same way
 * in apps/server/src/i18n/catalogs.test.ts.
 */
const FUND_PASSWORD_TERMS: Record<LanguageCode, { name: RegExp; others: RegExp }> = {
  'en-US': { name: /payment password/i, others: /fund password/i },
  'zh-CN': { name: /支付密码/, others: /资金密码|交易密码/ },
  'ja-JP': { name: /支払いパスワード/, others: /資金パスワード|取引パスワード/ },
  'ko-KR': { name: /결제 비밀번호/, others: /자금 비밀번호|거래 비밀번호/ },
  'vi-VN': { name: /mật khẩu thanh toán/i, others: /mật khẩu quỹ|mật khẩu giao dịch/i },
  'th-TH': { name: /รหัสผ่านการชำระเงิน/, others: /รหัสผ่านการเงิน|รหัสผ่านกองทุน/ },
  'tl-PH': { name: /password sa pagbabayad/i, others: /password ng pondo|fund password/i },
  'ms-MY': { name: /kata laluan pembayaran/i, others: /kata laluan dana/i },
  'id-ID': { name: /kata sandi pembayaran/i, others: /kata sandi dana/i },
};

describe('one name for the fund password', () => {
  it.each(LANGUAGE_CODES)('%s: the menu name everywhere, no other name', (language) => {
    const menu = (JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'layout.json'), 'utf8')) as { changeFundPassword: string }).changeFundPassword;
    const terms = FUND_PASSWORD_TERMS[language];
    expect(menu).toMatch(terms.name);
    expect(text(language).match(terms.others)).toBeNull();
  });
});
