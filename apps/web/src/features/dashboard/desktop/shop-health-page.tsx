import { Alert, Card, Col, Progress, Row, Statistic, Table, Tag, Typography } from 'antd';
import { SHOP } from '@shopdesk/shared/constants';
import type { CreditEventView } from '@shopdesk/shared/dashboard/schemas';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { tablePagination } from '../../../components/desktop/table-pagination.ts';
import { HEALTH_BAND_COLOR } from '../../../lib/status-tone.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useSearchState } from '../../../lib/use-search-state.ts';
import { creditReasonText, signed } from '../api/activity-text.ts';
import { useShopHealthHistory, useShopHealthSummary } from '../api/dashboard-api.ts';
import { parseHealthSearch } from '../list-search.ts';
import { ChatResponseCard } from './chat-response-card.tsx';
import '../../../styles/dashboard.css';

/** What each threshold of SPEC §6 stops, from the shared constants. */
function Thresholds() {
  const { t } = useFormat('dashboard');
  const rules = [
    { key: 'good', color: 'success', range: `${SHOP.CREDIT_WARNING_AT}–${SHOP.CREDIT_SCORE_MAX}` },
    { key: 'warning', color: 'warning', range: `${SHOP.CREDIT_WITHDRAW_MIN}–${SHOP.CREDIT_WARNING_AT - 1}` },
    { key: 'blocked', color: 'error', range: `0–${SHOP.CREDIT_WITHDRAW_MIN - 1}` },
  ] as const;
  return (
    <div className="credit-thresholds" data-testid="credit-thresholds">
      {rules.map((r) => (
        <Card key={r.key} size="small">
          <Tag color={r.color}>{r.range}</Tag>
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
            {t(`health.rule.${r.key}`, { warningAt: SHOP.CREDIT_WARNING_AT, withdrawMin: SHOP.CREDIT_WITHDRAW_MIN })}
          </Typography.Paragraph>
        </Card>
      ))}
      <Card size="small">
        <Tag>{t('health.penaltyTag', { points: SHOP.OVERTIME_PURCHASE_PENALTY })}</Tag>
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>{t('health.rule.penalty', { points: SHOP.OVERTIME_PURCHASE_PENALTY })}</Typography.Paragraph>
      </Card>
    </div>
  );
}

/** Shop health: the credit score, what each threshold stops, and every change with its reason. */
export function ShopHealthPage() {
  const { t, dateTime } = useFormat('dashboard');
  const [state, update] = useSearchState(parseHealthSearch);
  const summary = useShopHealthSummary();
  const history = useShopHealthHistory(state.page, state.pageSize);
  return (
    <div className="dashboard" data-testid="shop-health-page">
      <Card title={<h1 className="page-title">{t('health.title')}</h1>}>
        <QueryState query={summary}>
          {(h) => (
            <Row gutter={[24, 16]} align="middle">
              <Col xs={24} md={6}>
                <Progress type="dashboard" percent={(h.score / h.max) * 100} format={() => h.score} strokeColor={HEALTH_BAND_COLOR[h.band]} aria-label={t('credit.title')} />
              </Col>
              <Col xs={24} md={18}>
                <Alert
                  type={h.band === 'good' ? 'success' : h.band === 'warning' ? 'warning' : 'error'}
                  showIcon
                  message={t(`credit.band.${h.band}`, { warningAt: h.warningAt, withdrawMin: h.withdrawMin })}
                  data-testid="health-band"
                />
                <Row gutter={16} style={{ marginTop: 16 }}>
                  <Col span={8}>
                    <Statistic title={t('health.lost30d')} value={h.lost30d} styles={{ content: { color: h.lost30d ? '#ff4d4f' : undefined } }} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('health.gained30d')} value={h.gained30d} />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('health.overdueNow')} value={h.overdueNow} styles={{ content: { color: h.overdueNow ? '#fa541c' : undefined } }} />
                  </Col>
                </Row>
                {h.frozen && <Alert style={{ marginTop: 12 }} type="error" message={t('store.frozen')} />}
              </Col>
            </Row>
          )}
        </QueryState>
      </Card>
      <ChatResponseCard detailed />
      <Card title={t('health.thresholds')}>
        <Thresholds />
      </Card>
      <Card title={t('health.history')}>
        <Table<CreditEventView>
          rowKey="id"
          data-testid="credit-history"
          loading={history.isFetching}
          dataSource={history.data?.list ?? []}
          pagination={tablePagination(state, history.data?.total ?? 0, (page, pageSize) => update({ page, pageSize }), (total) => t('pagination.total', { total }))}
          locale={{ emptyText: t('health.empty') }}
          columns={[
            { title: t('health.when'), width: 180, render: (_v, e) => dateTime(e.createdAt) },
            { title: t('health.change'), width: 90, render: (_v, e) => <Tag color={e.delta < 0 ? 'error' : e.delta > 0 ? 'success' : 'default'}>{signed(e.delta)}</Tag> },
            { title: t('health.reasonTitle'), render: (_v, e) => creditReasonText(t, e) },
            { title: t('health.scoreAfter'), dataIndex: 'scoreAfter', width: 110, align: 'right' },
          ]}
        />
      </Card>
    </div>
  );
}
