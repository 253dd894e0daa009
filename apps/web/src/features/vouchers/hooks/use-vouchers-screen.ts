import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { VOUCHER_STATUSES, type VoucherMargin, type VoucherStatus, type VoucherView } from '@shopdesk/shared/marketing/vouchers';
import { ApiError, errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { previewVerdict } from '../../../lib/promotion-inputs.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { usePromotionResultsPanel } from '../../../lib/use-promotion-results.ts';
import { useShopProducts } from '../../products/api/products-api.ts';
import { useInvalidateVouchers, usePromotionSettings, useSavePromotionSettings, useVoucherList, voucherCalls, voucherResultsSource } from '../api/vouchers-api.ts';
import {
  bodyFor,
  emptyVoucherForm,
  lockedFields,
  ONLY_MORE_GENEROUS,
  voucherIssues,
  voucherToForm,
  type VoucherField,
  type VoucherFormValues,
  type VoucherIssues,
} from './voucher-form.ts';

type Busy = 'preview' | 'save' | null;

/**
 * The seller's vouchers on both devices (desktop /marketing/vouchers, phone /m/vouchers): the list
 * by status with claimed and used counts, the "never below cost" switch, the editor (create, or
 * edit within what a started voucher allows), its margin preview before saving, and ending early.
 * The pages only render what this answers (docs/decisions.md, "Seller vouchers", "Margin guard").
 */
export function useVouchersScreen() {
  const f = useFormat('vouchers');
  const { t } = f;
  const [search, setSearch] = useSearchParams();
  /** ?ending=soon (the dashboard's to-do link): the running vouchers ending within 24 hours only. */
  const endingSoon = search.get('ending') === 'soon';
  const [chosenStatus, setChosenStatus] = useState<VoucherStatus>('running');
  const status = endingSoon ? 'running' : chosenStatus;
  const list = useVoucherList(status, endingSoon);
  const results = usePromotionResultsPanel(f, voucherResultsSource);
  const clearEnding = () =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('ending');
        return next;
      },
      { replace: true },
    );
  const setStatus = (next: VoucherStatus) => {
    if (endingSoon) clearEnding();
    setChosenStatus(next);
  };
  const settings = usePromotionSettings();
  const saveSettings = useSavePromotionSettings();
  const invalidate = useInvalidateVouchers();

  /** null: closed; { voucher: null }: a new voucher; else the voucher being changed. */
  const [editing, setEditing] = useState<{ voucher: VoucherView | null } | null>(null);
  const [values, setValues] = useState<VoucherFormValues>(() => emptyVoucherForm());
  const [issues, setIssues] = useState<VoucherIssues>({});
  /** The server's refusals at their field, already in the caller's language. */
  const [serverIssues, setServerIssues] = useState<Partial<Record<VoucherField, string>>>({});
  /** A refusal that belongs to no field (a code taken, a voucher ended meanwhile…). */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The margin of the terms as they are now; any change asks for it again. */
  const [margin, setMargin] = useState<VoucherMargin | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [ending, setEnding] = useState<number | null>(null);
  const products = useShopProducts({ page: 1, pageSize: 100 }, editing !== null);

  const started = editing?.voucher ?? null;
  const locked = lockedFields(started?.status ?? null);

  const reset = (next: VoucherFormValues) => {
    setValues(next);
    setIssues({});
    setServerIssues({});
    setRefusal(null);
    setMargin(null);
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.details.length > 0) {
      const atFields: Partial<Record<VoucherField, string>> = {};
      for (const d of error.details) if (d.path in values) atFields[d.path as VoucherField] ??= d.message;
      setServerIssues(atFields);
      if (Object.keys(atFields).length === 0) setRefusal(error.message);
    } else if (error instanceof ApiError && error.errorKey === 'VOUCHER_CODE_TAKEN') setServerIssues({ code: error.message });
    else setRefusal(errorText(error, t('common:http.requestFailed')));
    setMargin(null);
  };

  /** Checks the form, then asks for the margin preview: saving happens from the preview only. */
  const check = async () => {
    const found = voucherIssues(values, new Date(), started);
    setIssues(found);
    setServerIssues({});
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setBusy('preview');
    try {
      setMargin(await voucherCalls.preview(bodyFor(values, started)));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const verdict = margin ? previewVerdict(margin, settings.data?.neverBelowCost ?? false) : null;
  const belowCost = verdict !== null && verdict !== 'save';
  const refused = verdict === 'refused';

  /** Saves the previewed terms; a loss the seller saw is accepted by saving (the button says so). */
  const save = async () => {
    if (!margin || refused) return;
    setBusy('save');
    try {
      const body = bodyFor(values, started, belowCost);
      const answer = started ? await voucherCalls.update(started.id, body) : await voucherCalls.create(body);
      notify.success(t(started ? 'messages.updated' : 'messages.created'));
      setEditing(null);
      setStatus(answer.voucher.status);
      await invalidate();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const end = async (voucher: VoucherView) => {
    setEnding(voucher.id);
    try {
      await voucherCalls.end(voucher.id);
      notify.success(t('messages.ended'));
      await invalidate();
    } catch (error) {
      notify.error(errorText(error, t('common:http.requestFailed')));
      await invalidate();
    } finally {
      setEnding(null);
    }
  };

  const setNeverBelowCost = (neverBelowCost: boolean) =>
    saveSettings.mutate({ neverBelowCost }, { onError: (error) => notify.error(errorText(error, t('common:http.requestFailed'))) });

  const discountText = (v: Pick<VoucherView, 'kind' | 'amountOffCents' | 'percentOff' | 'maxDiscountCents'>) =>
    v.kind === 'amount'
      ? t('row.amountOff', { amount: f.usdt(v.amountOffCents ?? 0) })
      : t('row.percentOff', { percent: f.percent(v.percentOff ?? 0), cap: f.usdt(v.maxDiscountCents ?? 0) });

  return {
    f,
    t,
    statuses: VOUCHER_STATUSES,
    status,
    setStatus,
    statusLabel: (s: VoucherStatus) => t(`statuses.${s}`),
    list,
    emptyText: t(`empty.${status}`),
    /** The to-do link's filter, shown as a tag that clears it. */
    endingFilter: endingSoon ? { label: t('filter.endingSoon'), clearText: t('filter.showAll'), clear: clearEnding } : null,
    results,
    settings,
    neverBelowCost: settings.data?.neverBelowCost ?? false,
    savingSettings: saveSettings.isPending,
    setNeverBelowCost,

    /** What a list row shows besides its name. */
    row: (v: VoucherView) => ({
      discount: discountText(v),
      minSpend: v.minSpendCents > 0 ? t('row.minSpend', { amount: f.usdt(v.minSpendCents) }) : t('row.noMinSpend'),
      window: `${f.dateTime(v.startsAt)} – ${f.dateTime(v.endedAt ?? v.endsAt)}`,
      scope: v.scope === 'shop' ? t('row.shopWide') : t('row.products', { count: v.productIds.length }),
      visibility: v.visibility === 'public' ? t('row.public') : t('row.code', { code: v.code ?? '' }),
      claimed: t('row.claimed', { count: v.claimedCount }),
      used: t('row.used', { used: v.usedCount, total: v.totalQuantity }),
      perBuyer: t('row.perBuyer', { count: v.perBuyerLimit }),
      endedEarly: v.endedAt !== null,
      canEdit: v.status !== 'ended',
      // Screen readers hear the button's own words first, then which voucher it acts on.
      editLabel: `${t('actions.edit')}: ${v.name}`,
      endLabel: `${t('actions.end')}: ${v.name}`,
      canEnd: v.status !== 'ended',
    }),
    ending,
    end,
    endConfirm: (v: VoucherView) => ({ title: t('endConfirm.title', { name: v.name }), content: t('endConfirm.content'), ok: t('actions.end'), cancel: t('actions.cancel') }),

    editor: {
      open: editing !== null,
      title: t(started ? 'form.editTitle' : 'form.createTitle'),
      /** Why some fields are locked, shown above the form of a started voucher. */
      startedNote: started?.status === 'running' ? t('form.startedNote') : null,
      values,
      productOptions: (products.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })),
      productsLoading: products.isPending && editing !== null,
      start: (voucher: VoucherView | null = null) => {
        reset(voucher ? voucherToForm(voucher) : emptyVoucherForm());
        setEditing({ voucher });
      },
      close: () => setEditing(null),
      set: <K extends VoucherField>(field: K, value: VoucherFormValues[K]) => {
        setValues((prev) => ({ ...prev, [field]: value }));
        setIssues((prev) => ({ ...prev, [field]: undefined }));
        setServerIssues((prev) => ({ ...prev, [field]: undefined }));
        setMargin(null);
      },
      label: (field: VoucherField) => t(`form.fields.${field}`),
      error: (field: VoucherField): string | undefined => {
        const key = issues[field];
        if (key) return key === 'lessGenerous' ? t('rules.lessGenerous', { how: t(`form.only.${ONLY_MORE_GENEROUS[field] ?? 'rise'}`) }) : t(`rules.${key}`);
        return serverIssues[field];
      },
      locked: (field: VoucherField) => locked.has(field),
      /** A started voucher's field: locked (with why), or the one way it may still change. */
      note: (field: VoucherField): string | undefined => {
        if (locked.has(field)) return t('form.locked');
        const only = started?.status === 'running' ? ONLY_MORE_GENEROUS[field] : undefined;
        return only ? t(`form.only.${only}`) : undefined;
      },
      refusal,
      busy,
      check,
      checkText: t('actions.check'),
      cancelText: t('actions.cancel'),
    },

    preview: margin && {
      rows: margin.products.map((p) => ({
        ...p,
        price: f.usdt(p.priceCents),
        lowest: f.usdt(p.lowestPriceCents),
        cost: f.usdt(p.purchasePriceCents),
        profit: f.change(p.unitProfitCents),
      })),
      belowCost,
      refused,
      /** The preview's headline: all above cost, a loss to confirm, or refused by the shop's setting. */
      summary: refused
        ? t('preview.refused', { count: margin.belowCostCount })
        : belowCost
          ? t('preview.loss', { count: margin.belowCostCount })
          : t('preview.ok', { count: margin.products.length }),
      saveText: belowCost ? t('actions.saveAtLoss') : t('actions.save'),
      save,
      back: () => setMargin(null),
    },
  };
}

export type VouchersScreen = ReturnType<typeof useVouchersScreen>;
