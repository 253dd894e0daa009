import { useState } from 'react';
import { DEAL_STATUSES, type DealStatus, type DealView } from '@shopdesk/shared/marketing/deals';
import type { VoucherMargin } from '@shopdesk/shared/marketing/vouchers';
import { ApiError, errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { previewVerdict } from '../../../lib/promotion-inputs.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePromotionResultsPanel } from '../../../lib/use-promotion-results.ts';
import { useShopProducts } from '../../products/api/products-api.ts';
import { usePromotionSettings } from '../../vouchers/api/vouchers-api.ts';
import { dealCalls, dealResultsSource, useDealList, useInvalidateDeals } from '../api/deals-api.ts';
import { dealFormToBody, dealIssues, dealToForm, emptyDealForm, type DealField, type DealFormValues, type DealIssues } from './deal-form.ts';

type Busy = 'preview' | 'save' | null;

/** What a running deal may still do to each field (docs/decisions.md, "Flash deals"). */
const RUNNING_ONLY: Partial<Record<DealField, 'fall' | 'rise' | 'later'>> = { dealPriceCents: 'fall', stockCap: 'rise', endsAt: 'later' };
const RUNNING_LOCKED: ReadonlySet<DealField> = new Set(['productId', 'startsAt']);

/**
 * The seller's flash deals on both devices (desktop /marketing/deals, phone /m/deals): the list by
 * status with sold/cap, the editor (create, or edit within what a running deal allows), its margin
 * preview before saving, ending early, and each deal's results (named by its product). The pages
 * only render what this answers.
 */
export function useDealsScreen() {
  const f = useFormat('deals');
  const { t } = f;
  const [status, setStatus] = useState<DealStatus>('running');
  const list = useDealList(status);
  const settings = usePromotionSettings();
  const invalidate = useInvalidateDeals();
  const results = usePromotionResultsPanel(f, dealResultsSource);

  const [editing, setEditing] = useState<{ deal: DealView | null } | null>(null);
  const [values, setValues] = useState<DealFormValues>(() => emptyDealForm());
  const [issues, setIssues] = useState<DealIssues>({});
  const [serverIssues, setServerIssues] = useState<Partial<Record<DealField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [margin, setMargin] = useState<VoucherMargin | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [ending, setEnding] = useState<number | null>(null);
  const products = useShopProducts({ page: 1, pageSize: 100 }, editing !== null);

  const current = editing?.deal ?? null;
  const running = current?.status === 'running';

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.details.length > 0) {
      const atFields: Partial<Record<DealField, string>> = {};
      for (const d of error.details) if (d.path in values) atFields[d.path as DealField] ??= d.message;
      setServerIssues(atFields);
      if (Object.keys(atFields).length === 0) setRefusal(error.message);
    } else setRefusal(errorText(error, t('common:http.requestFailed')));
    setMargin(null);
  };

  /** Checks the form, then asks for the margin preview: saving happens from the preview only. */
  const check = async () => {
    const found = dealIssues(values, new Date(), running);
    setIssues(found);
    setServerIssues({});
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy('preview');
    try {
      setMargin(await dealCalls.preview(dealFormToBody(values)));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const verdict = margin ? previewVerdict(margin, settings.data?.neverBelowCost ?? false) : null;
  const belowCost = verdict !== null && verdict !== 'save';
  const refused = verdict === 'refused';

  const save = async () => {
    if (!margin || refused) return;
    setBusy('save');
    try {
      const body = dealFormToBody(values, belowCost);
      const answer = current ? await dealCalls.update(current.id, body) : await dealCalls.create(body);
      notify.success(t(current ? 'messages.updated' : 'messages.created'));
      setEditing(null);
      setStatus(answer.deal.status);
      await invalidate();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const end = async (deal: DealView) => {
    setEnding(deal.id);
    try {
      await dealCalls.end(deal.id);
      notify.success(t('messages.ended'));
    } catch (error) {
      notify.error(errorText(error, t('common:http.requestFailed')));
    } finally {
      setEnding(null);
      await invalidate();
    }
  };

  const productList = products.data?.list ?? [];
  const chosen = productList.find((p) => p.id === values.productId);

  return {
    f,
    t,
    statuses: DEAL_STATUSES,
    status,
    setStatus,
    statusLabel: (s: DealStatus) => t(`statuses.${s}`),
    list,
    emptyText: t(`empty.${status}`),
    neverBelowCost: settings.data?.neverBelowCost ?? false,
    results,
    /** Opens a deal's results; a deal is named by its product. */
    showResults: (d: DealView) => results.show({ id: d.id, name: d.productName }),

    /** What a list row shows besides the product's name. */
    row: (d: DealView) => ({
      price: f.usdt(d.dealPriceCents),
      normal: t('row.normal', { price: f.usdt(d.normalPriceCents) }),
      window: `${f.dateTime(d.startsAt)} – ${f.dateTime(d.endedAt ?? d.endsAt)}`,
      sold: t('row.sold', { sold: d.soldCount, cap: d.stockCap }),
      endedEarly: d.endedAt !== null,
      canEdit: d.status !== 'ended',
      canEnd: d.status !== 'ended',
      editLabel: `${t('actions.edit')}: ${d.productName}`,
      endLabel: `${t('actions.end')}: ${d.productName}`,
    }),
    ending,
    end,
    endConfirm: (d: DealView) => ({ title: t('endConfirm.title', { name: d.productName }), content: t('endConfirm.content'), ok: t('actions.end'), cancel: t('actions.cancel') }),

    editor: {
      open: editing !== null,
      title: t(current ? 'form.editTitle' : 'form.createTitle'),
      startedNote: running ? t('form.startedNote') : null,
      values,
      productOptions: productList.map((p) => ({ value: p.id, label: `${p.name} · ${f.usdt(p.priceCents)}` })),
      productsLoading: products.isPending && editing !== null,
      /** The chosen product's normal price and purchase cost, beside the price input. */
      priceHint: chosen ? t('form.priceHint', { price: f.usdt(chosen.priceCents), cost: f.usdt(chosen.purchasePriceCents) }) : undefined,
      start: (deal: DealView | null = null) => {
        setValues(deal ? dealToForm(deal) : emptyDealForm());
        setIssues({});
        setServerIssues({});
        setRefusal(null);
        setMargin(null);
        setEditing({ deal });
      },
      close: () => setEditing(null),
      set: <K extends DealField>(field: K, value: DealFormValues[K]) => {
        setValues((prev) => ({ ...prev, [field]: value }));
        setIssues((prev) => ({ ...prev, [field]: undefined }));
        setServerIssues((prev) => ({ ...prev, [field]: undefined }));
        setMargin(null);
      },
      label: (field: DealField) => t(`form.fields.${field}`),
      error: (field: DealField): string | undefined => {
        const key = issues[field];
        return key ? t(`rules.${key}`) : serverIssues[field];
      },
      locked: (field: DealField) => running && RUNNING_LOCKED.has(field),
      note: (field: DealField): string | undefined => {
        if (!running) return undefined;
        if (RUNNING_LOCKED.has(field)) return t('form.locked');
        const only = RUNNING_ONLY[field];
        return only ? t(`form.only.${only}`) : undefined;
      },
      refusal,
      busy,
      check,
      checkText: t('actions.check'),
      cancelText: t('actions.cancel'),
    },

    preview: margin && {
      rows: margin.products.map((p) => ({ ...p, price: f.usdt(p.priceCents), lowest: f.usdt(p.lowestPriceCents), cost: f.usdt(p.purchasePriceCents), profit: f.change(p.unitProfitCents) })),
      belowCost,
      refused,
      summary: refused ? t('preview.refused') : belowCost ? t('preview.loss') : t('preview.ok'),
      saveText: belowCost ? t('actions.saveAtLoss') : t('actions.save'),
      save,
      back: () => setMargin(null),
    },
  };
}

export type DealsScreen = ReturnType<typeof useDealsScreen>;
