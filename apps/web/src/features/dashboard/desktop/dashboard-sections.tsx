import { Suspense, useEffect, type ReactNode } from 'react';
import { Avatar, Badge, Card, Col, Descriptions, Empty, List, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CrownFilled, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { DashboardWindow, RankingRow } from '@shopdesk/shared/dashboard/schemas';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { preloadableLazy } from '../../../lib/preloadable-lazy.tsx';
import { HEALTH_BAND_COLOR } from '../../../lib/status-tone.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { activityText } from '../api/activity-text.ts';
import {
  useCreditFigures,
  useOrderStatsFigures,
  useOverviewFigures,
  useProductFigures,
  useRankingFigures,
  useRecentActivityFigures,
  useTodayFigures,
  useTodoFigures,
  useTrafficFigures,
  useWalletFigures,
} from '../hooks/use-dashboard-figures.ts';
import { CHART_HEIGHT } from './chart-height.ts';

// The chart library (~160 KB gzipped) loads beside the dashboard's data, not before its first
// render: the figures show as soon as their answers are in, and each chart fills its reserved space.
const TrafficChart = preloadableLazy(() => import('./dashboard-charts.tsx').then((m) => m.TrafficChart));
const OrdersChart = preloadableLazy(() => import('./dashboard-charts.tsx').then((m) => m.OrdersChart));

/** Starts loading the charts when a section that shows one mounts, while its data loads. */
function usePreloadCharts() {
  useEffect(() => {
    void Promise.all([TrafficChart.preload(), OrdersChart.preload()]).catch(() => undefined);
  }, []);
}

/** A chart's place: its height is kept while the chart library loads, so nothing below it moves. */
function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>{children}</Suspense>;
}

function Section({ title, extra, testId, children }: { title: ReactNode; extra?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card title={title} extra={extra} variant="borderless" className="dashboard-section" data-testid={testId}>
      {children}
    </Card>
  );
}

