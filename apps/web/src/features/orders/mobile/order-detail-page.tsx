import { useState } from 'react';
import { Button, Dialog, Image, List, Rate, Tag, TextArea, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { ORDERS } from '@shopdesk/shared/constants';
import type { OrderDetail } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useOrderDetail } from '../api/orders-api.ts';
import { useRefundDecision } from '../hooks/use-refund-decision.ts';
import { orderStage } from '../order-helpers.ts';
import { Countdown } from '../components/countdown.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';

function Detail({ o }: { o: OrderDetail }) {
  const f = useFormat('orders');
  const { t } = f;
  const [purchasing, setPurchasing] = useState(false);
  const refund = useRefundDecision(o);
  const stage = orderStage(o);

  /** Sends the decision and tells the outcome; answers false when it was refused (the dialog stays). */
  const sendDecision = async (approve: boolean, rejectReason?: string) => {
    const result = await refund.decide(approve, rejectReason);
    if (!result) return false;
    if (result.ok) Toast.show({ icon: 'success', content: t(`refund.${result.answer}`) });
    else Toast.show({ icon: 'fail', content: result.failure.text });
    return result.ok;
  };

  const approve = () =>
    void Dialog.confirm({
      content: t('refund.approveHint', { amount: f.usdt(o.purchaseAmountCents) }),
      confirmText: t('refund.approve'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => void (await sendDecision(true)),
    });

  const reject = () => {
    let reason = '';
    void Dialog.confirm({
      title: t('refund.rejectReason'),
      content: <TextArea rows={3} maxLength={ORDERS.REJECT_REASON_MAX} placeholder={t('refund.rejectReasonRequired')} onChange={(v) => (reason = v)} data-testid="m-reject-reason" />,
      confirmText: t('refund.reject'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => {
        // A missing reason is refused by the hook before any request; the dialog stays open for it.
        if (!(await sendDecision(false, reason)) && !reason.trim()) throw new Error('reason required');
      },
    });
  };

  const time = (iso: string | null) => f.dateTime(iso);
  return (
    <div data-testid="m-order-detail">
      <List header={t('detail.order')}>
        <List.Item prefix={<Image src={o.productImage} width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />} description={`× ${o.quantity} · ${f.usdt(o.unitPriceCents)}`}>
          {o.productName}
        </List.Item>
        <List.Item extra={<Tag color={stage === 'to_purchase' ? 'warning' : 'primary'} data-testid="m-detail-stage">{t(`stages.${stage}`)}</Tag>}>{t('fields.status')}</List.Item>
        {o.awaitingPurchase && <List.Item extra={<Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} />}>{t('fields.countdown')}</List.Item>}
        <List.Item extra={<span data-testid="m-detail-id">{o.orderId}</span>}>{t('fields.orderId')}</List.Item>
        <List.Item extra={f.usdt(o.amountCents)}>{t('fields.amount')}</List.Item>
        <List.Item extra={<span data-testid="m-detail-purchase-amount">{f.usdt(o.purchaseAmountCents)}</span>}>{t('fields.purchaseAmount')}</List.Item>
        <List.Item extra={f.usdt(o.profitCents)}>{t('fields.profit')}</List.Item>
        <List.Item extra={t(`methods.${o.paymentMethod}`)}>{t('fields.paymentMethod')}</List.Item>
        <List.Item extra={t(`payment.${o.paymentStatus}`)}>{t('fields.paymentStatus')}</List.Item>
        <List.Item extra={<span data-testid="m-detail-purchase-status">{t(`purchaseStatuses.${o.purchaseStatus}`)}</span>}>{t('fields.purchaseStatus')}</List.Item>
        <List.Item extra={t(`shipping.${o.shippingStatus}`)}>{t('fields.shippingStatus')}</List.Item>
        <List.Item extra={time(o.createTime)}>{t('fields.createTime')}</List.Item>
        <List.Item extra={time(o.payTime)}>{t('fields.payTime')}</List.Item>
        <List.Item extra={time(o.purchaseDeadline)}>{t('fields.purchaseDeadline')}</List.Item>
        <List.Item extra={time(o.purchaseTime)}>{t('fields.purchaseTime')}</List.Item>
        <List.Item extra={time(o.shippedTime)}>{t('fields.shippedTime')}</List.Item>
        <List.Item extra={time(o.signedTime)}>{t('fields.signedTime')}</List.Item>
      </List>
      <List header={t('detail.receiver')}>
        <List.Item extra={o.buyerNickname}>{t('fields.buyer')}</List.Item>
        <List.Item extra={o.receiverName}>{t('fields.receiverName')}</List.Item>
        <List.Item extra={o.receiverPhone}>{t('fields.receiverPhone')}</List.Item>
        <List.Item description={o.receiverAddress}>{t('fields.receiverAddress')}</List.Item>
      </List>
      {o.refundStatus && (
        <List header={t('detail.refund')}>
          <List.Item extra={t(`refundStatuses.${o.refundStatus}`)}>{t('fields.refundStatus')}</List.Item>
          <List.Item extra={o.refundReason ? t(`reasons.${o.refundReason}`) : '—'}>{t('fields.refundReason')}</List.Item>
          <List.Item description={o.refundNote || '—'}>{t('fields.refundNote')}</List.Item>
          <List.Item extra={time(o.refundRequestTime)}>{t('fields.refundRequestTime')}</List.Item>
          <List.Item extra={time(o.refundTime)}>{t('fields.refundTime')}</List.Item>
          {o.refundRejectReason && <List.Item description={o.refundRejectReason}>{t('refund.rejectReason')}</List.Item>}
        </List>
      )}
      {o.review && (
        <List header={t('detail.review')}>
          <List.Item extra={<Rate readOnly value={o.review.rating} style={{ '--star-size': '16px' }} />}>{t('fields.rating')}</List.Item>
          <List.Item description={o.review.reply ?? '—'}>{o.review.content || '—'}</List.Item>
        </List>
      )}
      {(o.awaitingPurchase || o.refundStatus === 'refunding') && (
        <div className="m-detail-actions">
          {o.awaitingPurchase && (
            <Button color="primary" size="large" onClick={() => setPurchasing(true)} data-testid="m-detail-purchase">
              {t('actions.purchase')}
            </Button>
          )}
          {o.refundStatus === 'refunding' && (
            <>
              <Button color="danger" fill="outline" size="large" loading={refund.pending} onClick={reject} data-testid="m-refund-reject">
                {t('refund.reject')}
              </Button>
              <Button color="primary" size="large" loading={refund.pending} onClick={approve} data-testid="m-refund-approve">
                {t('refund.approve')}
              </Button>
            </>
          )}
        </div>
      )}
      <MobilePurchasePopup orders={purchasing ? [o] : null} onClose={() => setPurchasing(false)} />
    </div>
  );
}

/** Mobile order detail (/m/order-detail?orderId=…): every field, purchase with the fund password, refund decision. */
export function MobileOrderDetailPage() {
  const [search] = useSearchParams();
  const orderId = search.get('orderId')?.trim() || null;
  const detail = useOrderDetail(orderId);
  return (
    <MobilePageFrame titleKey="orderDetail">
      {orderId ? <MobileQueryState query={detail}>{(o) => <Detail o={o} />}</MobileQueryState> : undefined}
    </MobilePageFrame>
  );
}
