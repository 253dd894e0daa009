import sharp from 'sharp';

// Each upload is decoded once and never again: libvips' operation cache would only hold memory.
sharp.cache(false);

/** The picture formats uploads accept, by the name libvips reports for what it decoded. */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/**
 * At most this many pixels per picture (a 48-megapixel photo fits): a small file that claims
 * a huge canvas (a decompression bomb) is refused before it is decoded.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;

/**
 * The picture drawn again from its pixels alone, in the format it came in: whatever else the file
 * carried (markup or a script after the image data, comments, EXIF with the place it was taken, XMP,
 * colour profiles) is not copied. EXIF orientation is applied first, so the picture still stands
 * the right way up. Null when the bytes are not a whole picture of `format` (a fake, a truncated
 * file, another format behind the right first bytes, too many pixels).
 */
export async function reencodeImage(bytes: Buffer, format: ImageFormat): Promise<Buffer | null> {
  try {
    const animated = format === 'gif' || format === 'webp';
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS, animated });
    const { format: found } = await image.metadata();
    if (found !== format) return null;
    const upright = image.autoOrient();
    switch (format) {
      case 'png':
        return await upright.png().toBuffer();
      case 'jpeg':
        return await upright.jpeg({ quality: 90 }).toBuffer();
      case 'webp':
        return await upright.webp({ quality: 90 }).toBuffer();
      case 'gif':
        return await upright.gif().toBuffer();
    }
  } catch {
    return null;
  }
}

const DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A picture sent inline as a data URL (a review's photo), drawn again from its pixels like an
 * uploaded file (see reencodeImage) and answered as a data URL of the same format; null when it is
 * not a whole picture. Anything that is not an inline picture is answered unchanged.
 */
export async function redrawInlinePicture(src: string): Promise<string | null> {
  const match = DATA_URL.exec(src);
  if (!match) return src.startsWith('data:') ? null : src;
  const format = match[1] as ImageFormat;
  const picture = await reencodeImage(Buffer.from(match[2], 'base64'), format);
  return picture ? `data:image/${format};base64,${picture.toString('base64')}` : null;
}

/** The Content-Disposition of a stored upload: `attachment` with a plain ASCII file name, or `inline` for a picture shown in an <img>. */
export function uploadDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  return `${kind}; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
