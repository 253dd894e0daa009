import { useState } from 'react';
import { Button, Image, List, Rate, Tag, TextArea } from 'antd-mobile';
import { Dialog, Toast } from '../../../components/mobile/imperative.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { MessageOutline } from 'antd-mobile-icons';
import { usePermissions } from '../../users/api/permissions.ts';
import type { OrderDetail } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { MobileNotFound } from '../../../components/mobile/not-found-state.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useOrderDetailScreen } from '../hooks/use-order-detail-screen.ts';
import { Countdown } from '../components/countdown.tsx';
import { OrderLine } from '../components/order-line.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';
import { graphemeLimit } from '../../../lib/text-limit.ts';

type Screen = ReturnType<typeof useOrderDetailScreen>;

function Detail({ o, screen }: { o: OrderDetail; screen: Screen }) {
  const f = useFormat('orders');
  const { t } = f;
  const { refund, stage, actions } = screen;

  /** Sends the decision and tells the outcome; answers false when it was refused (the dialog stays). */
  const sendDecision = async (approve: boolean, rejectReason?: string) => {
    const result = await refund.decide(approve, rejectReason);
    if (!result) return false;
    if (result.ok) Toast.show({ icon: 'success', content: refund.outcomeText(result.answer) });
    else Toast.show({ icon: 'fail', content: result.failure.text });
    return result.ok;
  };

  const approve = () =>
    void Dialog.confirm({
      content: refund.approveText,
      confirmText: t('refund.approve'),
      cancelText: t('common:actions.cancel'),
      onConfirm: async () => void (await sendDecision(true)),
    });

  const time = (iso: string | null) => f.dateTime(iso);
  return (
    <div data-testid="m-order-detail">
      <List header={t('detail.order')}>
        <List.Item prefix={<Image src={o.productImage} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6 }} />} description={`× ${o.quantity} · ${f.usdt(o.unitPriceCents)}`}>
          <OrderLine line={o} detail />
        </List.Item>
        <List.Item extra={<Tag color={actions.purchase && !o.overdue ? 'warning' : 'primary'} data-testid="m-detail-stage">{t(`stages.${stage}`)}</Tag>}>{t('fields.status')}</List.Item>
        {actions.purchase && <List.Item extra={<Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} />}>{t('fields.countdown')}</List.Item>}
        <List.Item extra={<span data-testid="m-detail-id">{o.orderId}</span>}>{t('fields.orderId')}</List.Item>
        {o.dealSavingCents > 0 && (
          <List.Item description={t('dealSaving', { amount: f.usdt(o.dealSavingCents), normal: f.usdt(o.normalUnitPriceCents ?? 0), id: o.flashDealId ?? 0 })} data-testid="m-detail-deal-saving">
            {t('fields.dealSaving')}
          </List.Item>
        )}
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
      {(actions.purchase || actions.refund) && (
        <div className="m-detail-actions">
          {actions.purchase && (
            <Button color="primary" size="large" onClick={screen.openPurchase} data-testid="m-detail-purchase">
              {t('actions.purchase')}
            </Button>
          )}
          {actions.refund && (
            <>
              <Button color="danger" fill="outline" size="large" loading={refund.pending} onClick={screen.openReject} data-testid="m-refund-reject">
                {t('refund.reject')}
              </Button>
              <Button color="primary" size="large" loading={refund.pending} onClick={approve} data-testid="m-refund-approve">
                {t('refund.approve')}
              </Button>
            </>
          )}
        </div>
      )}
      <MobilePurchasePopup orders={screen.purchasing ? [o] : null} onClose={screen.closePurchase} />
      {screen.rejecting && <RejectDialog screen={screen} onReject={(reason) => sendDecision(false, reason)} />}
    </div>
  );
}

/**
 * The reason for rejecting a refund: required, said in place (localized) when missing, and the
 * dialog stays open until the rejection went through or the seller cancels.
 */
function RejectDialog({ screen, onReject }: { screen: Screen; onReject: (reason: string) => Promise<boolean> }) {
  const { t } = useFormat('orders');
  const { refund, closeReject: onClose } = screen;
  const pending = refund.pending;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const submit = async () => {
    if (pending) return;
    const error = refund.reasonError(reason);
    setMissing(error);
    if (error) return;
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
            placeholder={t('refund.rejectReasonRequired')}
            value={reason}
            onChange={(typed) => {
              const v = graphemeLimit(refund.reasonMax).cut(typed);
              setReason(v);
              if (!refund.reasonError(v)) setMissing(null);
            }}
            data-testid="m-reject-reason"
          />
          {missing && (
            <div className="m-purchase-error" role="alert" data-testid="m-reject-reason-error">
              {missing}
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
  const screen = useOrderDetailScreen(orderId);
  const navigate = useNavigate();
  const { can } = usePermissions();
  return (
    <MobilePageFrame
      titleKey="orderDetail"
      right={
        orderId && can('chat:view') ? (
          <Button size="mini" fill="none" aria-label={t('chat:orders.chatWithBuyer')} onClick={() => void navigate(`/m/chat?orderId=${encodeURIComponent(orderId)}`)} data-testid="m-order-chat">
            <MessageOutline aria-hidden />
          </Button>
        ) : undefined
      }
    >
      {screen.notFound ? (
        <MobileNotFound title={t('mobile.notFound')} description={t('mobile.notFoundHint')} backText={t('mobile.backToOrders')} backTo="/m/orders" testId="m-order-not-found" />
      ) : (
        <MobileQueryState query={screen.detail}>{(o) => <Detail o={o} screen={screen} />}</MobileQueryState>
      )}
    </MobilePageFrame>
  );
}
