import { useState } from 'react';
import { Button, Image, NoticeBar, Popup, Rate, Switch, TextArea } from 'antd-mobile';
import { ImageViewer, Toast } from '../../../components/mobile/imperative.ts';
import type { ReviewView } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useReviewReply, useReviewsScreen } from '../hooks/use-reviews-screen.ts';
import '../../../styles/list-pages-mobile.css';

/** The reply sheet: the review, "answered once", the reply (required), send. */
function ReplySheet({ review, onClose }: { review: ReviewView | null; onClose: () => void }) {
  const { t } = useFormat('products');
  const [text, setText] = useState('');
  const reply = useReviewReply(review, onClose, (done) => {
    Toast.show({ icon: 'success', content: done });
    setText('');
  });
  const close = () => {
    if (reply.close()) setText('');
  };

  return (
    <Popup visible={review !== null} onMaskClick={close} onClose={close} bodyClassName="m-sheet" destroyOnClose>
      {review && (
        <div className="m-sheet-body" data-testid="m-reply-sheet">
          <h3>{t('reviews.replyTitle')}</h3>
          <Rate readOnly value={review.rating} style={{ '--star-size': '18px' }} />
          <div className="m-review-content">{review.content || t('reviews.noContent')}</div>
          <NoticeBar color="info" wrap content={t('reviews.once')} />
          <TextArea
            rows={4}
            maxLength={reply.maxLength}
            showCount
            placeholder={t('fields.reply')}
            aria-label={t('fields.reply')}
            value={text}
            onChange={(v) => {
              setText(v);
              if (!reply.problemOf(v)) reply.clearFailure();
            }}
            style={{ marginTop: 12 }}
            data-testid="m-reply-text"
          />
          {reply.failure && (
            <div className="m-field-error" role="alert" data-testid="m-reply-error">
              {reply.failure}
            </div>
          )}
          <Button block color="primary" size="large" style={{ marginTop: 12 }} loading={reply.pending} onClick={() => reply.send(text)} data-testid="m-reply-submit">
            {t('reviews.send')}
          </Button>
        </div>
      )}
    </Popup>
  );
}

/**
 * Mobile product reviews (/m/reviews, twin of /products/reviews): a rating filter and "unanswered
 * only" (in the URL, as on the desktop), each review with its product, stars, text, images and
 * the merchant reply, or a reply button.
 */
export function MobileReviewsPage() {
  const f = useFormat('products');
  const { t } = f;
  const screen = useReviewsScreen('feed');
  const { state, feed: query } = screen;

  return (
    <MobilePageFrame titleKey="reviews">
      <div data-testid="m-reviews-page">
        <div className="m-filter-row">
          <CapsuleTabs
            label={t('reviews.rating')}
            tabs={screen.ratings.map((r) => ({ key: String(r.value), title: 'short' in r ? r.short : r.label }))}
            activeKey={String(state.rating)}
            onChange={(key) => screen.setRating(key === 'all' ? 'all' : Number(key))}
            style={{ flex: 1, minWidth: 0 }}
          />
        </div>
        <div className="m-filter-row">
          <Switch checked={state.unanswered} onChange={screen.setUnanswered} aria-label={t('reviews.unanswered')} data-testid="m-reviews-unanswered" />
          <span>{t('reviews.unanswered')}</span>
        </div>
        <MobileInfiniteList query={query} emptyText={screen.emptyText}>
          {(items) =>
              items.map((r) => (
                <div key={r.id} className="m-review-card" data-testid="m-review">
                  <div className="m-review-head">
                    <Image src={r.productImage} alt="" width={44} height={44} fit="cover" style={{ borderRadius: 6, flex: 'none' }} />
                    <div>
                      <div className="m-order-title">{r.productName}</div>
                      <div className="m-order-meta">
                        <span>{r.nickname}</span>
                        <Rate readOnly value={r.rating} style={{ '--star-size': '14px' }} />
                      </div>
                    </div>
                  </div>
                  <div className="m-review-content" data-testid="m-review-content">
                    {r.content || <span className="m-order-meta">{t('reviews.noContent')}</span>}
                  </div>
                  {r.images.length > 0 && (
                    <div className="m-review-images">
                      {r.images.map((src, i) => (
                        <button key={i} type="button" className="m-review-photo" aria-label={t('reviews.photoAlt', { n: i + 1 })} onClick={() => ImageViewer.Multi.show({ images: r.images, defaultIndex: i })}>
                          <Image src={src} alt={t('reviews.photoAlt', { n: i + 1 })} width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />
                        </button>
                      ))}
                    </div>
                  )}
                  {r.reply && (
                    <div className="m-review-reply" data-testid="m-review-reply">
                      <strong>{t('reviews.merchantReply')}</strong> {r.reply}
                    </div>
                  )}
                  <div className="m-review-foot">
                    <span>{f.dateTime(r.createTime)}</span>
                    {r.reply ? (
                      <span>{t('reviews.answered')}</span>
                    ) : (
                      <Button size="small" color="primary" onClick={() => screen.reply(r)} data-testid="m-review-reply-button">
                        {t('reviews.reply')}
                      </Button>
                    )}
                  </div>
                </div>
              ))
          }
        </MobileInfiniteList>
      </div>
      <ReplySheet review={screen.replying} onClose={screen.closeReply} />
    </MobilePageFrame>
  );
}
