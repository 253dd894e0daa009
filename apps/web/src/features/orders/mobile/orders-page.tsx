import { useState } from 'react';
import { Button, Image, InfiniteScroll, Tabs, Tag } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { parseChoice } from '../../../lib/list-params.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useInfiniteOrders } from '../api/orders-api.ts';
import { ORDER_PAGE_TABS, orderStage } from '../order-helpers.ts';
import { Countdown } from '../components/countdown.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';

const STAGE_COLORS: Record<string, string> = { to_purchase: 'warning', overdue: 'danger', refunding: 'danger', signed: 'success', completed: 'success' };

/** Mobile orders: status tabs (tab=refunds for refund requests), cards with the countdown and a purchase button. */
export function MobileOrdersPage() {
  const f = useFormat('orders');
  const { t } = f;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = parseChoice(search.get('tab'), ORDER_PAGE_TABS) ?? 'all';
  const [purchasing, setPurchasing] = useState<OrderView[] | null>(null);
  const query = useInfiniteOrders(tab);
  const open = (o: OrderView) => void navigate(`/m/order-detail?orderId=${encodeURIComponent(o.orderId)}`);

  return (
    <MobilePageFrame titleKey="mobileOrders" back={false}>
      <div data-testid="m-orders-page">
        <Tabs activeKey={tab} onChange={(key) => setSearch(key === 'all' ? {} : { tab: key }, { replace: true })}>
          {ORDER_PAGE_TABS.map((k) => (
            <Tabs.Tab key={k} title={t(`tabs.${k}`)} />
          ))}
        </Tabs>
        <MobileQueryState query={query} isEmpty={(d) => d.pages[0].total === 0} emptyText={t('list.empty')}>
          {(data) => (
            <>
              {data.pages.flatMap((p) => p.list).map((o) => {
                const stage = orderStage(o);
                return (
                  <div key={o.orderId} className="m-order-card" data-testid="m-order">
                    <div className="m-order-card-head" onClick={() => open(o)}>
                      <span data-testid="m-order-id">{o.orderId}</span>
                      <Tag color={STAGE_COLORS[stage] ?? 'primary'} fill="outline">
                        {t(`stages.${stage}`)}
                      </Tag>
                    </div>
                    <div className="m-order-card-body" onClick={() => open(o)}>
                      <Image src={o.productImage} width={56} height={56} fit="cover" style={{ borderRadius: 6, flex: 'none' }} />
                      <div style={{ minWidth: 0 }}>
                        <div className="m-order-title">{o.productName}</div>
                        <div className="m-order-meta">
                          <span>× {o.quantity}</span>
                          <span>{t('fields.amount')}: {f.usdt(o.amountCents)}</span>
                          <span>{t('fields.purchaseAmount')}: {f.usdt(o.purchaseAmountCents)}</span>
                        </div>
                      </div>
                    </div>
                    <div className="m-order-card-foot">
                      {o.awaitingPurchase ? <Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} /> : <span className="m-order-meta">{f.dateTime(o.createTime)}</span>}
                      {o.awaitingPurchase ? (
                        <Button size="small" color="primary" onClick={() => setPurchasing([o])} data-testid="m-order-purchase">
                          {t('actions.purchase')}
                        </Button>
                      ) : o.refundStatus === 'refunding' ? (
                        <Button size="small" color="danger" fill="outline" onClick={() => open(o)} data-testid="m-order-refund">
                          {t('actions.handleRefund')}
                        </Button>
                      ) : (
                        <Button size="small" fill="outline" onClick={() => open(o)}>
                          {t('actions.detail')}
                        </Button>
                      )}
                    </div>
                  </div>
                );
              })}
              <InfiniteScroll loadMore={async () => void (await query.fetchNextPage())} hasMore={query.hasNextPage} />
            </>
          )}
        </MobileQueryState>
      </div>
      <MobilePurchasePopup orders={purchasing} onClose={() => setPurchasing(null)} />
    </MobilePageFrame>
  );
}
