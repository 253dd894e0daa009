import { WALLET } from '@shopdesk/shared/constants';

/** Payment screenshots (SPEC §5): JPG, PNG or PDF, at most 5 MB. The server checks the bytes too. */
export const SCREENSHOT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const SCREENSHOT_ACCEPT = [...SCREENSHOT_MIME_TYPES, '.jpg', '.jpeg', '.png', '.pdf'].join(',');
const EXTENSION_TYPES: Record<string, (typeof SCREENSHOT_MIME_TYPES)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

export type ScreenshotIssue = 'type' | 'size' | 'empty';

/** The screenshot's type, from the browser's MIME type or, when it gives none, the file name. */
export function screenshotType(file: { name: string; type: string }): string | null {
  if (file.type) return (SCREENSHOT_MIME_TYPES as readonly string[]).includes(file.type) ? file.type : null;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? null;
}

/** Why a chosen file cannot be the payment screenshot, or null when it can. */
export function checkScreenshotFile(file: { name: string; type: string; size: number }): ScreenshotIssue | null {
  if (screenshotType(file) === null) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > WALLET.SCREENSHOT_MAX_BYTES) return 'size';
  return null;
}

/** The limit in whole megabytes, for messages. */
export const SCREENSHOT_MAX_MB = WALLET.SCREENSHOT_MAX_BYTES / (1024 * 1024);
