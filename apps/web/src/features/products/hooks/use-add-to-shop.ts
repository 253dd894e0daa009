import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG } from '@shopdesk/shared/constants';
import type { WarehouseProductView } from '@shopdesk/shared/products/schemas';
import { notify } from '../../../lib/notifier.ts';
import { checkProfitRatio, outsideSuggested, previewPricing } from '../product-helpers.ts';
import { useBatchAdd } from './use-product-batches.ts';
import { usePriceQuestion } from './use-price-question.ts';

/**
 * "Add to shop" on both devices: one profit ratio for every picked warehouse product (required, a
 * valid number, 10%–30% suggested), the live price preview of the first, the batch in parts with
 * its progress and each product's result. `closeWhenAllAdded`: the phone's sheet closes with a
 * message when every product went in; the desktop's dialog lists the results.
 */
export function useAddToShop(products: readonly WarehouseProductView[], { onClose, closeWhenAllAdded = false }: { onClose: (changed: boolean) => void; closeWhenAllAdded?: boolean }) {
  const { t } = useTranslation('products');
  const batch = useBatchAdd();
  const { results, busy } = batch;
  const [ratio, setRatio] = useState('');
  const [touched, setTouched] = useState(false);
  const question = usePriceQuestion();
  const sample = products.at(0);
  const check = checkProfitRatio(ratio);
  const preview = sample ? previewPricing({ purchasePriceCents: sample.purchasePriceCents, profitRatio: ratio }) : null;
  const ratioError = (value: unknown) => {
    const c = checkProfitRatio(value);
    return c.ok ? null : t(`validation.profit_${c.issue}`, { max: CATALOG.PROFIT_RATIO_MAX });
  };

  const reset = () => {
    batch.reset();
    setRatio('');
    setTouched(false);
  };

  const counts = results && {
    added: results.filter((r) => r.result === 'added').length,
    already: results.filter((r) => r.result === 'already_in_shop').length,
    other: results.filter((r) => r.result === 'not_found' || r.result === 'failed').length,
  };

  const add = async () => {
    const rows = await batch.run(products, ratio);
    if (!rows || !closeWhenAllAdded) return;
    const added = rows.filter((r) => r.result === 'added').length;
    if (added === rows.length) {
      notify.success(t('add.summary', { added, already: 0, other: 0 }));
      reset();
      onClose(true);
    }
  };

  return {
    title: t('add.title', { count: products.length }),
    sample,
    ratio,
    setRatio,
    touch: () => setTouched(true),
    hint: t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX }),
    /** The ratio's message once the seller left the field or tried to add. */
    error: touched ? ratioError(ratio) : null,
    ratioRules: [
      {
        validator: async (_: unknown, value: unknown) => {
          const error = ratioError(value);
          if (error) throw new Error(error);
        },
      },
    ],
    ratioBp: check.ok ? check.bp : null,
    outsideSuggested: check.ok && outsideSuggested(check.bp),
    preview,
    progress: batch.progress,
    progressPercent: batch.progress ? Math.round((batch.progress.done / Math.max(1, batch.progress.total)) * 100) : 0,
    results,
    counts,
    summary: counts ? t('add.summary', counts) : null,
    busy,
    /** Adds, after the seller's word when the ratio is far from the suggested one. */
    submit: () => {
      setTouched(true);
      if (!check.ok || busy) return;
      const bp = check.bp;
      question.ask(
        products.map((p) => ({ name: p.name, purchasePriceCents: p.purchasePriceCents, profitRatioBp: bp, discountRatioBp: 0, discountStart: null, discountEnd: null })),
        () => void add(),
      );
    },
    question,
    close: () => {
      if (busy) return;
      const changed = results !== null;
      reset();
      onClose(changed);
    },
  };
}
