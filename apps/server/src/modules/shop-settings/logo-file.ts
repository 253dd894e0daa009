import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHOP } from '@shopdesk/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import { readParts } from '../../lib/multipart-parts.ts';
import { hasActiveContent, uploadDisposition } from '../../lib/upload-content.ts';
import { UPLOAD_CSP } from '../../plugins/security-headers.ts';

/**
 * Shop and site logos: an image checked by its first bytes, whatever its name or
 * declared type says, at most SHOP.LOGO_MAX_BYTES; kept like the deposit screenshots under the
 * uploads folder (random names, outside the web root) and served by GET /api/shop/logos/:file.
 */
export const LOGO_TYPES = {
  png: { mime: 'image/png', matches: (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mime: 'image/jpeg', matches: (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]) },
  gif: { mime: 'image/gif', matches: (b: Buffer) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  webp: { mime: 'image/webp', matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
} as const;
export type LogoType = keyof typeof LOGO_TYPES;

const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;
export const LOGO_URL_PREFIX = '/api/shop/logos/';

function startsWith(bytes: Buffer, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The logo's type from its bytes; null for anything else (SVG, text named .png, …). */
export function sniffLogoType(bytes: Buffer): LogoType | null {
  for (const [type, { matches }] of Object.entries(LOGO_TYPES) as [LogoType, { matches: (b: Buffer) => boolean }][]) {
    if (matches(bytes)) return type;
  }
  return null;
}

export function checkLogo(bytes: Buffer | null): LogoType {
  if (!bytes || bytes.length === 0) throw new AppError('LOGO_REQUIRED');
  if (bytes.length > SHOP.LOGO_MAX_BYTES) throw new AppError('LOGO_TOO_LARGE');
  const type = sniffLogoType(bytes);
  // A picture that is also a web page or carries a script (a polyglot) is refused too.
  if (!type || hasActiveContent(bytes)) throw new AppError('LOGO_INVALID_TYPE');
  return type;
}

/** Reads the multipart field `logo`; a file over the limit is refused, not silently cut. */
export async function readLogoUpload(request: FastifyRequest): Promise<{ bytes: Buffer; type: LogoType }> {
  if (!request.isMultipart()) throw new AppError('LOGO_REQUIRED');
  let file: Buffer | null = null;
  await readParts(
    request,
    async (part) => {
      if (part.type !== 'file') return;
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('LOGO_TOO_LARGE');
        throw error;
      });
      if (part.fieldname === 'logo') file = bytes;
    },
    { limits: { fileSize: SHOP.LOGO_MAX_BYTES, files: 1 } },
  );
  const type = checkLogo(file);
  return { bytes: file!, type };
}

export async function storeLogo(uploadsDir: string, bytes: Buffer, type: LogoType): Promise<string> {
  const dir = path.join(uploadsDir, 'logos');
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return `${LOGO_URL_PREFIX}${name}`;
}

/** Removes a stored logo by its URL; URLs not made by storeLogo (seeded, empty) are left alone. */
export async function discardLogo(uploadsDir: string, url: string): Promise<void> {
  if (!url.startsWith(LOGO_URL_PREFIX)) return;
  const name = url.slice(LOGO_URL_PREFIX.length);
  if (!FILE_NAME.test(name)) return;
  await fs.rm(path.join(uploadsDir, 'logos', name), { force: true });
}

/**
 * Sends a stored logo. Logos are public pictures (the header's <img> sends no token) under
 * unguessable names that never change, so they may be cached for long.
 */
export function sendLogo(reply: FastifyReply, uploadsDir: string, name: string) {
  if (!FILE_NAME.test(name)) throw new AppError('NOT_FOUND');
  const file = path.join(uploadsDir, 'logos', name);
  if (!existsSync(file)) throw new AppError('NOT_FOUND');
  const type = name.slice(name.lastIndexOf('.') + 1) as LogoType;
  return reply
    .type(LOGO_TYPES[type].mime)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    // Inline for the <img> that shows it; opened on its own it is a sandboxed document that runs nothing.
    .header('content-security-policy', UPLOAD_CSP)
    .header('content-disposition', uploadDisposition('inline', name))
    .send(createReadStream(file));
}
