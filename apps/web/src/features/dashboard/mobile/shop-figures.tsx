import { Fragment, type ReactNode } from 'react';
import { Card, ProgressCircle } from 'antd-mobile';
import { CapsuleTabs } from '../../../components/mobile/capsule-tabs.tsx';
import { Link } from 'react-router';
import type { DashboardWindow, RankingRow } from '@shopdesk/shared/dashboard/schemas';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { HEALTH_BAND_COLOR } from '../../../lib/status-tone.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { activityText, creditReasonText, signed } from '../api/activity-text.ts';
import {
  useCreditChanges,
  useDashboardCards,
  useCreditFigures,
  useFiguresWindow,
  useOrderStatsFigures,
  useProductFigures,
  useRankingFigures,
  useRecentActivityFigures,
  useTodayFigures,
  useTodoFigures,
  useTrafficFigures,
  useWalletFigures,
} from '../hooks/use-dashboard-figures.ts';
import { useRevealedParts } from '../../../lib/after-first-paint.ts';
import { MobileChatResponseCard } from './chat-response-card.tsx';
import '../../../styles/dashboard.css';

function Cell({ label, value, sub, subDanger, to, testId }: { label: string; value: ReactNode; sub?: ReactNode; subDanger?: boolean; to?: string; testId?: string }) {
  const body = (
    <>
      <span className="m-dash-cell-value">{value}</span>
      <span className="m-dash-cell-label">{label}</span>
      {sub && (
        <span className={subDanger ? 'm-dash-cell-sub m-dash-cell-sub-danger' : 'm-dash-cell-sub'} data-testid={testId ? `${testId}-sub` : undefined}>
          {sub}
        </span>
      )}
    </>
  );
  return to ? (
    <Link to={to} className="m-dash-cell" data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className="m-dash-cell" data-testid={testId}>
      {body}
    </div>
  );
}

/** Simple bars without a chart library (the phone chunk stays small). */
function Bars({ values, testId }: { values: number[]; testId: string }) {
  const max = Math.max(1, ...values);
  return (
    <div className="m-dash-bars" data-testid={testId}>
      {values.map((v, i) => (
        <div key={i} className="m-dash-bar" style={{ height: `${(v / max) * 100}%` }} />
      ))}
    </div>
  );
}

function Rows({ rows, unit }: { rows: RankingRow[]; unit: string }) {
  return (
    <>
      {rows.map((r, i) => (
        <div key={r.productId} className="m-dash-row">
          <span>
            {i + 1}. {r.name}
          </span>
          <span>
            {r.value} {unit}
          </span>
        </div>
      ))}
    </>
  );
}

/** A section of the phone's figures: each asks for its own data, so an answer re-renders its card alone. */
function TodoCard() {
  const { title, query, items } = useTodoFigures('phone');
  return (
    <Card title={title} className="m-dash-section" data-testid="m-dashboard-todo">
      <MobileQueryState query={query}>
        {() => (
          <div className="m-dash-grid">
            {items.map((item) => (
              <Cell key={item.key} label={item.label} value={item.count} sub={item.hint?.text} subDanger={item.hint?.danger} to={item.href} testId={`m-todo-${item.key}`} />
            ))}
          </div>
        )}
      </MobileQueryState>
    </Card>
  );
}

function TodayCard() {
  const { title, query, cellsOf } = useTodayFigures();
  return (
    <Card title={title} className="m-dash-section" data-testid="m-dashboard-today">
      <MobileQueryState query={query}>
        {(figures) => (
          <div className="m-dash-grid">
            {cellsOf(figures).map((cell) => (
              <Cell key={cell.key} label={cell.label} value={cell.value} sub={cell.versus} testId={cell.key === 'orders' ? 'm-today-orders' : undefined} />
            ))}
          </div>
        )}
      </MobileQueryState>
    </Card>
  );
}

