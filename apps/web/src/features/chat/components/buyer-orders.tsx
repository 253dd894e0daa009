import { Link } from 'react-router';
import type { OrderCard } from '@shopdesk/shared/chat/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/**
 * Purchase and refund decision for an order that waits for one: on the desktop the orders' own
 * dialogs open beside the conversation; on the phone the order's page, which holds both.
 */
function OrderActions({ screen, order }: { screen: ChatScreen; order: OrderCard }) {
  const f = useFormat('chat');
  const can = screen.orderActions(order);
  const items = [
    can.purchase && { kind: 'purchase' as const, label: f.t('orders.purchase'), testId: 'chat-order-purchase' },
    can.refund && { kind: 'refund' as const, label: f.t('orders.refund'), testId: 'chat-order-refund' },
  ].filter((item) => item !== false);
  return items.map((item) =>
    screen.device === 'desktop' ? (
      <button key={item.kind} type="button" className="chat-order-action" onClick={() => screen.startOrderAction(item.kind, order.orderId)} data-testid={item.testId}>
        {item.label}
      </button>
    ) : (
      <Link key={item.kind} to={screen.orderPath(order.orderId)} className="chat-order-action" data-testid={item.testId}>
        {item.label}
      </Link>
    ),
  );
}

/** The buyer's newest orders with the shop, each with "open order" and, when one waits, purchase or refund decision (beside the thread, or in the phone's sheet). */
export function BuyerOrders({ screen }: { screen: ChatScreen }) {
  const f = useFormat('chat');
  const { orders } = screen;
  if (orders.isPending) return <p className="chat-muted">{f.t('orders.loading')}</p>;
  if (orders.isError) {
    return (
      <p className="chat-muted">
        {f.t('common:states.loadFailed')}{' '}
        <button type="button" className="chat-reply-option" onClick={() => void orders.refetch()}>
          {f.t('common:actions.retry')}
        </button>
      </p>
    );
  }
  if (orders.data.length === 0) return <p className="chat-muted">{f.t('orders.none')}</p>;
  return (
    <ul className="chat-conversations" data-testid="chat-buyer-orders">
      {orders.data.map((o) => (
        <li key={o.orderId} className="chat-order">
          <div className="chat-card">
            <img src={o.productImage} alt="" />
            <span className="chat-muted" translate="no">
              {o.orderId}
            </span>
            <span className="chat-card-name">{o.productName}</span>
            <span>
              {f.usdt(o.amountCents)} · {f.t(`orders:payment.${o.paymentStatus}`, { defaultValue: o.paymentStatus })}
            </span>
          </div>
          <span className="chat-order-actions">
            <Link to={screen.orderPath(o.orderId)} data-testid="chat-open-order">
              {f.t('orders.open')}
            </Link>
            <OrderActions screen={screen} order={o} />
          </span>
        </li>
      ))}
    </ul>
  );
}
