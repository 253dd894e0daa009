import { Img, useMallFormat } from './ui.tsx';

/**
 * A review's text and photos, on the product page and the buyer's order. The photos are pictures
 * only, never links: a reviewer's picture must not send a reader anywhere.
 */
export function ReviewContent({ content, images }: { content: string; images: readonly string[] }) {
  const f = useMallFormat();
  return (
    <>
      {content && <p className="mall-review-text">{content}</p>}
      {images.length > 0 && (
        <div className="mall-review-images" data-testid="review-images-shown">
          {images.map((src, i) => (
            <Img key={i} src={src} alt={f.t('product.imageN', { index: i + 1, count: images.length })} width={72} height={72} />
          ))}
        </div>
      )}
    </>
  );
}