function TrafficCard({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const traffic = useTrafficFigures(window);
  return (
    <Card title={t('traffic.title', { days: window })} className="m-dash-section">
      <MobileQueryState query={traffic} isEmpty={(d) => d.totalViews === 0} emptyText={t('traffic.empty')}>
        {(d) => (
          <>
            <div className="m-dash-grid">
              <Cell label={t('traffic.views')} value={d.totalViews} testId="m-traffic-views" />
              <Cell label={t('traffic.visitors')} value={d.totalVisitors} />
            </div>
            <Bars values={d.days.map((x) => x.views)} testId="m-traffic-bars" />
          </>
        )}
      </MobileQueryState>
    </Card>
  );
}

function OrdersCard({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const tabs = useFormat('orders');
  const stats = useOrderStatsFigures(window);
  return (
    <Card title={t('orders.title', { days: window })} className="m-dash-section">
      <MobileQueryState query={stats} isEmpty={(d) => d.total === 0} emptyText={t('orders.empty')}>
        {(d) => (
          <>
            <div className="m-dash-row">
              <span>{t('orders.total')}</span>
              <strong data-testid="m-orders-total">{d.total}</strong>
            </div>
            {d.byStatus.map((s) => (
              <Link key={s.status} to={`/m/orders?tab=${s.status}`} className="m-dash-row">
                <span>{tabs.t(`tabs.${s.status}`)}</span>
                <span>{s.count}</span>
              </Link>
            ))}
            <Bars values={d.days.map((x) => x.orders)} testId="m-orders-bars" />
          </>
        )}
      </MobileQueryState>
    </Card>
  );
}

function ProductsCard() {
  const { t } = useFormat('dashboard');
  const products = useProductFigures();
  return (
    <Card title={t('products.title')} className="m-dash-section">
      <MobileQueryState query={products}>
        {(p) => (
          <div className="m-dash-grid">
            <Cell label={t('products.onSale')} value={p.onSale} to="/m/products" />
            <Cell label={t('products.offSale')} value={p.offSale} to="/m/products" />
            <Cell label={t('products.recommended')} value={p.recommended} />
            <Cell label={t('products.outOfStock')} value={p.outOfStock} />
          </div>
        )}
      </MobileQueryState>
    </Card>
  );
}

function CreditCard() {
  const { t } = useFormat('dashboard');
  const health = useCreditFigures();
  const history = useCreditChanges();
  return (
    <Card title={t('credit.title')} className="m-dash-section" data-testid="m-dashboard-credit">
      <MobileQueryState query={health}>
        {(h) => (
          <>
            <div className="m-dash-row" style={{ alignItems: 'center' }}>
              <ProgressCircle percent={(h.score / h.max) * 100} style={{ '--fill-color': HEALTH_BAND_COLOR[h.band], '--size': '56px' }}>
                {h.score}
              </ProgressCircle>
              <span style={{ whiteSpace: 'normal', flex: 1 }}>{t(`credit.band.${h.band}`, { warningAt: h.warningAt, withdrawMin: h.withdrawMin })}</span>
            </div>
            {(history.data?.list ?? []).map((e) => (
              <div key={e.id} className="m-dash-row">
                <span>
                  {signed(e.delta)}: {creditReasonText(t, e)}
                </span>
                <span>{e.scoreAfter}</span>
              </div>
            ))}
          </>
        )}
      </MobileQueryState>
    </Card>
  );
}

function WalletCard() {
  const { t, usdt } = useFormat('dashboard');
  const wallet = useWalletFigures();
  return (
    <Card title={t('wallet.title')} className="m-dash-section">
      <MobileQueryState query={wallet}>
        {(w) => (
          <Link to="/m/finance" className="m-dash-grid" style={{ color: 'inherit' }}>
            <Cell label={t('wallet.available')} value={usdt(w.availableCents)} />
            <Cell label={t('wallet.frozenLabel')} value={usdt(w.frozenCents)} />
          </Link>
        )}
      </MobileQueryState>
    </Card>
  );
}

/** Both rankings share one answer (the query is asked for once). */
function RankingsCards({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const rankings = useRankingFigures(window);
  return (
    <>
      <Card title={t('rankings.bestSelling', { days: window })} className="m-dash-section">
        <MobileQueryState query={rankings} isEmpty={(r) => r.bestSelling.length === 0} emptyText={t('rankings.empty')}>
          {(r) => <Rows rows={r.bestSelling} unit={t('rankings.unitsShort')} />}
        </MobileQueryState>
      </Card>
      <Card title={t('rankings.mostViewed', { days: window })} className="m-dash-section">
        <MobileQueryState query={rankings} isEmpty={(r) => r.mostViewed.length === 0} emptyText={t('rankings.empty')}>
          {(r) => <Rows rows={r.mostViewed} unit={t('rankings.viewsShort')} />}
        </MobileQueryState>
      </Card>
    </>
  );
}

function ActivityCard() {
  const { t, usdt, dateTime } = useFormat('dashboard');
  const activity = useRecentActivityFigures();
  return (
    <Card title={t('activity.recent')} className="m-dash-section" data-testid="m-dashboard-activity">
      <MobileQueryState query={activity} isEmpty={(a) => a.length === 0} emptyText={t('activity.empty')}>
        {(entries) => (
          <>
            {entries.map((e) => (
              <div key={e.id} className="m-dash-row">
                <span>{activityText(t, e, usdt)}</span>
                <span>{dateTime(e.createdAt).slice(5, 16)}</span>
              </div>
            ))}
          </>
        )}
      </MobileQueryState>
    </Card>
  );
}

/**
 * The dashboard's figures in a phone layout: the same sections as the desktop, simple
 * bars and lists. What is under the first screen (the window switch and the cards after the
 * shortcuts) renders once the top has painted, a card per frame (lib/after-first-paint.ts).
 */
export function MobileShopFigures({ shortcuts }: { shortcuts: ReactNode }) {
  const { window, setWindow, label, options } = useFiguresWindow();
  const { shows } = useDashboardCards();
  const belowTheFold = [
    (shows('traffic') || shows('orderStats') || shows('rankings')) && (
    <Fragment key="traffic">
      <CapsuleTabs
        label={label}
        tabs={options.map((o) => ({ key: String(o.days), title: o.label, testId: `m-window-${o.days}` }))}
        activeKey={String(window)}
        onChange={(key) => setWindow(Number(key) as DashboardWindow)}
        className="m-dash-section"
      />
      {shows('traffic') && <TrafficCard window={window} />}
    </Fragment>
    ),
    shows('orderStats') && <OrdersCard key="orders" window={window} />,
    shows('products') && <ProductsCard key="products" />,
    <CreditCard key="credit" />,
    shows('wallet') && <WalletCard key="wallet" />,
    <MobileChatResponseCard key="chat-response" />,
    shows('rankings') && <RankingsCards key="rankings" window={window} />,
    shows('activity') && <ActivityCard key="activity" />,
  ].filter(Boolean);
  const revealed = useRevealedParts(belowTheFold.length);
  return (
    <div data-testid="m-shop-figures">
      {shows('todo') && <TodoCard />}
      {shows('today') && <TodayCard />}
      {shortcuts}
      {belowTheFold.slice(0, revealed)}
    </div>
  );
}
