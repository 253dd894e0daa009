import { SHOP } from '@shopdesk/shared/constants';

export type LogoProblem = 'type' | 'size';

/**
 * SPEC §5 logo rules before anything is sent: an image (SVG refused: the server takes only PNG,
 * JPEG, WebP and GIF, checked by their bytes) of at most SHOP.LOGO_MAX_BYTES.
 */
export function checkLogo(file: { type: string; size: number }): LogoProblem | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return 'type';
  if (file.size > SHOP.LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The square crop of an image of `width`×`height` drawn on a `size`×`size` canvas at `zoom` (≥ 1), moved by `offset`. */
export function cropPlacement(width: number, height: number, size: number, zoom: number, offset: { x: number; y: number }) {
  const scale = (size / Math.min(width, height)) * zoom;
  const drawWidth = width * scale;
  const drawHeight = height * scale;
  // The image always covers the square: the offset is limited to what sticks out on each side.
  const maxX = (drawWidth - size) / 2;
  const maxY = (drawHeight - size) / 2;
  const x = Math.max(-maxX, Math.min(maxX, offset.x));
  const y = Math.max(-maxY, Math.min(maxY, offset.y));
  return { x: (size - drawWidth) / 2 + x, y: (size - drawHeight) / 2 + y, width: drawWidth, height: drawHeight, offset: { x, y } };
}
