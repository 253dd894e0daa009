import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ORDERS, REVIEWS } from '@shopdesk/shared/constants';
import { isCancelled, orderStage, orderTimeline, REFUND_REASONS, type RefundReason } from '@shopdesk/shared/orders/lifecycle';
import { useCancelOrder, useConfirmReceipt, useOrder, useRefundOrder, useReviewOrder } from '../api/mall-api.ts';
import { useMoneyAction } from '../../lib/money-action.ts';
import type { BuyerOrderDetail } from '../api/types.ts';
import { photoToDataUrl } from '../logic/review-image.ts';
import { ErrorState, Img, Loading, PageHead, Stars, useMallFormat, VariantName } from '../components/ui.tsx';
import { Icon } from '../components/icons.tsx';
import { showToast } from '../components/toast.ts';
import { ReviewContent } from '../components/review-content.tsx';
import { Dialog } from '../components/dialog.tsx';
import { ChatWithSeller } from '../components/chat-button.tsx';

function Timeline({ order }: { order: BuyerOrderDetail }) {
  const f = useMallFormat();
  const steps = orderTimeline(order);
  return (
    <ol className="mall-timeline" data-testid="order-timeline">
      {steps.map((step) => (
        <li key={step.key} className={step.done ? 'done' : undefined} data-testid={`timeline-${step.key}`} data-done={step.done}>
          <span className="mall-timeline-dot" aria-hidden="true">
            {step.done && <Icon name="check" size={12} />}
          </span>
          <span className="mall-timeline-label">{f.t(`order.timeline.${step.key}`)}</span>
          <span className="mall-muted mall-small">{step.done && step.time ? f.dateTime(step.time) : step.done ? '' : f.t('order.timeline.waiting')}</span>
        </li>
      ))}
    </ol>
  );
}

