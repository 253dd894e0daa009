import { lazy, Suspense } from 'react';
import { Col, Row, Segmented, Typography } from 'antd';
import type { DashboardWindow } from '@shopdesk/shared/dashboard/schemas';
import { useFormat } from '../../../lib/use-format.ts';
import { useRevealedParts } from '../../../lib/after-first-paint.ts';
import { useDashboardCards, useFiguresWindow } from '../hooks/use-dashboard-figures.ts';
import {
  AccountAndStore,
  CreditSection,
  OrderStatsSection,
  ProductsSection,
  RankingsSection,
  RecentActivitySection,
  TodaySection,
  TodoStrip,
  TrafficSection,
  WalletSection,
} from './dashboard-sections.tsx';
import '../../../styles/dashboard.css';

// Chat's card is below the fold and shared with the shop health page: it loads after the dashboard's start.
const ChatResponseCard = lazy(() => import('./chat-response-card.tsx').then((m) => ({ default: m.ChatResponseCard })));

/**
 * The seller's home (SPEC §2 dashboard sections): the to-do strip, then the ten
 * sections, each with its own query, loading, empty and error state. The 7/30-day switch applies
 * to every windowed section and lives in the URL. What is under the first screen (the charts row
 * and below) renders once the top has painted, a row per frame (lib/after-first-paint.ts).
 */
export function DashboardPage() {
  const { t } = useFormat('dashboard');
  const { window, setWindow, options } = useFiguresWindow();
  const { shows } = useDashboardCards();
  const belowTheFold = [
    (shows('traffic') || shows('orderStats')) && (
      <Row key="charts" gutter={[16, 16]}>
        {shows('traffic') && (
          <Col xs={24} xl={12}>
            <TrafficSection window={window} />
          </Col>
        )}
        {shows('orderStats') && (
          <Col xs={24} xl={12}>
            <OrderStatsSection window={window} />
          </Col>
        )}
      </Row>
    ),
    <Row key="shop" gutter={[16, 16]}>
      {shows('products') && (
        <Col xs={24} md={12} xl={8}>
          <ProductsSection />
        </Col>
      )}
      <Col xs={24} md={12} xl={8}>
        <CreditSection />
      </Col>
      {shows('wallet') && (
        <Col xs={24} md={24} xl={8}>
          <WalletSection />
        </Col>
      )}
    </Row>,
    // Chat's own card (it hides itself for a role without chat).
    <Suspense key="chat-response" fallback={null}>
      <ChatResponseCard />
    </Suspense>,
    shows('rankings') && <RankingsSection key="rankings" window={window} />,
    shows('activity') && <RecentActivitySection key="activity" />,
  ].filter(Boolean);
  const revealed = useRevealedParts(belowTheFold.length);
  return (
    <div className="dashboard" data-testid="dashboard-page">
      <div className="dashboard-head">
        <Typography.Title level={1} className="page-title">
          {t('title')}
        </Typography.Title>
        <Segmented<DashboardWindow>
          value={window}
          onChange={setWindow}
          data-testid="dashboard-window"
          aria-label={t('common:icons.period')}
          options={options.map((o) => ({ value: o.days, label: <span data-testid={`window-${o.days}`}>{o.label}</span> }))}
        />
      </div>
      {shows('todo') && <TodoStrip />}
      {shows('overview') && <AccountAndStore />}
      {shows('today') && <TodaySection />}
      {belowTheFold.slice(0, revealed)}
    </div>
  );
}
