import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '../i18n/i18n.ts';
import { formatDate } from './date-format.ts';
import { numberFormat } from './intl-cache.ts';
import { formatCents, formatChange, formatRate, formatUsdt, formatUsdtRange } from './money-format.ts';
import { readRemark } from '@shopdesk/shared/wallet/remarks';

/**
 * Amounts (integer cents → 2 decimals), rates, percents, dates and the labels of a namespace in the
 * current language. `t` reads `ns` first, then `common`. The label helpers read the namespace's
 * `types`, `statuses` and `kinds` groups and fall back to the raw value; `remark` reads a statement
 * remark the ledger wrote as a code (`remarks` group) and shows any other remark as stored.
 */
export function useFormat(ns: Namespace) {
  const { t, i18n, ready } = useTranslation([ns, 'common']);
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en-US';
  return useMemo(
    () => ({
      t,
      ready,
      locale,
      usdt: (cents: number) => formatUsdt(cents, locale),
      /** A price range ("12.00 – 18.00 USDT"), one price when the ends agree. */
      usdtRange: (minCents: number, maxCents: number) => formatUsdtRange(minCents, maxCents, locale),
      cents: (cents: number) => formatCents(cents, locale),
      change: (cents: number) => formatChange(cents, locale),
      rate: (bp: number) => formatRate(bp, locale),
      percent: (value: number) => `${numberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`,
      dateTime: (iso: string | null | undefined) => formatDate(iso, locale, 'second'),
      date: (iso: string | null | undefined) => formatDate(iso, locale),
      typeLabel: (type: string) => t(`types.${type}`, { defaultValue: type }),
      statusLabel: (status: string) => t(`statuses.${status}`, { defaultValue: status }),
      kindLabel: (kind: string) => t(`kinds.${kind}`, { defaultValue: kind }),
      remark: (remark: string) => {
        const read = readRemark(remark);
        return read ? t(`wallet:remarks.${read.key}`, { ...read, defaultValue: remark }) : remark;
      },
    }),
    [t, ready, locale],
  );
}
