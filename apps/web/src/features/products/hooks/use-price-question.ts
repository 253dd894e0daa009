import { useState } from 'react';
import { CATALOG } from '@shopdesk/shared/constants';
import { useFormat } from '../../../lib/use-format.ts';
import { checkEditedPrice, type EditedPrice } from '../product-helpers.ts';

/** Products named in the question; the rest are counted. */
const QUESTION_LINES = 5;

/** A product's price after a save, named for the question. */
export interface NamedPrice extends EditedPrice {
  name: string;
}

/**
 * The question before a save that would sell below the purchase price or at a profit ratio far
 * from the suggested one (the shared `checkPrice`): one line per such product with its lowest price
 * and unit profit. `ask` saves at once when no price needs it.
 */
export function usePriceQuestion() {
  const f = useFormat('products');
  const { t } = f;
  const [pending, setPending] = useState<{ lines: string[]; save: () => void } | null>(null);
  const linesOf = (prices: readonly NamedPrice[]) =>
    prices.flatMap((p) => {
      const check = checkEditedPrice(p);
      if (!check.needsConfirmation) return [];
      const params = {
        name: p.name,
        price: f.usdt(check.lowestPriceCents),
        cost: f.usdt(p.purchasePriceCents),
        profit: f.usdt(check.unitProfitCents),
        ratio: f.percent(p.profitRatioBp / 100),
        min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN,
        max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX,
      };
      return [t(check.belowCost ? 'confirm.loss' : 'confirm.far', params)];
    });
  return {
    ask: (prices: readonly NamedPrice[], save: () => void) => {
      const lines = linesOf(prices);
      if (lines.length > 0) setPending({ lines, save });
      else save();
    },
    confirmation: pending && {
      title: t('confirm.title'),
      lines: pending.lines.length > QUESTION_LINES ? [...pending.lines.slice(0, QUESTION_LINES), t('confirm.more', { count: pending.lines.length - QUESTION_LINES })] : pending.lines,
      okText: t('confirm.ok'),
      cancelText: t('confirm.back'),
    },
    confirm: () => {
      setPending(null);
      pending?.save();
    },
    cancel: () => setPending(null),
  };
}

export type PriceQuestion = ReturnType<typeof usePriceQuestion>;
