import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Result, Row, Segmented, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { FinanceDay } from '@shopdesk/shared/wallet/transactions';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { REPORT_FIGURES, REPORT_MAX_DAYS } from '../api/report-range.ts';
import { useFinanceReportScreen } from '../hooks/use-finance-report-screen.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';

const FORMAT = 'YYYY-MM-DD';

// The chart library is the bulk of this page: the figures and the table show while it loads.
const FinanceChart = lazy(() => import('./finance-chart.tsx').then((m) => ({ default: m.FinanceChart })));

/** Desktop "finance report": 7 days, 30 days or a chosen range, as a chart and a table with totals. */
function FinancePageContent() {
  const { t, cents } = useFormat('wallet');
  const screen = useFinanceReportScreen();
  const { range, report, setRange } = screen;
  const [picking, setPicking] = useState(false);
  const segment = picking || range.mode === 'custom' ? 'custom' : String(range.days);

  const setDays = (days: string) => {
    if (days === 'custom') {
      setPicking(true);
      return;
    }
    setPicking(false);
    screen.setDays(days);
  };

  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) =>
    current.isAfter(dayjs(), 'day') || (info.from ? Math.abs(current.diff(info.from, 'day')) >= REPORT_MAX_DAYS : false);

  const columns = useMemo<TableColumnsType<FinanceDay>>(
    () => [
      { title: t('finance.date'), dataIndex: 'date', width: 140 },
      ...REPORT_FIGURES.map((f) => ({
        title: t(f.label),
        dataIndex: f.key,
        align: 'right' as const,
        render: (v: number) => <span className={`wallet-num ${f.key === 'profitCents' ? (v >= 0 ? 'wallet-plus' : 'wallet-minus') : ''}`}>{cents(v)}</span>,
      })),
    ],
    [t, cents],
  );

  const toolbar = (
    <div className="finance-toolbar">
      <Segmented
        value={segment}
        onChange={(v) => setDays(String(v))}
        options={[...screen.windows, { value: 'custom', label: t('finance.custom') }]}
        data-testid="finance-range"
        aria-label={t('common:icons.period')}
      />
      {segment === 'custom' && (
        <DatePicker.RangePicker
          value={range.mode === 'custom' ? [dayjs(range.from), dayjs(range.to)] : null}
          format={FORMAT}
          disabledDate={disabledDate}
          defaultOpen={picking && range.mode !== 'custom'}
          onChange={(v) => {
            if (v?.[0] && v[1]) setRange(v[0].format(FORMAT), v[1].format(FORMAT));
          }}
          data-testid="finance-dates"
        />
      )}
      {screen.period && <Typography.Text type="secondary">{screen.period}</Typography.Text>}
    </div>
  );

  let content;
  if (report.isPending) content = <Skeleton active paragraph={{ rows: 10 }} data-testid="finance-loading" />;
  else if (report.isError)
    content = (
      <Result
        status="warning"
        subTitle={errorText(report.error, t('common:states.loadFailed'))}
        extra={<Button onClick={() => void report.refetch()}>{t('common:actions.retry')}</Button>}
        data-testid="finance-error"
      />
    );
  else {
    const { days, totals } = report.data;
    content = (
      <>
        <Row gutter={[16, 16]} className="finance-totals">
          {screen.figures.map((f) => (
            <Col key={f.key} xs={12} xl={6}>
              <div className="finance-total" data-testid={`finance-total-${f.key}`}>
                <div className="finance-total-label">{f.label}</div>
                <div className={`finance-total-value ${f.gain === null ? '' : f.gain ? 'wallet-plus' : 'wallet-minus'}`}>{f.value}</div>
              </div>
            </Col>
          ))}
        </Row>
        <Card size="small" variant="outlined" title={t('finance.chartTitle')}>
          {screen.quiet ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty.report')} />
          ) : (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
              <FinanceChart days={days} />
            </Suspense>
          )}
        </Card>
        <div data-testid="finance-table">
          <Table<FinanceDay>
            className="finance-table"
            rowKey="date"
            size="middle"
            columns={columns}
            dataSource={days}
            loading={report.isFetching && report.isPlaceholderData}
            pagination={false}
            scroll={days.length > 10 ? { y: 420 } : undefined}
            style={{ marginTop: 16 }}
              summary={() => (
              <Table.Summary fixed="bottom">
                <Table.Summary.Row data-testid="finance-totals-row">
                  <Table.Summary.Cell index={0}>{t('finance.total')}</Table.Summary.Cell>
                  {REPORT_FIGURES.map((f, i) => (
                    <Table.Summary.Cell key={f.key} index={i + 1} align="right">
                      <span className="wallet-num">{cents(totals[f.key])}</span>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
        </div>
        <Typography.Paragraph type="secondary" className="finance-note">
          {t('finance.explain')}
        </Typography.Paragraph>
      </>
    );
  }

  return (
    <div className="finance-page" data-testid="finance-page">
      <PageFrame titleKey="finance">
        {toolbar}
        {content}
      </PageFrame>
    </div>
  );
}


export function FinancePage() {
  return (
    <NamespaceGate ns="wallet" fallback={<PageFrame titleKey="finance"><Skeleton active /></PageFrame>}>
      <FinancePageContent />
    </NamespaceGate>
  );
}
