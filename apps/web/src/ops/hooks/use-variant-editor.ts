import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG } from '@shopdesk/shared/constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shopdesk/shared/languages';
import type { OpsWarehouseRow, TranslatedLanguage } from '@shopdesk/shared/ops/catalog';
import { useSaveWarehouseVariants, useWarehouseVariants } from '../api/catalog-api.ts';
import { errorText } from '../api/error-text.ts';
import { draftBody, draftFrom, draftProblems, newAxisKey, shownRows, type AxisDraft, type DraftProblem, type RowDraft, type VariantDraft } from './variant-draft.ts';

const labelOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.label ?? code;

/**
 * The variant editor of one warehouse product: its saved axes and variants loaded, the draft the
 * operator edits (axes, one row per combination, the axes' texts per language), the rules checked
 * in the operator's language once a save was tried, and the save of the whole set.
 */
export function useVariantEditor(product: OpsWarehouseRow) {
  const { t } = useTranslation('ops');
  const query = useWarehouseVariants(product.id);
  const save = useSaveWarehouseVariants(product.id);
  const [edited, setEdited] = useState<VariantDraft | null>(null);
  const [tried, setTried] = useState(false);
  const draft = useMemo(() => edited ?? (query.data ? draftFrom(query.data) : null), [edited, query.data]);
  const update = (change: (d: VariantDraft) => VariantDraft) => {
    if (draft) setEdited(change(draft));
  };

  // The languages the product has texts in (its name or description, or option texts already saved).
  const languages = useMemo(() => {
    const having = new Set<string>([...Object.keys(product.translations), ...Object.keys(query.data?.optionTranslations ?? {})]);
    return LANGUAGES.filter((l) => l.code !== DEFAULT_LANGUAGE && having.has(l.code)) as { code: TranslatedLanguage; label: string }[];
  }, [product.translations, query.data]);

  const rows = draft ? shownRows(draft, product.id, product.purchasePriceCents) : [];
  const problems = useMemo(() => (draft ? draftProblems(draft, product.id, product.purchasePriceCents, (code) => labelOf(code)) : []), [draft, product.id, product.purchasePriceCents]);
  const shown = tried ? problems : [];
  // A problem of the one variant of a product without options names it as the product itself.
  const say = (p: DraftProblem) => t(p.message, p.values?.variant === '' ? { ...p.values, variant: t('variants.single') } : p.values);
  const messages = [...new Set(shown.map(say))];
  /** Whether a field (an axis's name or values, a row's field, a language) has a problem to mark. */
  const invalid = (field: string) => shown.some((p) => p.field === field);
  /** The first problem of a field, said in the operator's language. */
  const problemAt = (field: string) => {
    const problem = shown.find((p) => p.field === field);
    return problem ? say(problem) : null;
  };

  const setAxis = (index: number, patch: Partial<AxisDraft>) => update((d) => ({ ...d, axes: d.axes.map((axis, i) => (i === index ? { ...axis, ...patch } : axis)) }));

  return {
    query,
    draft,
    rows,
    languages,
    messages,
    invalid,
    problemAt,
    dirty: edited !== null,
    canAddAxis: (draft?.axes.length ?? 0) < CATALOG.VARIANT_AXES_MAX,
    addAxis: () => update((d) => (d.axes.length >= CATALOG.VARIANT_AXES_MAX ? d : { ...d, axes: [...d.axes, { key: newAxisKey(), name: '', values: [] }] })),
    removeAxis: (index: number) => update((d) => ({ ...d, axes: d.axes.filter((_, i) => i !== index) })),
    setAxisName: (index: number, name: string) => setAxis(index, { name }),
    // Values are kept trimmed (they name the combinations' rows); one typed twice is kept once.
    setAxisValues: (index: number, values: string[]) => setAxis(index, { values: [...new Set(values.map((v) => v.trim()).filter(Boolean))] }),
    setRow: (key: string, patch: Partial<RowDraft>) =>
      update((d) => {
        const current = rows.find((r) => r.key === key)?.row;
        return current ? { ...d, rows: { ...d.rows, [key]: { ...current, ...patch } } } : d;
      }),
    axisText: (lang: TranslatedLanguage, axisKey: string) => draft?.texts[lang]?.names[axisKey] ?? '',
    valueText: (lang: TranslatedLanguage, axisKey: string, value: string) => draft?.texts[lang]?.values[axisKey]?.[value] ?? '',
    hasTexts: (lang: TranslatedLanguage) => {
      const texts = draft?.texts[lang];
      return !!texts && (Object.values(texts.names).some(Boolean) || Object.values(texts.values).some((v) => Object.values(v).some(Boolean)));
    },
    setAxisText: (lang: TranslatedLanguage, axisKey: string, text: string) =>
      update((d) => {
        const texts = d.texts[lang] ?? { names: {}, values: {} };
        return { ...d, texts: { ...d.texts, [lang]: { ...texts, names: { ...texts.names, [axisKey]: text } } } };
      }),
    setValueText: (lang: TranslatedLanguage, axisKey: string, value: string, text: string) =>
      update((d) => {
        const texts = d.texts[lang] ?? { names: {}, values: {} };
        return { ...d, texts: { ...d.texts, [lang]: { ...texts, values: { ...texts.values, [axisKey]: { ...texts.values[axisKey], [value]: text } } } } };
      }),
    saving: save.isPending,
    saveError: save.isError ? errorText(save.error, t) : null,
    /** Sends the whole set when the rules hold; `onSaved` hears the saved variants' count. */
    save: (onSaved: (count: number) => void) => {
      setTried(true);
      if (!draft || problems.length > 0) return;
      save.mutate(draftBody(draft, product.id, product.purchasePriceCents), {
        onSuccess: (answer) => {
          setEdited(draftFrom(answer));
          setTried(false);
          onSaved(answer.variants.length);
        },
      });
    },
  };
}
