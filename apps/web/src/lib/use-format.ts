import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatCents, formatChange, formatRate, formatUsdt } from '../money-format.ts';

/** Amounts, dates and the wallet's labels in the current language. */
export function useWalletFormat() {
  const { t, i18n, ready } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en-US';
  return useMemo(
    () => ({
      t,
      ready,
      locale,
      usdt: (cents: number) => formatUsdt(cents, locale),
      cents: (cents: number) => formatCents(cents, locale),
      change: (cents: number) => formatChange(cents, locale),
      rate: (bp: number) => formatRate(bp, locale),
      dateTime: (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—'),
      typeLabel: (type: string) => t(`types.${type}`, { defaultValue: type }),
      statusLabel: (status: string) => t(`statuses.${status}`, { defaultValue: status }),
      kindLabel: (kind: string) => t(`kinds.${kind}`, { defaultValue: kind }),
    }),
    [t, ready, locale],
  );
}