function RefundDialog({ order, mode, onClose }: { order: BuyerOrderDetail; mode: 'refund' | 'return'; onClose: () => void }) {
  const f = useMallFormat();
  const refund = useRefundOrder();
  const [reason, setReason] = useState<RefundReason | null>(mode === 'return' ? 'dislike' : null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!reason) return setError(f.t('order.reasonRequired'));
    refund.mutate(
      { orderId: order.orderId, reason, note: note.trim() },
      { onSuccess: () => (showToast(f.t('order.refundSent')), onClose()), onError: (e) => setError(e.message) },
    );
  };
  return (
    <Dialog title={f.t(mode === 'return' ? 'order.returnTitle' : 'order.refundTitle')} onClose={onClose} testId="refund-dialog">
      {mode === 'return' && <p className="mall-muted">{f.t('order.returnHint')}</p>}
      <fieldset className="mall-options">
        <legend>{f.t('order.reason')}</legend>
        {REFUND_REASONS.map((r) => (
          <label key={r} className="mall-option">
            <input type="radio" name="reason" checked={reason === r} onChange={() => setReason(r)} data-testid={`refund-reason-${r}`} />
            <span>{f.t(`order.reasons.${r}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="mall-field">
        <span>{f.t('order.note')}</span>
        <textarea value={note} maxLength={ORDERS.REFUND_NOTE_MAX} rows={3} onChange={(e) => setNote(e.target.value)} data-testid="refund-note" />
      </label>
      {error && (
        <p className="mall-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="mall-actions">
        <button type="button" className="mall-btn" disabled={refund.isPending} onClick={submit} data-testid="refund-submit">
          {f.t('order.submit')}
        </button>
        <button type="button" className="mall-btn mall-btn-ghost" onClick={onClose}>
          {f.t('state.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/** A money action on the order behind a confirmation (cancel, "Order received"): one Idempotency-Key per attempt. */
function OrderActionDialog({ order, kind, onClose }: { order: BuyerOrderDetail; kind: 'cancel' | 'received'; onClose: () => void }) {
  const f = useMallFormat();
  const cancel = useCancelOrder();
  const received = useConfirmReceipt();
  const mutation = kind === 'cancel' ? cancel : received;
  const action = useMoneyAction({ send: (orderId: string, idempotencyKey: string) => mutation.mutateAsync({ orderId, idempotencyKey }), fallbackText: f.t('state.error') });
  const texts =
    kind === 'cancel'
      ? { title: f.t('order.cancelTitle'), body: f.t('order.cancelConfirm', { amount: f.usdt(order.paidCents) }), yes: f.t('order.cancelYes'), done: f.t('order.cancelled') }
      : { title: f.t('order.receivedTitle'), body: f.t('order.receivedConfirm', { days: ORDERS.NO_REASON_RETURN_DAYS }), yes: f.t('order.receivedYes'), done: f.t('order.receivedDone') };
  const run = async () => {
    const result = await action.run(order.orderId);
    if (!result) return;
    if (!result.ok) return showToast(result.failure.text, 'error');
    showToast(texts.done);
    onClose();
  };
  return (
    <Dialog title={texts.title} onClose={onClose} testId={`${kind}-dialog`}>
      <p>{texts.body}</p>
      <div className="mall-actions">
        <button type="button" className={`mall-btn ${kind === 'cancel' ? 'mall-btn-danger' : ''}`} disabled={action.pending} onClick={() => void run()} data-testid={`${kind}-confirm`}>
          {texts.yes}
        </button>
        <button type="button" className="mall-btn mall-btn-ghost" onClick={onClose}>
          {kind === 'cancel' ? f.t('order.keep') : f.t('state.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function ReviewForm({ order }: { order: BuyerOrderDetail }) {
  const f = useMallFormat();
  const review = useReviewOrder();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [error, setError] = useState('');
  const addFiles = async (files: FileList | null) => {
    const picked = Array.from(files ?? []).slice(0, REVIEWS.IMAGES_MAX - images.length);
    try {
      const urls = await Promise.all(picked.map(photoToDataUrl));
      setImages((prev) => [...prev, ...urls].slice(0, REVIEWS.IMAGES_MAX));
    } catch {
      setError(f.t('order.imageFailed'));
    }
  };
  const submit = () => {
    if (rating < 1) return setError(f.t('order.ratingRequired'));
    setError('');
    review.mutate({ orderId: order.orderId, rating, content: content.trim(), images }, { onSuccess: () => showToast(f.t('order.reviewSent')), onError: (e) => setError(e.message) });
  };
  return (
    <section className="mall-panel mall-section" aria-labelledby="review-title" data-testid="review-form">
      <h2 id="review-title" className="mall-section-title">
        {f.t('order.reviewTitle')}
      </h2>
      <div className="mall-star-input" role="radiogroup" aria-label={f.t('order.stars')}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" role="radio" aria-checked={rating === n} aria-label={f.t('order.starN', { count: n })} className={n <= rating ? 'on' : undefined} onClick={() => setRating(n)} data-testid={`review-star-${n}`}>
            <Icon name="star" size={30} filled={n <= rating} />
          </button>
        ))}
      </div>
      <label className="mall-field">
        <span>{f.t('order.reviewText')}</span>
        <textarea value={content} maxLength={REVIEWS.CONTENT_MAX} rows={4} onChange={(e) => setContent(e.target.value)} placeholder={f.t('order.reviewPlaceholder')} data-testid="review-content" />
      </label>
      <div className="mall-review-images">
        {images.map((src, i) => (
          <span key={i} className="mall-review-image">
            <Img src={src} alt="" width={72} height={72} />
            <button type="button" className="mall-icon-btn" onClick={() => setImages((prev) => prev.filter((_, j) => j !== i))} aria-label={f.t('order.removeImage', { index: i + 1 })}>
              <Icon name="close" size={14} />
            </button>
          </span>
        ))}
        {images.length < REVIEWS.IMAGES_MAX && (
          <label className="mall-image-add">
            <Icon name="image" />
            <span className="mall-small">{f.t('order.addImages', { count: images.length, max: REVIEWS.IMAGES_MAX })}</span>
            <input type="file" accept="image/png,image/jpeg,image/webp" multiple className="sr-only" onChange={(e) => void addFiles(e.target.files)} data-testid="review-images" />
          </label>
        )}
      </div>
      {error && (
        <p className="mall-field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="mall-btn" disabled={review.isPending} onClick={submit} data-testid="review-submit">
        {f.t('order.reviewSubmit')}
      </button>
    </section>
  );
}

function MyReview({ review }: { review: NonNullable<BuyerOrderDetail['review']> }) {
  const f = useMallFormat();
  return (
    <section className="mall-panel mall-section" aria-labelledby="my-review-title" data-testid="my-review">
      <div className="mall-section-row">
        <h2 id="my-review-title" className="mall-section-title">
          {f.t('order.yourReview')}
        </h2>
        <Stars ratingX10={review.rating * 10} />
      </div>
      <ReviewContent content={review.content} images={review.images} />
      <p className="mall-muted mall-small">{f.dateTime(review.createTime)}</p>
      {review.reply ? (
        <div className="mall-reply" data-testid="order-reply">
          <strong>{f.t('product.merchantReply')}</strong>
          <p>{review.reply}</p>
          <span className="mall-muted mall-small">{f.dateTime(review.replyTime)}</span>
        </div>
      ) : (
        <p className="mall-muted">{f.t('order.noReplyYet')}</p>
      )}
    </section>
  );
}

export function OrderDetailPage() {
  const f = useMallFormat();
  const orderId = useParams().orderId ?? '';
  const order = useOrder(orderId);
  const [dialog, setDialog] = useState<'cancel' | 'received' | 'refund' | 'return' | null>(null);
  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const status = orderStage(o, 'buyer');
  return (
    <div className="mall-page mall-order-detail" data-testid="mall-order-detail">
      <PageHead title={f.t('order.title')}>
        <span className={`mall-status mall-status-${status}`} data-testid="order-status">
          {f.t(`orders.status.${status}`)}
        </span>
      </PageHead>
      {!isCancelled(o) && (
        <section className="mall-panel mall-section">
          <Timeline order={o} />
        </section>
      )}
      {o.refundStatus && (
        <section className="mall-panel mall-section mall-notice" data-testid="order-refund">
          <strong>{f.t(`order.refundStatus.${o.refundStatus}`)}</strong>
          {o.refundReason && <span className="mall-muted">{f.t(`order.reasons.${o.refundReason}`)}</span>}
        </section>
      )}
      <section className="mall-panel mall-section">
        <div className="mall-order-card-body">
          <Img src={o.productImage} alt="" width={72} height={72} />
          <span className="mall-order-card-name">
            {o.shopProductId ? <Link to={`/mall/product/${o.shopProductId}`}>{o.productName}</Link> : o.productName}
            <VariantName name={o.variantName} testId="order-variant" />
            {o.variantName && o.sku && (
              <span className="mall-muted mall-small" data-testid="order-sku">
                {f.t('order.sku', { sku: o.sku })}
              </span>
            )}
          </span>
          <span className="mall-muted">×{o.quantity}</span>
        </div>
        <dl className="mall-summary">
          <div>
            <dt>{f.t('order.unitPrice')}</dt>
            <dd>
              {f.usdt(o.unitPriceCents)}
              {o.normalUnitPriceCents !== null && (
                <>
                  {' '}
                  <s className="mall-price-was">{f.usdt(o.normalUnitPriceCents)}</s>
                </>
              )}
            </dd>
          </div>
          {o.dealSavingCents > 0 && (
            <div>
              <dt>{f.t('deals.saving')}</dt>
              <dd className="mall-good" data-testid="order-deal-saving">
                {f.usdt(o.dealSavingCents)}
              </dd>
            </div>
          )}
          <div>
            <dt>{f.t('order.amount')}</dt>
            <dd>{f.usdt(o.amountCents + o.sellerDiscountCents)}</dd>
          </div>
          {o.sellerDiscountCents > 0 && (
            <div>
              <dt>{f.t('checkout.shopVoucher')}</dt>
              <dd className="mall-good" data-testid="order-seller-discount">−{f.usdt(o.sellerDiscountCents)}</dd>
            </div>
          )}
          {o.discountCents > 0 && (
            <div>
              <dt>{f.t('checkout.discount')}</dt>
              <dd className="mall-good">−{f.usdt(o.discountCents)}</dd>
            </div>
          )}
          <div className="mall-summary-total">
            <dt>{f.t('checkout.paid')}</dt>
            <dd data-testid="order-paid">{f.usdt(o.paidCents)}</dd>
          </div>
        </dl>
      </section>
      <div className="mall-actions">
        <ChatWithSeller shopId={o.shopId} orderId={o.orderId} />
      </div>
      <section className="mall-panel mall-section">
        <h2 className="mall-section-title">{f.t('order.receiver')}</h2>
        <p>
          {o.receiverName} · {o.receiverPhone}
        </p>
        <p className="mall-muted">{o.receiverAddress}</p>
        <dl className="mall-summary mall-small">
          <div>
            <dt>{f.t('order.number')}</dt>
            <dd>{o.orderId}</dd>
          </div>
          <div>
            <dt>{f.t('order.created')}</dt>
            <dd>{f.dateTime(o.createTime)}</dd>
          </div>
          {o.cancelTime && (
            <div>
              <dt>{f.t('order.cancelTime')}</dt>
              <dd>{f.dateTime(o.cancelTime)}</dd>
            </div>
          )}
        </dl>
      </section>
      {(o.canCancel || o.canConfirmReceipt || o.canRefund || o.canReturn) && (
        <div className="mall-actions mall-order-actions">
          {o.canConfirmReceipt && (
            <button type="button" className="mall-btn" onClick={() => setDialog('received')} data-testid="order-received">
              {f.t('order.received')}
            </button>
          )}
          {o.canCancel && (
            <button type="button" className="mall-btn mall-btn-ghost" onClick={() => setDialog('cancel')} data-testid="order-cancel">
              {f.t('order.cancel')}
            </button>
          )}
          {o.canReturn ? (
            <button type="button" className="mall-btn mall-btn-ghost" onClick={() => setDialog('return')} data-testid="order-return">
              {f.t('order.return')}
            </button>
          ) : (
            o.canRefund && (
              <button type="button" className="mall-btn mall-btn-ghost" onClick={() => setDialog('refund')} data-testid="order-refund">
                {f.t('order.refund')}
              </button>
            )
          )}
        </div>
      )}
      {o.review ? <MyReview review={o.review} /> : o.canReview ? <ReviewForm order={o} /> : null}
      {(dialog === 'cancel' || dialog === 'received') && <OrderActionDialog order={o} kind={dialog} onClose={() => setDialog(null)} />}
      {(dialog === 'refund' || dialog === 'return') && <RefundDialog order={o} mode={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
