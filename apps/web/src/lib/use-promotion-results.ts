import { useState } from 'react';
import { PROMOTION_RESULT_WINDOWS, type PromotionFigures, type PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import type { VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { saveBlob } from '../../../lib/file-download.ts';
import { errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import type { useFormat } from '../../../lib/use-format.ts';
import { downloadVoucherResults, useVoucherResults } from '../api/vouchers-api.ts';

type Format = ReturnType<typeof useFormat>;

/** The figures' columns, in the CSV's order (after the promotion's name and the date). */
const FIGURES = ['orders', 'buyers', 'sales', 'discountGiven', 'profit'] as const;
type FigureKey = (typeof FIGURES)[number];

/**
 * One voucher's results, opened from its row (desktop drawer) or card (phone sheet): the last 7 or
 * 30 days in total and per day, and the same as a CSV download (docs/decisions.md, "Promotion
 * results"). Part of the vouchers screen (`useVouchersScreen().results`).
 */
export function useVoucherResultsPanel(f: Format) {
  const { t } = f;
  const [voucher, setVoucher] = useState<Pick<VoucherView, 'id' | 'name'> | null>(null);
  const [days, setDays] = useState<PromotionResultWindow>(7);
  const [downloading, setDownloading] = useState(false);
  const query = useVoucherResults(voucher?.id ?? null, days);

  const figure = (key: FigureKey, r: PromotionFigures): string => {
    if (key === 'orders') return String(r.orders);
    if (key === 'buyers') return String(r.buyers);
    if (key === 'sales') return f.usdt(r.salesCents);
    if (key === 'discountGiven') return f.usdt(r.discountCents);
    // A loss keeps its (true) minus sign before the amount.
    return r.profitCents < 0 ? `\u2212${f.usdt(-r.profitCents)}` : f.usdt(r.profitCents);
  };

  const download = async () => {
    if (!voucher) return;
    setDownloading(true);
    try {
      const file = await downloadVoucherResults(voucher.id, days);
      saveBlob(file.blob, file.fileName ?? `voucher-${voucher.id}-results-${days}d.csv`);
      notify.success(t('results.downloaded'));
    } catch (error) {
      notify.error(errorText(error, t('common:http.requestFailed')));
    } finally {
      setDownloading(false);
    }
  };

  const data = query.data;
  return {
    open: voucher !== null,
    title: voucher ? t('results.title', { name: voucher.name }) : '',
    show: (v: Pick<VoucherView, 'id' | 'name'>) => {
      setVoucher({ id: v.id, name: v.name });
      setDays(7);
    },
    close: () => setVoucher(null),
    openText: t('results.open'),
    openLabel: (v: Pick<VoucherView, 'name'>) => t('results.openLabel', { name: v.name }),
    closeText: t('results.close'),
    days,
    setDays,
    windowLabel: t('results.window'),
    windows: PROMOTION_RESULT_WINDOWS.map((d) => ({ value: d, label: t(`results.windows.${d}`) })),
    query,
    /** Loading only when nothing is shown yet (a window switch keeps the other window's figures). */
    loading: query.isPending && voucher !== null,
    stale: query.isPlaceholderData,
    empty: data ? data.totals.orders === 0 : false,
    emptyText: t('results.empty'),
    profitHint: t('results.profitHint'),
    /** The totals as label and value, in the CSV's order. */
    totals: data ? FIGURES.map((key) => ({ key, label: t(`results.columns.${key}`), value: figure(key, data.totals) })) : [],
    byDayTitle: t('results.byDay'),
    dateLabel: t('results.columns.date'),
    figureLabels: FIGURES.map((key) => ({ key, label: t(`results.columns.${key}`) })),
    /** Newest day first, each figure formatted. */
    rows: data ? [...data.byDay].reverse().map((d) => ({ date: d.date, ...Object.fromEntries(FIGURES.map((key) => [key, figure(key, d)])) }) as { date: string } & Record<FigureKey, string>) : [],
    download,
    downloading,
    downloadText: t('results.download'),
  };
}

export type VoucherResultsPanel = ReturnType<typeof useVoucherResultsPanel>;
