import { Button, Checkbox, Image, Tabs, Tag } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { ORDERS } from '@shopdesk/shared/constants';
import { orderStage, type SellerOrderStage } from '@shopdesk/shared/orders/lifecycle';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { LabelledCheckbox } from '../../../components/mobile/labelled-checkbox.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useOrdersScreen } from '../hooks/use-orders-screen.ts';
import { orderActionsOf, type OrderPageTab } from '../order-helpers.ts';
import { Countdown } from '../components/countdown.tsx';
import { OrderLine } from '../components/order-line.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';

const STAGE_COLORS: Partial<Record<SellerOrderStage, string>> = { to_purchase: 'warning', overdue: 'danger', refunding: 'danger', signed: 'success', completed: 'success' };

/**
 * Mobile orders: status tabs (tab=refunds for refund requests), a search over any part of the
 * order id, product, buyer, receiver or phone (`keyword`), cards with the countdown and a purchase
 * button, and a batch purchase: pick several orders waiting for purchase, see how many and the
 * total, pay them all with one fund-password entry (the desktop's batch endpoint).
 */
export function MobileOrdersPage() {
  const f = useFormat('orders');
  const { t } = f;
  const screen = useOrdersScreen('feed');
  const { state, picking, openDetail: open } = screen;
  const toggle: typeof screen.toggle = (o) => {
    const result = screen.toggle(o);
    if (result === 'limit') Toast.show({ content: t('mobile.batchLimit', { max: screen.batchMax }) });
    return result;
  };

  const right = picking ? (
    <Button size="small" fill="none" onClick={screen.stopPicking} data-testid="m-batch-cancel">
      {t('common:actions.cancel')}
    </Button>
  ) : screen.canPick ? (
    <Button size="small" color="primary" fill="none" onClick={screen.startPicking} data-testid="m-batch-start">
      {t('mobile.batch')}
    </Button>
  ) : undefined;

  return (
    <MobilePageFrame titleKey="mobileOrders" back={false} right={right}>
      <div data-testid="m-orders-page" className={picking ? 'm-orders-picking' : undefined}>
        <MobileUrlSearchBar value={state.q} onSearch={screen.search} placeholder={t('mobile.searchPlaceholder')} maxLength={ORDERS.SEARCH_TEXT_MAX} testId="m-orders-search" />
        <Tabs activeKey={state.tab} onChange={(key) => screen.setTab(key as OrderPageTab)}>
          {screen.tabs.map((k) => (
            <Tabs.Tab key={k} title={t(`tabs.${k}`)} />
          ))}
        </Tabs>
        <MobileInfiniteList query={screen.feed} emptyText={t(screen.filtered ? 'list.emptyFiltered' : 'list.empty')}>
          {(items) =>
              items.map((o) => {
                const stage = orderStage(o, 'seller');
                const actions = orderActionsOf(o);
                const pickable = picking && actions.purchase;
                const onCard = () => (!picking ? open(o) : pickable ? void toggle(o) : undefined);
                return (
                  <div key={o.orderId} className={picking && !pickable ? 'm-order-card m-order-card-dim' : 'm-order-card'} data-testid="m-order">
                    <div className="m-order-card-head" onClick={onCard}>
                      {pickable && <LabelledCheckbox checked={screen.isPicked(o)} onChange={() => void toggle(o)} onClick={(e) => e.stopPropagation()} label={o.orderId} data-testid="m-order-pick" />}
                      <span className="m-order-id" data-testid="m-order-id">{o.orderId}</span>
                      <Tag color={STAGE_COLORS[stage] ?? 'primary'} fill="outline">
                        {t(`stages.${stage}`)}
                      </Tag>
                    </div>
                    <div className="m-order-card-body" onClick={onCard}>
                      <Image src={o.productImage} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6, flex: 'none' }} />
                      <div style={{ minWidth: 0 }}>
                        <OrderLine line={o} nameClassName="m-order-title" />
                        <div className="m-order-meta">
                          <span>× {o.quantity}</span>
                          <span>{t('fields.amount')}: {f.usdt(o.amountCents)}</span>
                          <span>{t('fields.purchaseAmount')}: {f.usdt(o.purchaseAmountCents)}</span>
                        </div>
                      </div>
                    </div>
                    <div className="m-order-card-foot">
                      {actions.purchase ? <Countdown deadline={o.purchaseDeadline} overdueText={t('stages.overdue')} /> : <span className="m-order-meta">{f.dateTime(o.createTime)}</span>}
                      {picking ? null : actions.purchase ? (
                        <Button size="small" color="primary" onClick={() => screen.purchase([o])} data-testid="m-order-purchase">
                          {t('actions.purchase')}
                        </Button>
                      ) : actions.refund ? (
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
              })
          }
        </MobileInfiniteList>
      </div>
      {picking && (
        <div className="m-batch-bar" data-testid="m-batch-bar">
          <Checkbox checked={screen.allPicked} onChange={screen.pickAll} data-testid="m-batch-all">
            {t('mobile.all')}
          </Checkbox>
          <div className="m-batch-sum">
            <div data-testid="m-batch-count">{t('mobile.picked', { n: screen.pickedList.length })}</div>
            <strong data-testid="m-batch-total">{f.usdt(screen.pickedTotalCents)}</strong>
          </div>
          <Button color="primary" disabled={screen.pickedList.length === 0} onClick={() => screen.purchase(screen.pickedList)} data-testid="m-batch-purchase">
            {t('actions.purchase')}
          </Button>
        </div>
      )}
      <MobilePurchasePopup orders={screen.purchasing} onClose={screen.closePurchase} onDone={screen.purchased} />
    </MobilePageFrame>
  );
}
