import { useEffect, useState, type ReactElement } from 'react';
import type { ErrorBlockStatus } from 'antd-mobile';
// A deep import: the error block's index module takes antd-mobile's ErrorBlock, images and all.
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';

type Images = Record<ErrorBlockStatus, ReactElement>;

let loadedImages: Images | undefined;
let pendingImages: Promise<Images> | undefined;

function loadImages(): Promise<Images> {
  return (pendingImages ??= import('./error-block-images.ts').then(
    (module) => (loadedImages = module.ERROR_BLOCK_IMAGES),
    (error: unknown) => {
      // Offline before the worker's precache: the next error state asks again.
      pendingImages = undefined;
      throw error;
    },
  ));
}

/**
 * The illustration of one status, loaded with the first error or "not found" a phone shows. Until
 * it is in (or when it cannot load) the block keeps its image's height, blank: the title, the
 * description and the action never wait for it.
 */
function ErrorImage({ status }: { status: ErrorBlockStatus }) {
  const [images, setImages] = useState(loadedImages);
  useEffect(() => {
    if (images) return;
    let current = true;
    loadImages().then(
      (loaded) => current && setImages(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [images]);
  return images ? images[status] : <span />;
}

/**
 * antd-mobile's ErrorBlock (same props, same look) without its four illustrations in the page's
 * code: they are ~9 KB gzipped and every phone page shows its error and "not found" states through
 * this block, so with antd-mobile's own ErrorBlock they loaded with every phone start.
 * Use this instead of `ErrorBlock` from 'antd-mobile' (eslint.config.js forbids that import).
 */
export const MobileErrorBlock = createErrorBlock({
  default: <ErrorImage status="default" />,
  disconnected: <ErrorImage status="disconnected" />,
  empty: <ErrorImage status="empty" />,
  busy: <ErrorImage status="busy" />,
});