export function TodoStrip() {
  const { title, query, items } = useTodoFigures('desktop');
  return (
    <Section title={title} testId="dashboard-todo">
      <QueryState query={query}>
        {() => (
          <Row gutter={[16, 16]}>
            {items.map((item) => (
              <Col key={item.key} xs={12} md={8} xl={4}>
                <Link to={item.href} className="todo-item" data-testid={`todo-${item.key}`}>
                  <Statistic title={item.label} value={item.count} styles={{ content: { color: item.alert ? '#fa541c' : undefined } }} />
                  {item.hint && (
                    <Typography.Text type={item.hint.danger ? 'danger' : 'secondary'} className="todo-hint" data-testid="todo-deadline">
                      {item.hint.text}
                    </Typography.Text>
                  )}
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </Section>
  );
}

export function AccountAndStore() {
  const { t, usdt, date } = useFormat('dashboard');
  const query = useOverviewFigures();
  return (
    <QueryState query={query}>
      {({ account, store }) => (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Section title={t('account.title')} testId="dashboard-account">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('account.username')}>{account.username}</Descriptions.Item>
                <Descriptions.Item label={t('account.name')}>{account.name || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('account.email')}>{account.email || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('account.memberSince')}>{date(account.memberSince)}</Descriptions.Item>
              </Descriptions>
            </Section>
          </Col>
          <Col xs={24} lg={12}>
            <Section
              title={
                <span>
                  <Avatar src={store.logo || undefined} size="small" style={{ marginInlineEnd: 8 }}>
                    {store.name.slice(0, 1)}
                  </Avatar>
                  {store.name}
                </span>
              }
              extra={
                <Tag icon={<CrownFilled aria-hidden />} color="gold">
                  VIP {store.vipLevel}
                </Tag>
              }
              testId="dashboard-store"
            >
              <Row gutter={[8, 8]}>
                <Col span={8}>
                  <Statistic title={t('store.products')} value={store.productCount} />
                </Col>
                <Col span={8}>
                  <Statistic title={t('store.orders')} value={store.orderCount} />
                </Col>
                <Col span={8}>
                  <Statistic title={t('store.rating')} value={store.ratingX10 === null ? '—' : (store.ratingX10 / 10).toFixed(1)} suffix={store.ratingX10 === null ? undefined : `(${store.reviewCount})`} />
                </Col>
              </Row>
              <Typography.Text type="secondary">
                {t('store.sales', { amount: usdt(store.totalSalesCents) })} · {t('store.opened', { date: date(store.openedAt) })} · ID {store.shopId}
              </Typography.Text>
              {store.frozen && <Tag color="error">{t('store.frozen')}</Tag>}
            </Section>
          </Col>
        </Row>
      )}
    </QueryState>
  );
}

function Versus({ change, text }: { change: number; text: string }) {
  const { t } = useFormat('dashboard');
  const icon = change > 0 ? <ArrowUpOutlined aria-label={t('today.higher')} /> : change < 0 ? <ArrowDownOutlined aria-label={t('today.lower')} /> : null;
  return (
    <Typography.Text type={change < 0 ? 'danger' : change > 0 ? 'success' : 'secondary'} className="versus">
      {icon} {text}
    </Typography.Text>
  );
}

export function TodaySection() {
  const { title, query, cellsOf } = useTodayFigures();
  return (
    <Section title={title} testId="dashboard-today">
      <QueryState query={query}>
        {(figures) => (
          <Row gutter={[16, 16]}>
            {cellsOf(figures).map((cell) => (
              <Col key={cell.key} xs={12} xl={6} data-testid={`today-${cell.key}`}>
                <Statistic title={cell.label} value={cell.value} />
                <Versus change={cell.change} text={cell.versus} />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </Section>
  );
}

export function TrafficSection({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const query = useTrafficFigures(window);
  usePreloadCharts();
  return (
    <Section title={t('traffic.title', { days: window })} testId="dashboard-traffic">
      <QueryState query={query} isEmpty={(d) => d.totalViews === 0} empty={<Empty description={t('traffic.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}>
        {(traffic) => (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <div data-testid="traffic-total-views"><Statistic title={t('traffic.views')} value={traffic.totalViews} /></div>
              </Col>
              <Col span={12}>
                <Statistic title={t('traffic.visitors')} value={traffic.totalVisitors} />
              </Col>
            </Row>
            <ChartSlot>
              <TrafficChart traffic={traffic} />
            </ChartSlot>
          </>
        )}
      </QueryState>
    </Section>
  );
}

export function OrderStatsSection({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const tabs = useFormat('orders');
  const query = useOrderStatsFigures(window);
  usePreloadCharts();
  return (
    <Section title={t('orders.title', { days: window })} testId="dashboard-orders">
      <QueryState query={query} isEmpty={(d) => d.total === 0} empty={<Empty description={t('orders.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}>
        {(stats) => (
          <>
            <div className="order-status-row">
              <div data-testid="orders-total"><Statistic title={t('orders.total')} value={stats.total} /></div>
              {stats.byStatus.map((s) => (
                <Link key={s.status} to={`/orders?tab=${s.status}`} className="order-status-cell">
                  <Statistic title={tabs.t(`tabs.${s.status}`)} value={s.count} />
                </Link>
              ))}
            </div>
            <ChartSlot>
              <OrdersChart stats={stats} />
            </ChartSlot>
          </>
        )}
      </QueryState>
    </Section>
  );
}

export function ProductsSection() {
  const { t } = useFormat('dashboard');
  const query = useProductFigures();
  const cells = [
    { key: 'onSale', href: '/products/list?status=on_sale' },
    { key: 'offSale', href: '/products/list?status=off_sale' },
    { key: 'recommended', href: '/products/list?flag=recommended' },
    { key: 'outOfStock', href: '/products/list' },
  ] as const;
  return (
    <Section title={t('products.title')} testId="dashboard-products">
      <QueryState query={query}>
        {(products) => (
          <Row gutter={[16, 16]}>
            {cells.map((c) => (
              <Col key={c.key} span={12}>
                <Link to={c.href}>
                  <Statistic title={t(`products.${c.key}`)} value={products[c.key]} styles={{ content: { color: c.key === 'outOfStock' && products.outOfStock > 0 ? '#fa541c' : undefined } }} />
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </Section>
  );
}

/**
 * A top-10 list as a plain table in antd's small-table look. Not antd's Table: each one measures
 * the scrollbar when it mounts (a style sheet added and removed around a forced layout of the
 * whole page), the dashboard's largest main-thread cost after its render, for ten rows
 * that use none of its features. The name is cut with CSS; its title attribute holds it whole.
 */
function RankingTable({ rows, valueTitle, testId, money }: { rows: RankingRow[]; valueTitle: string; testId: string; money: boolean }) {
  const { t, usdt } = useFormat('dashboard');
  if (rows.length === 0) {
    return (
      <div data-testid={testId}>
        <Empty description={t('rankings.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </div>
    );
  }
  return (
    <table className="ranking-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col" className="ranking-rank">
            #
          </th>
          <th scope="col">{t('rankings.product')}</th>
          <th scope="col" className="ranking-number">
            {valueTitle}
          </th>
          {money && (
            <th scope="col" className="ranking-number">
              {t('rankings.sales')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.productId}>
            <td>
              <Badge count={i + 1} color={i < 3 ? '#fa8c16' : '#bfbfbf'} />
            </td>
            <td>
              <span className="ranking-product">
                <img className="ranking-cover" src={r.cover} alt="" width={28} height={28} loading="lazy" decoding="async" />
                <span className="ranking-name" title={r.name}>
                  {r.name}
                </span>
              </span>
            </td>
            <td className="ranking-number">{r.value}</td>
            {money && <td className="ranking-number">{usdt(r.salesCents)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RankingsSection({ window }: { window: DashboardWindow }) {
  const { t } = useFormat('dashboard');
  const query = useRankingFigures(window);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Section title={t('rankings.bestSelling', { days: window })} testId="dashboard-best-selling">
          <QueryState query={query}>{(r) => <RankingTable rows={r.bestSelling} valueTitle={t('rankings.units')} testId="ranking-best" money />}</QueryState>
        </Section>
      </Col>
      <Col xs={24} xl={12}>
        <Section title={t('rankings.mostViewed', { days: window })} testId="dashboard-most-viewed">
          <QueryState query={query}>{(r) => <RankingTable rows={r.mostViewed} valueTitle={t('rankings.views')} testId="ranking-viewed" money={false} />}</QueryState>
        </Section>
      </Col>
    </Row>
  );
}

export function RecentActivitySection() {
  const { t, usdt, dateTime } = useFormat('dashboard');
  const query = useRecentActivityFigures();
  return (
    <Section
      title={t('activity.recent')}
      extra={
        <Link to="/dashboard/activity" data-testid="activity-log-link">
          {t('activity.viewAll')} <RightOutlined aria-hidden />
        </Link>
      }
      testId="dashboard-activity"
    >
      <QueryState query={query} isEmpty={(d) => d.length === 0} empty={<Empty description={t('activity.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}>
        {(entries) => (
          <List
            size="small"
            dataSource={entries}
            renderItem={(e) => (
              <List.Item>
                {/* Not List.Item.Meta: its title is an <h4>, a heading level the page skips to (axe heading-order). */}
                <div className="activity-entry">
                  <div className="activity-entry-text">{activityText(t, e, usdt)}</div>
                  <div className="activity-entry-meta">{`${e.username ?? t('activity.system')} · ${dateTime(e.createdAt)}`}</div>
                </div>
              </List.Item>
            )}
          />
        )}
      </QueryState>
    </Section>
  );
}

export function CreditSection() {
  const { t } = useFormat('dashboard');
  const query = useCreditFigures();
  return (
    <Section
      title={t('credit.title')}
      extra={
        <Link to="/dashboard/health" data-testid="shop-health-link">
          {t('credit.details')} <RightOutlined aria-hidden />
        </Link>
      }
      testId="dashboard-credit"
    >
      <QueryState query={query}>
        {(h) => (
          <>
            <Progress type="dashboard" percent={(h.score / h.max) * 100} format={() => h.score} strokeColor={HEALTH_BAND_COLOR[h.band]} size={120} aria-label={t('credit.title')} />
            <Typography.Paragraph type={h.band === 'good' ? 'secondary' : h.band === 'warning' ? 'warning' : 'danger'} data-testid="credit-hint">
              {t(`credit.band.${h.band}`, { warningAt: h.warningAt, withdrawMin: h.withdrawMin })}
            </Typography.Paragraph>
            {h.overdueNow > 0 && <Typography.Text type="danger">{t('credit.overdue', { count: h.overdueNow, points: h.overdueNow * h.overtimePenalty })}</Typography.Text>}
          </>
        )}
      </QueryState>
    </Section>
  );
}

export function WalletSection() {
  const { t, usdt } = useFormat('dashboard');
  const query = useWalletFigures();
  return (
    <Section
      title={t('wallet.title')}
      extra={
        <Link to="/wallet">
          {t('wallet.open')} <RightOutlined aria-hidden />
        </Link>
      }
      testId="dashboard-wallet"
    >
      <QueryState query={query}>
        {(w) => (
          <>
            <Statistic title={t('wallet.available')} value={usdt(w.availableCents)} />
            <Typography.Text type="secondary">
              {t('wallet.frozen', { amount: usdt(w.frozenCents) })} · {t('wallet.total', { amount: usdt(w.balanceCents) })}
            </Typography.Text>
          </>
        )}
      </QueryState>
    </Section>
  );
}

