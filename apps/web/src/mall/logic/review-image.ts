import { REVIEWS } from '@shopdesk/shared/constants';

/**
 * A picked photo as a small JPEG data URL the review endpoint accepts (at most
 * REVIEWS.IMAGE_MAX_CHARS): scaled to fit 800 px, then smaller and softer until it fits.
 */
export async function photoToDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const [edge, quality] of [
      [800, 0.8],
      [640, 0.7],
      [480, 0.6],
      [320, 0.5],
    ] as const) {
      const scale = Math.min(1, edge / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const url = canvas.toDataURL('image/jpeg', quality);
      if (url.length <= REVIEWS.IMAGE_MAX_CHARS) return url;
    }
    throw new Error('too large');
  } finally {
    bitmap.close();
  }
}
