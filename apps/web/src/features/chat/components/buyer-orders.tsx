import { Link } from 'react-router';
import { useFormat } from '../../../lib/use-format.ts';
import type { ChatScreen } from '../hooks/use-chat-screen.ts';

/** The buyer's newest orders with the shop, each with "open order" (beside the thread, or in the phone's sheet). */
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
          <Link to={screen.orderPath(o.orderId)} data-testid="chat-open-order">
            {f.t('orders.open')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
