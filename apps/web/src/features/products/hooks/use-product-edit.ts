import { useRef, useState } from 'react';
import { CATALOG } from '@shopdesk/shared/constants';
import { PRODUCT_STATUSES, type ProductStatus, type ProductUpdateBody, type ShopProductView } from '@shopdesk/shared/products/schemas';
import type { FormHandle } from '../../../lib/form-rules.ts';
import { errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useUpdateProduct } from '../api/products-api.ts';
import { checkDiscountRatio, checkProfitRatio, hasVariants, previewPricing } from '../product-helpers.ts';
import { usePriceQuestion, type NamedPrice } from './use-price-question.ts';
import { useBatchUpdate, type BatchPatch } from './use-product-batches.ts';

/** The edit form's fields (the phone's status choice is a one-item list). */
export interface ProductEditValues {
  profitRatio?: string;
  discountRatio?: string;
  status?: ProductStatus | ProductStatus[];
  stock?: number;
}

interface EditFormHandle extends FormHandle<ProductEditValues> {
  isFieldTouched(name: keyof ProductEditValues): boolean;
  validateFields(names: (keyof ProductEditValues)[]): Promise<unknown>;
  resetFields(): void;
}

/**
 * `batch`: the selected products in parts with progress, each field left empty is unchanged (the
 * desktop's dialog, the phone's sheet). `single`: one product's page with every field filled in,
 * its stock too (the phone's edit page).
 */
