import { Link, useSearchParams } from 'react-router';
import { useOrders } from '../api/mall-api.ts';
import { BUYER_ORDER_TABS, orderStage } from '@shopdesk/shared/orders/lifecycle';
import type { BuyerOrder, OrderTab } from '../api/types.ts';
import { Empty, ErrorState, Img, Loading, PageHead, useMallFormat, VariantName } from '../components/ui.tsx';

export function OrderCard({ order }: { order: BuyerOrder }) {
  const f = useMallFormat();
  const status = orderStage(order, 'buyer');
  return (
    <li>
      <Link to={`/mall/orders/${order.orderId}`} className="mall-panel mall-order-card" data-testid="order-card">
        <span className="mall-order-card-head">
          <span className="mall-muted mall-small">{f.t('orders.number', { id: order.orderId })}</span>
          <span className={`mall-status mall-status-${status}`} data-testid="order-status">
            {f.t(`orders.status.${status}`)}
          </span>
        </span>
        <span className="mall-order-card-body">
          <Img src={order.productImage} alt="" width={72} height={72} />
          <span className="mall-order-card-name">
            {order.productName}
            <VariantName name={order.variantName} testId="order-variant" />
          </span>
          <span className="mall-order-card-amount">
            <strong>{f.usdt(order.amountCents)}</strong>
            <span className="mall-muted">×{order.quantity}</span>
          </span>
        </span>
        <span className="mall-muted mall-small">{f.dateTime(order.createTime)}</span>
      </Link>
    </li>
  );
}

export function OrdersPage() {
  const f = useMallFormat();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: OrderTab = BUYER_ORDER_TABS.includes(raw as OrderTab) ? (raw as OrderTab) : 'all';
  const orders = useOrders(tab);
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="mall-page mall-orders" data-testid="mall-orders">
      <PageHead title={f.t('orders.title')} />
      <div className="mall-tabs" role="tablist" aria-label={f.t('orders.title')}>
        {BUYER_ORDER_TABS.map((key) => (
          <button key={key} type="button" role="tab" aria-selected={key === tab} className="mall-tab-btn" onClick={() => setParams(key === 'all' ? {} : { tab: key }, { replace: true })} data-testid={`orders-tab-${key}`}>
            {f.t(`orders.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {orders.isPending && <Loading />}
        {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
        {orders.isSuccess &&
          (list.length === 0 ? (
            <Empty
              icon="box"
              title={f.t('orders.empty')}
              action={
                <Link to="/mall" className="mall-btn">
                  {f.t('cart.startShopping')}
                </Link>
              }
            />
          ) : (
            <ul className="mall-order-list">
              {list.map((order) => (
                <OrderCard key={order.orderId} order={order} />
              ))}
            </ul>
          ))}
        {orders.hasNextPage && (
          <div className="mall-center">
            <button type="button" className="mall-btn mall-btn-ghost" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
              {f.t('state.loadMore')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
