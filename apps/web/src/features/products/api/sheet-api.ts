import type { SheetDryRunAnswer, SheetFormat } from '@shopdesk/shared/products/spreadsheet';
import { downloadFile, type DownloadedFile } from '../../../lib/file-download.ts';
import { http, requestFile, TRANSFER_TIMEOUT_MS } from '../../../lib/http.ts';
import { tzOffsetMinutes } from '../../../lib/time-zone.ts';

/** The product sheet endpoints: export, dry run, apply (answers the result file) and undo. */
export const exportProductSheet = (format: SheetFormat): Promise<DownloadedFile> => downloadFile('/product/sheet/export', { format, tzOffset: tzOffsetMinutes() }, { silent: true });

const formOf = (file: Blob) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export const checkProductSheet = (file: Blob) => http.upload<SheetDryRunAnswer>('/product/sheet/check', formOf(file), { params: { tzOffset: tzOffsetMinutes() }, silent: true });

export async function applyProductSheet(file: Blob): Promise<DownloadedFile & { applied: number; failed: number }> {
  const { blob, response } = await requestFile('/product/sheet/import', { method: 'POST', body: formOf(file), params: { tzOffset: tzOffsetMinutes() }, timeoutMs: TRANSFER_TIMEOUT_MS, silent: true });
  const isXlsx = (response.headers.get('content-type') ?? '').includes('spreadsheetml');
  return { blob, fileName: `import-result.${isXlsx ? 'xlsx' : 'csv'}`, applied: Number(response.headers.get('x-sheet-applied') ?? 0), failed: Number(response.headers.get('x-sheet-failed') ?? 0) };
}

export const undoProductSheet = () => http.post<{ importId: number; restored: number }>('/product/sheet/undo', {}, { silent: true });