export type ProductEditMode = 'batch' | 'single';

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function statusOf(value: ProductEditValues['status']): ProductStatus | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Editing shop products on both devices: the profit ratio, a discount (its dates first, then the
 * ratio), the status (and the stock of one product); the fields' rules, the live price preview of
 * the first product, and the save (a batch in parts with every product's result, or one product).
 */
export function useProductEdit(form: EditFormHandle, { products, mode, onClose }: { products: readonly ShopProductView[]; mode: ProductEditMode; onClose: (changed: boolean) => void }) {
  const { t } = useFormat('products');
  const sample = products.at(0);
  const single = mode === 'single' ? sample : undefined;
  const initialValues: ProductEditValues = single
    ? {
        profitRatio: String(single.profitRatio),
        discountRatio: single.discountRatio ? String(single.discountRatio) : '',
        status: [single.status],
        stock: hasVariants(single) ? undefined : single.stock,
      }
    : {};
  const [values, setValues] = useState<ProductEditValues>(initialValues);
  const [dates, setDatesState] = useState<{ start: string | null; end: string | null }>({ start: dayOf(single?.discountStart ?? null), end: dayOf(single?.discountEnd ?? null) });
  // The rules read the dates of the latest change, also when it re-validates in the same event.
  const datesRef = useRef(dates);
  const [formError, setFormError] = useState<string | null>(null);
  const question = usePriceQuestion();
  const batch = useBatchUpdate();
  const update = useUpdateProduct();
  const datesSet = Boolean(dates.start && dates.end);

  const changeDates = (start: string | null, end: string | null) => {
    const next = { start, end };
    datesRef.current = next;
    setDatesState(next);
    setFormError(null);
    // Cleared dates clear the discount and its error; changed ones re-check a ratio already typed.
    if (!start || !end) form.setFields([{ name: 'discountRatio', value: mode === 'single' ? '' : undefined, errors: [] }]);
    else if (form.isFieldTouched('discountRatio')) void form.validateFields(['discountRatio']).catch(() => undefined);
  };

  const preview = sample
    ? previewPricing({
        purchasePriceCents: sample.purchasePriceCents,
        profitRatio: mode === 'single' ? (values.profitRatio ?? '') : values.profitRatio?.trim() ? values.profitRatio : String(sample.profitRatio),
        discountRatio: datesSet ? values.discountRatio : undefined,
        discountStart: dates.start,
        discountEnd: dates.end,
      })
    : null;

  /**
   * What the save would sell each product at, when it changes the price: a status or stock change
   * leaves a price as it is and asks nothing.
   */
  const pricesOf = (v: ProductEditValues): NamedPrice[] =>
    products.flatMap((p) => {
      const typedProfit = v.profitRatio?.trim() ? checkProfitRatio(v.profitRatio) : null;
      const profitRatioBp = typedProfit?.ok ? typedProfit.bp : Math.round(p.profitRatio * 100);
      const typedDiscount = dates.start && dates.end && v.discountRatio?.trim() ? checkDiscountRatio(v.discountRatio) : null;
      const current = { discountRatioBp: Math.round(p.discountRatio * 100), discountStart: dayOf(p.discountStart), discountEnd: dayOf(p.discountEnd) };
      const discount = typedDiscount?.ok
        ? { discountRatioBp: typedDiscount.bp, discountStart: dates.start, discountEnd: dates.end }
        : mode === 'single' && (!dates.start || !dates.end)
          ? { discountRatioBp: 0, discountStart: null, discountEnd: null }
          : current;
      const changed = profitRatioBp !== Math.round(p.profitRatio * 100) || discount.discountRatioBp !== current.discountRatioBp || discount.discountStart !== current.discountStart || discount.discountEnd !== current.discountEnd;
      return changed ? [{ name: p.name, purchasePriceCents: p.purchasePriceCents, profitRatioBp, ...discount }] : [];
    });

  const save = (v: ProductEditValues) => {
    if (single) saveOne(single, v);
    else void saveBatch(v);
  };

  const saveBatch = async (v: ProductEditValues) => {
    const patch: BatchPatch = {};
    if (v.profitRatio?.trim()) patch.profitRatio = v.profitRatio.trim();
    if (dates.start && dates.end && v.discountRatio?.trim()) {
      patch.discountStart = dates.start;
      patch.discountEnd = dates.end;
      patch.discountRatio = v.discountRatio.trim();
    }
    const status = statusOf(v.status);
    if (status) patch.status = status;
    if (Object.keys(patch).length === 0) {
      setFormError(t('edit.nothing'));
      return;
    }
    setFormError(null);
    await batch.run(products, patch);
  };

  const saveOne = (product: ShopProductView, v: ProductEditValues) => {
    // Several variants: each has its stock (saved on its own), the product's would be refused.
    const body: ProductUpdateBody = { id: product.id, profitRatio: (v.profitRatio ?? '').trim(), status: statusOf(v.status), stock: hasVariants(product) ? undefined : v.stock };
    if (dates.start && dates.end && v.discountRatio?.trim()) {
      body.discountRatio = v.discountRatio.trim();
      body.discountStart = dates.start;
      body.discountEnd = dates.end;
    } else if (!dates.start || !dates.end) {
      body.discountRatio = '0';
      body.discountStart = null;
      body.discountEnd = null;
    }
    update.mutate(body, {
      onSuccess: () => {
        notify.success(t('edit.saved'));
        onClose(true);
      },
      onError: (error) => notify.error(errorText(error, t('common:http.requestFailed'))),
    });
  };

  const results = batch.results;
  const ok = results?.filter((r) => r.ok).length ?? 0;

  return {
    title: t('edit.title', { count: products.length }),
    sample,
    initialValues,
    /** Keeps the preview in step with the form (its `onValuesChange`); a change answers "change at least one field". */
    watch: (_changed: ProductEditValues, all: ProductEditValues) => {
      setValues(all);
      setFormError(null);
    },
    profitHint: t('add.hint', { min: CATALOG.PROFIT_RATIO_SUGGESTED_MIN, max: CATALOG.PROFIT_RATIO_SUGGESTED_MAX }),
    rules: {
      profitRatio: [
        {
          validator: async (_: unknown, value: unknown) => {
            if (mode === 'batch' && !String(value ?? '').trim()) return;
            const c = checkProfitRatio(value);
            if (!c.ok) throw new Error(t(`validation.profit_${c.issue}`, { max: CATALOG.PROFIT_RATIO_MAX }));
          },
        },
      ],
      discountRatio: [
        {
          validator: async (_: unknown, value: unknown) => {
            const { start, end } = datesRef.current;
            if (!start || !end) return;
            if (mode === 'single' && !String(value ?? '').trim()) return;
            const c = checkDiscountRatio(value);
            if (!c.ok) throw new Error(t(`validation.discount_${c.issue}`, { max: CATALOG.DISCOUNT_RATIO_MAX }));
          },
        },
      ],
    },
    statusOptions: PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
    stockMax: CATALOG.STOCK_MAX,
    discountPlaceholder: datesSet ? t('edit.discountPlaceholder') : t('edit.chooseDates'),

    start: dates.start,
    end: dates.end,
    datesSet,
    /** The desktop's range picker: both days or none. */
    setDates: changeDates,
    /** The phone's pickers, one day at a time: the other day moves so the range stays in order. */
    pickDate: (which: 'start' | 'end', day: string) => {
      const { start, end } = datesRef.current;
      if (which === 'start') changeDates(day, end && end < day ? day : end);
      else changeDates(start && start > day ? day : start, day);
    },
    clearDiscount: () => changeDates(null, null),

    preview,
    formError,
    /** Saves, after the seller's word when a price would sell below cost or at a far-off ratio. */
    submit: (v: ProductEditValues) => question.ask(pricesOf(v), () => save(v)),
    question,
    saving: update.isPending || batch.busy,
    progress: batch.progress,
    progressPercent: batch.progress ? Math.round((batch.progress.done / Math.max(1, batch.progress.total)) * 100) : 0,
    results,
    summary: results ? t('edit.summary', { ok, failed: results.length - ok }) : null,
    allOk: results !== null && ok === results.length,
    busy: batch.busy,
    close: () => {
      if (batch.busy) return;
      const changed = results !== null;
      form.resetFields();
      batch.reset();
      setFormError(null);
      setValues(initialValues);
      changeDates(null, null);
      onClose(changed);
    },
  };
}
