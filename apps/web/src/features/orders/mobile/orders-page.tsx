import { useState } from 'react';
import { Button, Checkbox, Image, Tabs, Tag } from 'antd-mobile';
import { Toast } from '../../../components/mobile/imperative.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { ORDERS } from '@shopdesk/shared/constants';
import { isRefundWaiting, orderStage, type SellerOrderStage } from '@shopdesk/shared/orders/lifecycle';
import type { OrderView } from '@shopdesk/shared/orders/schemas';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { LabelledCheckbox } from '../../../components/mobile/labelled-checkbox.tsx';
import { MobileInfiniteList } from '../../../components/mobile/infinite-list.tsx';
import { MobileUrlSearchBar } from '../../../components/mobile/url-search-bar.tsx';
import { parseChoice, parseText } from '../../../lib/list-params.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useInfiniteOrders } from '../api/orders-api.ts';
import { ORDER_PAGE_TABS, sumPurchase } from '../order-helpers.ts';
import { Countdown } from '../components/countdown.tsx';
import { MobilePurchasePopup } from './purchase-popup.tsx';
import '../../../styles/list-pages-mobile.css';

const STAGE_COLORS: Partial<Record<SellerOrderStage, string>> = { to_purchase: 'warning', overdue: 'danger', refunding: 'danger', signed: 'success', completed: 'success' };
/** Tabs where orders waiting for purchase are listed, so a batch can be picked. */
const BATCH_TABS: readonly string[] = ['all', 'to_purchase'];

/**
 * Mobile orders: status tabs (tab=refunds for refund requests), a search over any part of the
 * order id, product, buyer, receiver or phone (`keyword`), cards with the countdown and a purchase
 * button, and a batch purchase: pick several orders waiting for purchase, see how many and the
 * total, pay them all with one fund-password entry (the desktop's batch endpoint).
 */
export function MobileOrdersPage() {
  const f = useFormat('orders');
  const { t } = f;
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = parseChoice(search.get('tab'), ORDER_PAGE_TABS) ?? 'all';
  const keyword = parseText(search.get('keyword'), ORDERS.SEARCH_TEXT_MAX);
  const [purchasing, setPurchasing] = useState<OrderView[] | null>(null);
  /** Batch mode: the picked orders waiting for purchase, or null when not picking. */
  const [picked, setPicked] = useState<Map<string, OrderView> | null>(null);
  const query = useInfiniteOrders(tab, keyword);
  const open = (o: OrderView) => void navigate(`/m/order-detail?orderId=${encodeURIComponent(o.orderId)}`);
  const loaded = query.data?.pages.flatMap((p) => p.list) ?? [];
  const awaiting = loaded.filter((o) => o.awaitingPurchase);
  const canBatch = BATCH_TABS.includes(tab) && awaiting.length > 1;

  const setFilter = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || (key === 'tab' && value === 'all')) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
    setPicked(null);
  };

  const toggle = (o: OrderView) =>
    setPicked((current) => {
      const next = new Map(current ?? []);
      if (next.has(o.orderId)) next.delete(o.orderId);
      else if (next.size >= ORDERS.PURCHASE_BATCH_MAX) Toast.show({ content: t('mobile.batchLimit', { max: ORDERS.PURCHASE_BATCH_MAX }) });
      else next.set(o.orderId, o);
      return next;
    });

  const pickedList = picked ? [...picked.values()] : [];
  const allPicked = picked !== null && awaiting.length > 0 && awaiting.slice(0, ORDERS.PURCHASE_BATCH_MAX).every((o) => picked.has(o.orderId));
  const pickAll = (on: boolean) => setPicked(on ? new Map(awaiting.slice(0, ORDERS.PURCHASE_BATCH_MAX).map((o) => [o.orderId, o])) : new Map());

  const right = picked ? (
    <Button size="small" fill="none" onClick={() => setPicked(null)} data-testid="m-batch-cancel">
      {t('common:actions.cancel')}
    </Button>
  ) : canBatch ? (
    <Button size="small" color="primary" fill="none" onClick={() => setPicked(new Map())} data-testid="m-batch-start">
      {t('mobile.batch')}
    </Button>
  ) : undefined;

  return (
    <MobilePageFrame titleKey="mobileOrders" back={false} right={right}>
      <div data-testid="m-orders-page" className={picked ? 'm-orders-picking' : undefined}>
        <MobileUrlSearchBar value={keyword} onSearch={(value) => setFilter({ keyword: value })} placeholder={t('mobile.searchPlaceholder')} maxLength={ORDERS.SEARCH_TEXT_MAX} testId="m-orders-search" />
        <Tabs activeKey={tab} onChange={(key) => setFilter({ tab: key })}>
          {ORDER_PAGE_TABS.map((k) => (
            <Tabs.Tab key={k} title={t(`tabs.${k}`)} />
          ))}
        </Tabs>
        <MobileInfiniteList query={query} emptyText={t(keyword ? 'list.emptyFiltered' : 'list.empty')}>
          {(items) =>
              items.map((o) => {
                const stage = orderStage(o, 'seller');
                const pickable = picked !== null && o.awaitingPurchase;
                const onCard = () => (picked === null ? open(o) : pickable ? toggle(o) : undefined);
                return (
                  <div key={o.orderId} className={picked !== null && !pickable ? 'm-order-card m-order-card-dim' : 'm-order-card'} data-testid="m-order">
                    <div className="m-order-card-head" onClick={onCard}>
                      {pickable && <LabelledCheckbox checked={picked.has(o.orderId)} onChange={() => toggle(o)} onClick={(e) => e.stopPropagation()} label={o.orderId} data-testid="m-order-pick" />}
                      <span className="m-order-id" data-testid="m-order-id">{o.orderId}</span>
                      <Tag color={STAGE_COLORS[stage] ?? 'primary'} fill="outline">
                        {t(`stages.${stage}`)}
                      </Tag>
                    </div>
                    <div className="m-order-card-body" onClick={onCard}>
                      <Image src={o.productImage} alt="" width={56} height={56} fit="cover" style={{ borderRadius: 6, flex: 'none' }} />
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
                      {picked !== null ? null : o.awaitingPurchase ? (
                        <Button size="small" color="primary" onClick={() => setPurchasing([o])} data-testid="m-order-purchase">
                          {t('actions.purchase')}
                        </Button>
                      ) : isRefundWaiting(o) ? (
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
      {picked !== null && (
        <div className="m-batch-bar" data-testid="m-batch-bar">
          <Checkbox checked={allPicked} onChange={pickAll} data-testid="m-batch-all">
            {t('mobile.all')}
          </Checkbox>
          <div className="m-batch-sum">
            <div data-testid="m-batch-count">{t('mobile.picked', { n: pickedList.length })}</div>
            <strong data-testid="m-batch-total">{f.usdt(sumPurchase(pickedList))}</strong>
          </div>
          <Button color="primary" disabled={pickedList.length === 0} onClick={() => setPurchasing(pickedList)} data-testid="m-batch-purchase">
            {t('actions.purchase')}
          </Button>
        </div>
      )}
      <MobilePurchasePopup
        orders={purchasing}
        onClose={() => setPurchasing(null)}
        onDone={() => {
          if (purchasing && purchasing.length > 1) setPicked(null);
        }}
      />
    </MobilePageFrame>
  );
}
