import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatCents, formatUsdt } from '../../wallet/money-format.ts';

/** Amounts (integer cents → 2 decimals + USDT), percents, dates and a namespace's labels in the current language. */
export function useShopFormat(ns: 'catalog' | 'orders') {
  const { t, i18n, ready } = useTranslation([ns, 'common']);
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en-US';
  return useMemo(
    () => ({
      t,
      ready,
      locale,
      usdt: (cents: number) => formatUsdt(cents, locale),
      cents: (cents: number) => formatCents(cents, locale),
      percent: (value: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`,
      dateTime: (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—'),
      date: (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '—'),
    }),
    [t, ready, locale],
  );
}

/** The current time, re-read every `intervalMs` (countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
