import type { FastifyRequest } from 'fastify';
import { SHOP } from '@shopdesk/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import { readOneFile } from '../../lib/multipart-parts.ts';
import { pictureFolder, redrawPicture, type Picture } from '../../lib/picture-files.ts';

/**
 * Shop and site logos: a picture of at most SHOP.LOGO_MAX_BYTES (see lib/picture-files.ts), kept
 * like the deposit screenshots under the uploads folder and served by GET /api/shop/logos/:file.
 */
export const logoFiles = pictureFolder('logos', '/api/shop/logos/');

const tooLarge = () => new AppError('LOGO_TOO_LARGE');

function checkLogo(bytes: Buffer | null): Promise<Picture> {
  return redrawPicture(bytes, SHOP.LOGO_MAX_BYTES, { required: () => new AppError('LOGO_REQUIRED'), tooLarge, invalid: () => new AppError('LOGO_INVALID_TYPE') });
}

/** Reads the multipart field `logo`. */
export async function readLogoUpload(request: FastifyRequest): Promise<Picture> {
  if (!request.isMultipart()) throw new AppError('LOGO_REQUIRED');
  return checkLogo(await readOneFile(request, 'logo', SHOP.LOGO_MAX_BYTES, tooLarge));
}
