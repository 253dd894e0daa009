import { useState } from 'react';
import { CATALOG } from '@shopdesk/shared/constants';
import type { ShopProductView, ShopVariantView } from '@shopdesk/shared/products/schemas';
import { errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePatchVariants } from '../api/products-api.ts';
import { checkStock } from '../product-helpers.ts';

/** A variant as its row shows it: the stock being typed, and what is wrong with it. */
export interface VariantRow extends ShopVariantView {
  /** What the stock field holds (the saved stock until the seller types). */
  stockText: string;
  /** Why the typed stock cannot be saved, in the reader's language. */
  stockError: string | null;
  /** A valid stock different from the saved one is waiting to be saved. */
  stockChanged: boolean;
}

/**
 * A product's variants on both devices (the desktop list's expanded row, the phone's edit page):
 * each one switched on or off at once, its stock typed, checked and saved on its own, all through
 * POST /api/product/variants. The server's refusal (the last enabled variant) is kept to be shown
 * beside the variants, in the reader's language as the server wrote it.
 */
export function useProductVariants(product: ShopProductView | null | undefined) {
  const { t } = useFormat('products');
  const patch = usePatchVariants();
  /** Stocks being typed, by variant id. */
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  /**
   * The server's answer to the last change, until the product is read again: the list's refetch
   * follows, and meanwhile the rows show what was saved rather than the stock before it.
   */
  const [answered, setAnswered] = useState<{ of: ShopProductView; variants: ShopVariantView[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const variants = (answered && answered.of === product ? answered.variants : product?.variants) ?? [];
  const setDraft = (id: number, text: string | null) =>
    setDrafts((current) => {
      const next = new Map(current);
      if (text === null) next.delete(id);
      else next.set(id, text);
      return next;
    });

  const rows: VariantRow[] = variants.map((v) => {
    const draft = drafts.get(v.id);
    const check = draft === undefined ? null : checkStock(draft);
    return {
      ...v,
      stockText: draft ?? String(v.stock),
      stockError: check && !check.ok ? t(`variants.stock_${check.issue}`, { max: CATALOG.STOCK_MAX }) : null,
      stockChanged: Boolean(check?.ok && check.stock !== v.stock),
    };
  });

  const send = (changes: { id: number; enabled?: boolean; stock?: number }[], done: string) => {
    if (!product) return;
    setRefusal(null);
    const of = product;
    patch.mutate(
      { id: of.id, variants: changes },
      {
        onSuccess: (list) => {
          setAnswered({ of, variants: list });
          for (const change of changes) if (change.stock !== undefined) setDraft(change.id, null);
          notify.success(done);
        },
        onError: (error) => setRefusal(errorText(error, t('common:http.requestFailed'))),
      },
    );
  };

  const busyIds = new Set(patch.isPending ? (patch.variables?.variants.map((v) => v.id) ?? []) : []);

  return {
    rows,
    /** The variants' axes as the operator named them ("Colour", "Size"). */
    options: product?.options ?? [],
    busy: (id: number) => busyIds.has(id),
    /** Switches a variant on or off now (the last enabled one is refused by the server). */
    setEnabled: (row: VariantRow, enabled: boolean) => send([{ id: row.id, enabled }], t(enabled ? 'variants.switchedOn' : 'variants.switchedOff', { name: row.name })),
    typeStock: (row: VariantRow, text: string) => setDraft(row.id, text),
    /** Saves a typed stock when it is valid and changed; an unchanged one just stops being a draft. */
    saveStock: (row: VariantRow) => {
      const check = checkStock(row.stockText);
      if (!check.ok) return;
      if (check.stock === row.stock) setDraft(row.id, null);
      else send([{ id: row.id, stock: check.stock }], t('variants.stockSaved', { name: row.name }));
    },
    undoStock: (row: VariantRow) => setDraft(row.id, null),
    /**
     * Saves every stock typed and not yet saved, in one call (the phone page's Save does this before
     * the product's own fields, so nothing typed is left behind). False when one cannot be saved: a
     * stock not valid (its message is beside it) or the server's refusal.
     */
    saveTypedStocks: async (): Promise<boolean> => {
      if (rows.some((r) => r.stockError)) {
        notify.error(t('variants.stockToFix'));
        return false;
      }
      const changes = rows.filter((r) => r.stockChanged).map((r) => ({ id: r.id, stock: Number(r.stockText.trim()) }));
      if (!product || changes.length === 0) return true;
      setRefusal(null);
      try {
        setAnswered({ of: product, variants: await patch.mutateAsync({ id: product.id, variants: changes }) });
        setDrafts(new Map());
        return true;
      } catch (error) {
        setRefusal(errorText(error, t('common:http.requestFailed')));
        return false;
      }
    },
    refusal,
    dismissRefusal: () => setRefusal(null),
  };
}

export type ProductVariants = ReturnType<typeof useProductVariants>;
