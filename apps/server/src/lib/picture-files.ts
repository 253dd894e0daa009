import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { AppError } from './app-error.ts';
import { reencodeImage, uploadDisposition } from './upload-content.ts';
import { UPLOAD_CSP } from '../plugins/security-headers.ts';

/**
 * Public pictures kept under the uploads folder (shop logos, warehouse photos): checked by their
 * first bytes whatever their name or declared type says, drawn again from their pixels, stored under
 * random names that never change, and served to an <img> that sends no token.
 */
export const PICTURE_TYPES = {
  png: { mime: 'image/png', matches: (b: Buffer) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { mime: 'image/jpeg', matches: (b: Buffer) => startsWith(b, [0xff, 0xd8, 0xff]) },
  gif: { mime: 'image/gif', matches: (b: Buffer) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  webp: { mime: 'image/webp', matches: (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
} as const;
export type PictureType = keyof typeof PICTURE_TYPES;
export interface Picture {
  bytes: Buffer;
  type: PictureType;
}

const FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

function startsWith(bytes: Buffer, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The picture's type from its bytes; null for anything else (SVG, text named .png, …). */
export function sniffPictureType(bytes: Buffer): PictureType | null {
  for (const [type, { matches }] of Object.entries(PICTURE_TYPES) as [PictureType, { matches: (b: Buffer) => boolean }][]) {
    if (matches(bytes)) return type;
  }
  return null;
}

/** The refusals of one kind of picture, in its own words (LOGO_REQUIRED, PHOTO_TOO_LARGE, …). */
export interface PictureRefusals {
  required: () => AppError;
  tooLarge: () => AppError;
  invalid: () => AppError;
}

/** The picture as it is kept: decoded and drawn again from its pixels, so nothing but the picture survives (see reencodeImage). */
export async function redrawPicture(bytes: Buffer | null, maxBytes: number, refuse: PictureRefusals): Promise<Picture> {
  if (!bytes || bytes.length === 0) throw refuse.required();
  if (bytes.length > maxBytes) throw refuse.tooLarge();
  const type = sniffPictureType(bytes);
  const picture = type && (await reencodeImage(bytes, type === 'jpg' ? 'jpeg' : type));
  if (!type || !picture) throw refuse.invalid();
  return { bytes: picture, type };
}

/** One folder of stored pictures under the uploads folder, and the URL prefix that serves it. */
export function pictureFolder(folder: string, urlPrefix: string) {
  return {
    urlPrefix,
    async store(uploadsDir: string, bytes: Buffer, type: PictureType): Promise<string> {
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${type}`;
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      return `${urlPrefix}${name}`;
    },
    /** Removes a stored picture by its URL; URLs not made by `store` (seeded, empty) are left alone. */
    async discard(uploadsDir: string, url: string): Promise<void> {
      if (!url.startsWith(urlPrefix)) return;
      const name = url.slice(urlPrefix.length);
      if (!FILE_NAME.test(name)) return;
      await fs.rm(path.join(uploadsDir, folder, name), { force: true });
    },
    /** Pictures never change under their name: they may be cached for long. */
    send(reply: FastifyReply, uploadsDir: string, name: string) {
      if (!FILE_NAME.test(name)) throw new AppError('NOT_FOUND');
      const file = path.join(uploadsDir, folder, name);
      if (!existsSync(file)) throw new AppError('NOT_FOUND');
      const type = name.slice(name.lastIndexOf('.') + 1) as PictureType;
      return (
        reply
          .type(PICTURE_TYPES[type].mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Inline for the <img> that shows it; opened on its own it is a sandboxed document that runs nothing.
          .header('content-security-policy', UPLOAD_CSP)
          .header('content-disposition', uploadDisposition('inline', name))
          .send(createReadStream(file))
      );
    },
  };
}
