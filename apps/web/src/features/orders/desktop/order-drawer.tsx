import { Button, Descriptions, Drawer, Image, Rate, Result, Skeleton, Space, Tag } from 'antd';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useFormat } from '../../../lib/use-format.ts';
import { usePermissions } from '../../users/api/permissions.ts';
import { useOrderDetailScreen } from '../hooks/use-order-detail-screen.ts';
import { Countdown } from '../components/countdown.tsx';
import { OrderLine } from '../components/order-line.tsx';
import { OrderStageTag } from './order-stage-tag.tsx';

/** Every field of an order (SPEC §3), with its purchase and refund actions. */
export function OrderDrawer({ orderId, onClose, onPurchase, onRefund }: { orderId: string | null; onClose: () => void; onPurchase: (o: OrderView) => void; onRefund: (o: OrderView) => void }) {
  const f = useFormat('orders');
  const { t } = f;
  const navigate = useNavigate();
  const canChat = usePermissions().can('chat:view');
  const { detail, order: o, actions } = useOrderDetailScreen(orderId);
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={640}
      title={t('detail.title')}
      destroyOnHidden
      extra={
        o && (
          <Space>
            {canChat && (
              <Button icon={<MessageOutlined aria-hidden />} onClick={() => void navigate(`/chat?orderId=${encodeURIComponent(o.orderId)}`)} data-testid="drawer-chat">
                {t('chat:orders.chatWithBuyer')}
              </Button>
            )}
            {actions.purchase && (
              <Button type="primary" onClick={() => onPurchase(o)} data-testid="drawer-purchase">
                {t('actions.purchase')}
              </Button>
            )}
            {actions.refund && (
              <Button danger onClick={() => onRefund(o)} data-testid="drawer-refund">
                {t('actions.handleRefund')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {detail.isPending && orderId ? <Skeleton active /> : null}
      {detail.isError && <Result status="warning" subTitle={detail.error.message} />}
      {o && (
        <div data-testid="order-drawer">
          <Space align="start" size={16} className="products-alert">
            <Image src={o.productImage} alt={o.productName} width={72} height={72} className="products-cover" />
            <div>
              <OrderLine line={o} detail nameClassName="order-line-strong" />
              <Space size={6} wrap style={{ marginTop: 4 }}>
                <OrderStageTag order={o} />
                {actions.purchase && <Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} />}
              </Space>
            </div>
          </Space>
          <Descriptions bordered size="small" column={2} title={t('detail.order')}>
            <Descriptions.Item label={t('fields.orderId')} span={2}>
              <span data-testid="drawer-order-id">{o.orderId}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.quantity')}>{o.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('fields.unitPrice')}>{f.usdt(o.unitPriceCents)}</Descriptions.Item>
            {o.dealSavingCents > 0 && (
              <Descriptions.Item label={t('fields.dealSaving')} span={2}>
                <span data-testid="drawer-deal-saving">{t('dealSaving', { amount: f.usdt(o.dealSavingCents), normal: f.usdt(o.normalUnitPriceCents ?? 0), id: o.flashDealId ?? 0 })}</span>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('fields.amount')}>{f.usdt(o.amountCents)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.purchaseAmount')}>{f.usdt(o.purchaseAmountCents)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.profit')}>{f.usdt(o.profitCents)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.paymentMethod')}>{t(`methods.${o.paymentMethod}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.paymentStatus')}>{t(`payment.${o.paymentStatus}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.purchaseStatus')}>{t(`purchaseStatuses.${o.purchaseStatus}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.shippingStatus')}>{t(`shipping.${o.shippingStatus}`)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.refundStatus')}>{o.refundStatus ? t(`refundStatuses.${o.refundStatus}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('fields.createTime')}>{f.dateTime(o.createTime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.payTime')}>{f.dateTime(o.payTime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.purchaseDeadline')}>{f.dateTime(o.purchaseDeadline)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.purchaseTime')}>{f.dateTime(o.purchaseTime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.shippedTime')}>{f.dateTime(o.shippedTime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.signedTime')}>{f.dateTime(o.signedTime)}</Descriptions.Item>
            {o.cancelTime && <Descriptions.Item label={t('fields.cancelTime')}>{f.dateTime(o.cancelTime)}</Descriptions.Item>}
            {o.overtimePenalizedAt && (
              <Descriptions.Item label={t('fields.overtimePenalty')} span={2}>
                <Tag color="error">{f.dateTime(o.overtimePenalizedAt)}</Tag>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Descriptions bordered size="small" column={1} title={t('detail.receiver')} style={{ marginTop: 16 }}>
            <Descriptions.Item label={t('fields.buyer')}>{o.buyerNickname}</Descriptions.Item>
            <Descriptions.Item label={t('fields.receiverName')}>{o.receiverName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.receiverPhone')}>{o.receiverPhone}</Descriptions.Item>
            <Descriptions.Item label={t('fields.receiverAddress')}>{o.receiverAddress}</Descriptions.Item>
          </Descriptions>
          {o.refundStatus && (
            <Descriptions bordered size="small" column={1} title={t('detail.refund')} style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('fields.refundReason')}>{o.refundReason ? t(`reasons.${o.refundReason}`) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.refundNote')}>{o.refundNote || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.refundRequestTime')}>{f.dateTime(o.refundRequestTime)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.refundTime')}>{f.dateTime(o.refundTime)}</Descriptions.Item>
              {o.refundRejectReason && <Descriptions.Item label={t('refund.rejectReason')}>{o.refundRejectReason}</Descriptions.Item>}
            </Descriptions>
          )}
          {o.review && (
            <Descriptions bordered size="small" column={1} title={t('detail.review')} style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('fields.rating')}>
                <Rate disabled value={o.review.rating} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.content')}>{o.review.content || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.reply')}>{o.review.reply ?? '—'}</Descriptions.Item>
            </Descriptions>
          )}
        </div>
      )}
    </Drawer>
  );
}
