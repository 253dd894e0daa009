import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { WALLET } from '@shopdesk/shared/constants';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { inspectPdf } from '../../lib/pdf-check.ts';
import { reencodeImage, uploadDisposition } from '../../lib/upload-content.ts';
import { UPLOAD_CSP } from '../../plugins/security-headers.ts';

export const SCREENSHOT_TYPES = {
  jpg: { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  png: { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  pdf: { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
} as const;
export type ScreenshotType = keyof typeof SCREENSHOT_TYPES;

/** The file type from its first bytes, whatever its name says; null for anything else (SVG, fakes). */
export function sniffScreenshotType(bytes: Buffer): ScreenshotType | null {
  for (const [type, { magic }] of Object.entries(SCREENSHOT_TYPES) as [ScreenshotType, { magic: readonly number[] }][]) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

/** FILE_TOO_LARGE with the limit of SPEC §9, in MB. */
export const screenshotTooLarge = () => new AppError('FILE_TOO_LARGE', { maxMb: WALLET.SCREENSHOT_MAX_BYTES / 1024 / 1024 });

/**
 * The screenshot as it is kept: a picture is decoded and drawn again from its pixels (so nothing but
 * the picture survives, see reencodeImage); a PDF is kept as sent only when it is a plain document
 * (no script, action, link, attached file or encryption, see inspectPdf). Anything else is refused.
 */
export async function checkScreenshot(bytes: Buffer | null): Promise<{ bytes: Buffer; type: ScreenshotType }> {
  if (!bytes || bytes.length === 0) throw new AppError('FILE_REQUIRED');
  if (bytes.length > WALLET.SCREENSHOT_MAX_BYTES) throw screenshotTooLarge();
  const type = sniffScreenshotType(bytes);
  if (type === 'pdf') {
    const verdict = inspectPdf(bytes);
    if (verdict === 'active') throw new AppError('PDF_NOT_PLAIN');
    if (verdict === 'unreadable') throw new AppError('INVALID_FILE_TYPE');
    return { bytes, type };
  }
  const picture = type && (await reencodeImage(bytes, type === 'jpg' ? 'jpeg' : 'png'));
  if (!type || !picture) throw new AppError('INVALID_FILE_TYPE');
  return { bytes: picture, type };
}

/** Stores the file under a random name in the uploads folder (outside the web root). */
export async function storeScreenshot(uploadsDir: string, bytes: Buffer, type: ScreenshotType): Promise<string> {
  const dir = path.join(uploadsDir, 'deposits');
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** Removes a stored screenshot by its name (one storeScreenshot made); gone already is fine. */
export async function discardScreenshot(uploadsDir: string, name: string): Promise<void> {
  await fs.rm(screenshotPath(uploadsDir, name), { force: true });
}

export function screenshotPath(uploadsDir: string, name: string): string {
  if (!/^[0-9a-f]{32}\.(jpg|png|pdf)$/.test(name)) throw new AppError('NOT_FOUND');
  return path.join(uploadsDir, 'deposits', name);
}

/**
 * Sends a stored deposit screenshot: never cached, never sniffed as another type, as an attachment
 * (the app fetches it with the session header and shows it from a blob: URL, so nothing needs it
 * inline) under a sandbox CSP, so even a file opened from our origin runs nothing.
 */
export function sendScreenshot(reply: FastifyReply, uploadsDir: string, deposit: { id?: number; screenshotFile: string; screenshotType: string }) {
  const file = screenshotPath(uploadsDir, deposit.screenshotFile);
  if (!existsSync(file)) throw new AppError('NOT_FOUND');
  const extension = deposit.screenshotFile.slice(deposit.screenshotFile.lastIndexOf('.') + 1);
  return reply
    .type(deposit.screenshotType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOAD_CSP)
    .header('content-disposition', uploadDisposition('attachment', `voucher-${deposit.id ?? 'file'}.${extension}`))
    .send(createReadStream(file));
}
