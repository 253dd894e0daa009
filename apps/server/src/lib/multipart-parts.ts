import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The parts of a multipart request, each handed to `take` (which reads a file part's bytes).
 * A body that does not parse (no boundary, cut short, not multipart inside) is the client's
 * mistake: it answers 400 BAD_REQUEST, not 500. Refusals `take` throws (AppError) and the
 * plugin's own limits (a file too large, too many parts, which carry a 4xx status) pass unchanged.
 */
export async function readParts(request: FastifyRequest, take: (part: Multipart) => Promise<void>, options?: Parameters<FastifyRequest['parts']>[0]): Promise<void> {
  try {
    for await (const part of request.parts(options)) await take(part);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) throw error;
    throw new AppError('BAD_REQUEST');
  }
}

/**
 * The one file a form carries in `field`, or null when it has none: other parts are read and
 * dropped; a file over `maxBytes` is refused with `tooLarge()`, never silently cut.
 */
export async function readOneFile(request: FastifyRequest, field: string, maxBytes: number, tooLarge: () => AppError): Promise<Buffer | null> {
  let file: Buffer | null = null;
  await readParts(
    request,
    async (part) => {
      if (part.type !== 'file') return;
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      });
      if (part.fieldname === field) file = bytes;
    },
    { limits: { fileSize: maxBytes, files: 1 } },
  );
  return file;
}
