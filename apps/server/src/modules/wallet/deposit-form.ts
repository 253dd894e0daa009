import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { readParts } from '../../lib/multipart-parts.ts';
import { checkScreenshot, screenshotTooLarge, type ScreenshotType } from './screenshot-file.ts';

export interface DepositForm {
  network: string;
  amount: string;
  /** The address the money was sent from (the buyers' deposit form asks for it; the sellers' does not). */
  fromAddress: string;
  /** The screenshot as it is kept (a picture drawn again from its pixels, see checkScreenshot). */
  screenshot: { bytes: Buffer; type: ScreenshotType };
  /** The sha256 of the screenshot as sent, part of the request hash an Idempotency-Key is kept with. */
  fileHash: string;
}

/**
 * Reads the multipart deposit form (network, amount, screenshot); a file over the limit is
 * reported, not silently cut, and the screenshot's type is read from its bytes.
 */
export async function readDepositForm(request: FastifyRequest): Promise<DepositForm> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED');
  const fields = { network: '', amount: '', fromAddress: '' };
  let file: Buffer | null = null;
  await readParts(request, async (part) => {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw screenshotTooLarge();
        throw error;
      });
      if (part.fieldname === 'screenshot') file = bytes;
    } else if (part.fieldname === 'network' || part.fieldname === 'amount' || part.fieldname === 'fromAddress') {
      fields[part.fieldname] = String(part.value ?? '');
    }
  });
  const screenshot = await checkScreenshot(file);
  return { ...fields, screenshot, fileHash: createHash('sha256').update(file!).digest('hex') };
}
