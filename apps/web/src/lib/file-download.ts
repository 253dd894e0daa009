import { requestFile, TRANSFER_TIMEOUT_MS, type Params, type RequestOptions } from './http.ts';

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  fileName: string | null;
}

function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return name ? decodeURIComponent(name) : null;
}

/**
 * GETs a file that needs the session header (a payment voucher, a CSV export), so it cannot be a
 * plain link. A failure is the same ApiError as a JSON call's, and an ended session ends the same way.
 */
export async function downloadFile(path: string, params?: Params, options: Omit<RequestOptions, 'params' | 'method' | 'body'> = {}): Promise<DownloadedFile> {
  const { blob, response } = await requestFile(path, { timeoutMs: TRANSFER_TIMEOUT_MS, ...options, params, method: 'GET' });
  return { blob, fileName: fileNameOf(response) };
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
