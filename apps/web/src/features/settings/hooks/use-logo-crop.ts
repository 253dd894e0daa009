import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { SHOP } from '@shopdesk/shared/constants';
import { checkLogo, cropPlacement, type LogoProblem } from '../logo-file.ts';

const SIZE = SHOP.LOGO_RECOMMENDED_PX;

/**
 * A square crop of a chosen picture on a canvas (SPEC §5 recommends 200×200): zoom with a slider,
 * move by dragging; the result is a SIZE×SIZE PNG. No dependency: the canvas does the work.
 */
export function useLogoCrop() {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // The canvas mounts with its dialog, which renders when it first opens (in the commit that sets
  // the image, or later): the drawing waits for the element rather than reading the ref too early.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const attachCanvas = useCallback((element: HTMLCanvasElement | null) => {
    canvasRef.current = element;
    setCanvas(element);
  }, []);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; start: { x: number; y: number } } | null>(null);

  /** Checks the file and opens the crop; answers the problem instead when it is refused. */
  const open = useCallback((file: File): Promise<LogoProblem | null> => {
    const problem = checkLogo(file);
    if (problem) return Promise.resolve(problem);
    return new Promise((resolve) => {
      const url = URL.createObjectURL(file);
      const img = new Image();
      img.onload = () => {
        setZoom(1);
        setOffset({ x: 0, y: 0 });
        setImage(img);
        resolve(null);
      };
      img.onerror = () => {
        URL.revokeObjectURL(url);
        resolve('type');
      };
      img.src = url;
    });
  }, []);

  const close = useCallback(() => {
    setImage((img) => {
      if (img) URL.revokeObjectURL(img.src);
      return null;
    });
  }, []);

  useEffect(() => {
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !image) return;
    const placed = cropPlacement(image.naturalWidth, image.naturalHeight, SIZE, zoom, offset);
    context.clearRect(0, 0, SIZE, SIZE);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, placed.x, placed.y, placed.width, placed.height);
  }, [canvas, image, zoom, offset]);

  const clamp = useCallback(
    (next: { x: number; y: number }) => (image ? cropPlacement(image.naturalWidth, image.naturalHeight, SIZE, zoom, next).offset : next),
    [image, zoom],
  );

  const canvasProps = {
    ref: attachCanvas,
    width: SIZE,
    height: SIZE,
    onPointerDown: (event: ReactPointerEvent<HTMLCanvasElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { x: event.clientX, y: event.clientY, start: offset };
    },
    onPointerMove: (event: ReactPointerEvent<HTMLCanvasElement>) => {
      const d = drag.current;
      if (!d) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const ratio = SIZE / (rect.width || SIZE);
      setOffset(clamp({ x: d.start.x + (event.clientX - d.x) * ratio, y: d.start.y + (event.clientY - d.y) * ratio }));
    },
    onPointerUp: () => {
      drag.current = null;
    },
  };

  /** The cropped square as a PNG. */
  const result = useCallback(
    () =>
      new Promise<Blob | null>((resolve) => {
        const canvas = canvasRef.current;
        if (!canvas) resolve(null);
        else canvas.toBlob((blob) => resolve(blob), 'image/png');
      }),
    [],
  );

  return {
    isOpen: image !== null,
    open,
    close,
    zoom,
    setZoom: (value: number) => {
      setZoom(value);
      if (image) setOffset((current) => cropPlacement(image.naturalWidth, image.naturalHeight, SIZE, value, current).offset);
    },
    canvasProps,
    result,
    size: SIZE,
  };
}
