import { useState } from 'react';
import { Button, Image, List, Rate, Tag, TextArea } from 'antd-mobile';
import { Dialog, Toast } from '../../../components/mobile/imperative.ts';
import { useSearchParams } from 'react-router';
import { ORDERS } from '@shopdesk/shared/constants';
import { isRefundWaiting, orderStage } from '@shopdesk/shared/orders/lifecycle';
import type { OrderDetail } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { MobileNotFound } from '../../../components/mobile/not-found-state.tsx';
import { isNotFoundError } from '../../../lib/not-found.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useOrderDetail } from '../api/orders-api.ts';
import { useRefundDecision } from '../hooks/use-refund-decision.ts';
import { refundApproveHint } from '../refund-hint.ts';
import { Countdown } from '../components/countdown.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';

function Detail({ o }: { o: OrderDetail }) {
  const f = useFormat('orders');
  const { t } = f;
  const [purchasing, setPurchasing] = useState(false);
  const refund = useRefundDecision(o);
  const stage = orderStage(o, 'seller');

  /** Sends the decision and tells the outcome; answers false when it was refused (the dialog stays). */
  const sendDecision = async (approve: boolean, rejectReason?: string) => {
    const result = await refund.decide(approve, rejectReason);
    if (!result) return false;
    if (result.ok) Toast.show({ icon: 'success', content: t(`refund.${result.answer}`) });
    else Toast.show({ icon: 'fail', content: result.failure.text });
    return result.ok;
  };

  const approveHint = refundApproveHint(o, f.usdt);
  const approve = () =>
    void Dialog.confirm({
      content: t(approveHint.key, approveHint.values),
      confirmText: t('refund.approve'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => void (await sendDecision(true)),
    });

  const [rejecting, setRejecting] = useState(false);

  const time = (iso: string | null) => f.dateTime(iso);
  return (
    <div data-testid="m-order-detail">
      <List header={t('detail.order')}>
        <List.Item prefix={<Image src={o.productImage} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />} description={`× ${o.quantity} · ${f.usdt(o.unitPriceCents)}`}>
          {o.productName}
        </List.Item>
        <List.Item extra={<Tag color={o.awaitingPurchase && !o.overdue ? 'warning' : 'primary'} data-testid="m-detail-stage">{t(`stages.${stage}`)}</Tag>}>{t('fields.status')}</List.Item>
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
      {(o.awaitingPurchase || isRefundWaiting(o)) && (
        <div className="m-detail-actions">
          {o.awaitingPurchase && (
            <Button color="primary" size="large" onClick={() => setPurchasing(true)} data-testid="m-detail-purchase">
              {t('actions.purchase')}
            </Button>
          )}
          {isRefundWaiting(o) && (
            <>
              <Button color="danger" fill="outline" size="large" loading={refund.pending} onClick={() => setRejecting(true)} data-testid="m-refund-reject">
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
      {rejecting && <RejectDialog pending={refund.pending} onClose={() => setRejecting(false)} onReject={(reason) => sendDecision(false, reason)} />}
    </div>
  );
}

/**
 * The reason for rejecting a refund: required, said in place (localized) when missing, and the
 * dialog stays open until the rejection went through or the seller cancels.
 */
function RejectDialog({ pending, onClose, onReject }: { pending: boolean; onClose: () => void; onReject: (reason: string) => Promise<boolean> }) {
  const { t } = useFormat('orders');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = async () => {
    if (pending) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    if (await onReject(reason)) onClose();
  };
  return (
    <Dialog
      visible
      title={t('refund.rejectReason')}
      closeOnAction={false}
      onClose={onClose}
      content={
        <div data-testid="m-reject-dialog">
          <TextArea
            rows={3}
            maxLength={ORDERS.REJECT_REASON_MAX}
            placeholder={t('refund.rejectReasonRequired')}
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (v.trim()) setMissing(false);
            }}
            data-testid="m-reject-reason"
          />
          {missing && (
            <div className="m-purchase-error" role="alert" data-testid="m-reject-reason-error">
              {t('refund.rejectReasonRequired')}
            </div>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common:actions.cancel'), disabled: pending },
          { key: 'reject', text: t('refund.reject'), danger: true, bold: true, disabled: pending },
        ],
      ]}
      onAction={(action) => (action.key === 'cancel' ? onClose() : submit())}
    />
  );
}

/** Mobile order detail (/m/order-detail?orderId=…): every field, purchase with the fund password, refund decision. */
export function MobileOrderDetailPage() {
  const { t } = useFormat('orders');
  const [search] = useSearchParams();
  const orderId = search.get('orderId')?.trim() || null;
  const detail = useOrderDetail(orderId);
  // No id, or one the shop does not have: say so with a way back (a retry cannot help).
  const notFound = !orderId || isNotFoundError(detail.error);
  return (
    <MobilePageFrame titleKey="orderDetail">
      {notFound ? (
        <MobileNotFound title={t('mobile.notFound')} description={t('mobile.notFoundHint')} backText={t('mobile.backToOrders')} backTo="/m/orders" testId="m-order-not-found" />
      ) : (
        <MobileQueryState query={detail}>{(o) => <Detail o={o} />}</MobileQueryState>
      )}
    </MobilePageFrame>
  );
}
