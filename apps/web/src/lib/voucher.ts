import { downloadFile } from './file-download.ts';

export interface LoadedVoucher {
  /** An object URL of the file; call `release` when done with it. */
  url: string;
  isImage: boolean;
  release(): void;
}

/** Fetches a payment voucher (it needs the session header) and gives it an object URL; the caller shows a failure. */
export async function loadVoucher(path: string): Promise<LoadedVoucher> {
  const { blob } = await downloadFile(path, undefined, { silent: true });
  const url = URL.createObjectURL(blob);
  return { url, isImage: blob.type.startsWith('image/'), release: () => URL.revokeObjectURL(url) };
}

/** Opens a loaded file in a new tab (PDF vouchers); the object URL is released a minute later. */
export function openInNewTab(voucher: LoadedVoucher): void {
  window.open(voucher.url, '_blank', 'noopener');
  setTimeout(() => voucher.release(), 60_000);
}
