import { Img, useMallFormat } from './ui.tsx';

/** A review's text and photos (each photo opens full size in a new tab), on the product page and the buyer's order. */
export function ReviewContent({ content, images }: { content: string; images: readonly string[] }) {
  const f = useMallFormat();
  return (
    <>
      {content && <p className="mall-review-text">{content}</p>}
      {images.length > 0 && (
        <div className="mall-review-images">
          {images.map((src, i) => (
            <a key={i} href={src} target="_blank" rel="noreferrer" aria-label={f.t('product.imageN', { index: i + 1, count: images.length })}>
              <Img src={src} alt="" width={72} height={72} />
            </a>
          ))}
        </div>
      )}
    </>
  );
}
