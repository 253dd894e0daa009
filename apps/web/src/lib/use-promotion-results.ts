import { useState } from 'react';
import { hashKey, useQuery, type QueryKey } from '@tanstack/react-query';
import { PROMOTION_RESULT_WINDOWS, type PromotionFigures, type PromotionResults, type PromotionResultWindow } from '@shopdesk/shared/marketing/promotion-results';
import { downloadFile, saveBlob } from './file-download.ts';
import { errorText, http } from './http.ts';
import { notify } from './notifier.ts';
import { tzOffsetMinutes } from './time-zone.ts';
import type { useFormat } from './use-format.ts';

type Format = ReturnType<typeof useFormat>;

/** The figures' columns, in the CSV's order (after the promotion's name and the date). */
const FIGURES = ['orders', 'buyers', 'sales', 'discountGiven', 'profit'] as const;
type FigureKey = (typeof FIGURES)[number];

/** Which promotion kind the panel serves: where its results are and how they are cached. */
export interface PromotionResultsSource {
  /** Prefixes the test ids and names the CSV when the server does not (`voucher`, `deal`). */
  kind: string;
  /** The promotion's API path without `/results`, e.g. `/marketing/deals/12`. */
  path: (id: number) => string;
  /** The kind's query-key factory entry, so its invalidation covers the results too. */
  queryKey: (id: number, days: PromotionResultWindow) => QueryKey;
}

/** A promotion as a list row knows it: the panel's title names it. */
export interface PromotionRef {
  id: number;
  name: string;
}

/**
 * One promotion's results (a voucher, a flash deal), opened from its row (desktop drawer) or card
 * (phone sheet): the last 7 or 30 days in total and per day, and the same as a CSV download
 * (docs/decisions.md, "Promotion results"). Part of the kind's screen hook; `f` is that screen's
 * format, whose namespace holds the `results.*` texts.
 */
export function usePromotionResultsPanel(f: Format, source: PromotionResultsSource) {
  const { t } = f;
  const [promotion, setPromotion] = useState<PromotionRef | null>(null);
  const [days, setDays] = useState<PromotionResultWindow>(7);
  const [downloading, setDownloading] = useState(false);
  const id = promotion?.id ?? null;
  const ownKeys = id === null ? [] : PROMOTION_RESULT_WINDOWS.map((d) => hashKey(source.queryKey(id, d)));
  const query = useQuery({
    queryKey: source.queryKey(id ?? 0, days),
    queryFn: ({ signal }) => http.get<PromotionResults>(`${source.path(id!)}/results`, { days, tzOffset: tzOffsetMinutes() }, { signal, silent: true }),
    enabled: id !== null,
    // The other window of the same promotion stays on screen while it loads; another's never does.
    placeholderData: (previous, previousQuery) => (previousQuery && ownKeys.includes(hashKey(previousQuery.queryKey)) ? previous : undefined),
  });

  const figure = (key: FigureKey, r: PromotionFigures): string => {
    if (key === 'orders') return String(r.orders);
    if (key === 'buyers') return String(r.buyers);
    if (key === 'sales') return f.usdt(r.salesCents);
    if (key === 'discountGiven') return f.usdt(r.discountCents);
    // A loss keeps its (true) minus sign before the amount.
    return r.profitCents < 0 ? `\u2212${f.usdt(-r.profitCents)}` : f.usdt(r.profitCents);
  };

  const download = async () => {
    if (!promotion) return;
    setDownloading(true);
    try {
      // The server names the file in the caller's language.
      const file = await downloadFile(`${source.path(promotion.id)}/results.csv`, { days, tzOffset: tzOffsetMinutes() }, { silent: true });
      saveBlob(file.blob, file.fileName ?? `${source.kind}-${promotion.id}-results-${days}d.csv`);
      notify.success(t('results.downloaded'));
    } catch (error) {
      notify.error(errorText(error, t('common:http.requestFailed')));
    } finally {
      setDownloading(false);
    }
  };

  const data = query.data;
  return {
    kind: source.kind,
    open: promotion !== null,
    title: promotion ? t('results.title', { name: promotion.name }) : '',
    show: (p: PromotionRef) => {
      setPromotion({ id: p.id, name: p.name });
      setDays(7);
    },
    close: () => setPromotion(null),
    openText: t('results.open'),
    openLabel: (name: string) => t('results.openLabel', { name }),
    closeText: t('results.close'),
    days,
    setDays,
    windowLabel: t('results.window'),
    windows: PROMOTION_RESULT_WINDOWS.map((d) => ({ value: d, label: t(`results.windows.${d}`) })),
    query,
    /** Loading only when nothing is shown yet (a window switch keeps the other window's figures). */
    loading: query.isPending && promotion !== null,
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

export type PromotionResultsPanel = ReturnType<typeof usePromotionResultsPanel>;
