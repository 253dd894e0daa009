import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { WAREHOUSE_PHOTO_MAX_BYTES } from '@shopdesk/shared/ops/catalog';
import { AppError } from '../../lib/app-error.ts';
import { readOneFile } from '../../lib/multipart-parts.ts';
import { pictureFolder, redrawPicture, type Picture } from '../../lib/picture-files.ts';

/**
 * Warehouse product photos: a picture of at most WAREHOUSE_PHOTO_MAX_BYTES (see
 * lib/picture-files.ts), served publicly (the mall's <img> sends no token).
 */
export const photoFiles = pictureFolder('photos', '/api/catalog/photos/');

/** The largest side a stored photo keeps: the product page's picture; lists scale it down. */
export const PHOTO_MAX_SIDE = 800;

const tooLarge = () => new AppError('PHOTO_TOO_LARGE', { maxMb: WAREHOUSE_PHOTO_MAX_BYTES / 1024 / 1024 });

/** The photo as it is kept: drawn again from its pixels, then scaled to fit PHOTO_MAX_SIDE (never enlarged). */
async function checkPhoto(bytes: Buffer | null): Promise<Picture> {
  const picture = await redrawPicture(bytes, WAREHOUSE_PHOTO_MAX_BYTES, { required: () => new AppError('PHOTO_REQUIRED'), tooLarge, invalid: () => new AppError('PHOTO_INVALID_TYPE') });
  const animated = picture.type === 'gif' || picture.type === 'webp';
  const fitted = await sharp(picture.bytes, { animated }).resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true }).toBuffer();
  return { bytes: fitted, type: picture.type };
}

/** Reads the multipart field `photo`. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Picture> {
  if (!request.isMultipart()) throw new AppError('PHOTO_REQUIRED');
  return checkPhoto(await readOneFile(request, 'photo', WAREHOUSE_PHOTO_MAX_BYTES, tooLarge));
}
