import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SheetDryRunAnswer, SheetFormat, SheetRowReport } from '@shopdesk/shared/products/spreadsheet';
import { saveBlob } from '../../../lib/file-download.ts';
import { errorText } from '../../../lib/http.ts';
import { notify } from '../../../lib/notifier.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { productKeys } from '../api/products-api.ts';
import { applyProductSheet, checkProductSheet, exportProductSheet, undoProductSheet } from '../api/sheet-api.ts';

type Change = SheetRowReport['changes'][number];

/**
 * The product spreadsheet on both devices: export (XLSX or CSV), import (a file → its dry run →
 * apply, which downloads the per-row result) and undo of the last import. The pages only render.
 * The file's check and result are shown in its dialog; the export's and the undo's outcome is a
 * message, so it never pushes the page's toolbar around.
 */
export function useProductSheet() {
  const { t, cents, percent, dateTime } = useFormat('products');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<null | 'export' | 'check' | 'apply' | 'undo'>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<SheetDryRunAnswer | null>(null);
  const [applied, setApplied] = useState<{ applied: number; failed: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async <T>(what: typeof busy, task: () => Promise<T>): Promise<T | undefined> => {
    setBusy(what);
    setError(null);
    try {
      return await task();
    } catch (failure) {
      const text = errorText(failure, t('sheet.failed'));
      if (what === 'check' || what === 'apply') setError(text);
      else notify.error(text);
      return undefined;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    file,
    report,
    applied,
    /**
     * The dry run's rows can stand for what was applied when the apply's counts are the dry run's
     * (the shop did not change in between); otherwise only the counts are shown.
     */
    appliedAsChecked: applied !== null && report !== null && applied.applied === report.changed && applied.failed === report.failed,
    error,
    /** Open: a file is chosen (the dry run is shown, or its error). */
    open: file !== null,
    exportAs: (format: SheetFormat) =>
      run('export', async () => {
        const exported = await exportProductSheet(format);
        saveBlob(exported.blob, exported.fileName ?? `products.${format}`);
      }),
    /** A chosen file: its dry run, nothing written. */
    check: (chosen: File) => {
      setFile(chosen);
      setReport(null);
      setApplied(null);
      return run('check', async () => setReport(await checkProductSheet(chosen)));
    },
    apply: () =>
      run('apply', async () => {
        if (!file) return;
        const result = await applyProductSheet(file);
        saveBlob(result.blob, result.fileName ?? 'import-result');
        setApplied({ applied: result.applied, failed: result.failed });
        await queryClient.invalidateQueries({ queryKey: productKeys.all });
      }),
    undo: () =>
      run('undo', async () => {
        const undone = await undoProductSheet();
        notify.success(t('sheet.undone', { n: undone.restored }));
        await queryClient.invalidateQueries({ queryKey: productKeys.all });
      }),
    close: () => {
      setFile(null);
      setReport(null);
      setApplied(null);
      setError(null);
    },
    fieldLabel: (field: Change['field'] | string) => t(`sheet.fields.${field}`, { defaultValue: field }),
    /** A before or after value as the reader reads it. */
    valueText: (change: Change, value: Change['before']) => {
      if (value === null || value === '') return '—';
      if (typeof value === 'boolean') return value ? t('sheet.yes') : t('sheet.no');
      if (change.field === 'price') return cents(Number(value));
      if (change.field === 'profitRatio' || change.field === 'discountRatio') return percent(Number(value));
      return dateTime(String(value));
    },
  };
}
