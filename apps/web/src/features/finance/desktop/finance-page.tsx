import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Result, Row, Segmented, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useSearchParams } from 'react-router';
import type { FinanceDay } from '@shopdesk/shared/wallet/transactions';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { useFinanceReport } from '../api/finance-report.ts';
import { parseReportRange, REPORT_FIGURES, REPORT_MAX_DAYS, REPORT_WINDOWS } from '../api/report-range.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';

const FORMAT = 'YYYY-MM-DD';

// The chart library is the bulk of this page: the figures and the table show while it loads.
const FinanceChart = lazy(() => import('./finance-chart.tsx').then((m) => ({ default: m.FinanceChart })));

/** Desktop "finance report": 7 days, 30 days or a chosen range, as a chart and a table with totals. */
function FinancePageContent() {
  const { t, cents } = useFormat('wallet');
  const [search, setSearch] = useSearchParams();
  const range = useMemo(() => parseReportRange(search), [search]);
  const [picking, setPicking] = useState(false);
  const report = useFinanceReport(range);
  const segment = picking || range.mode === 'custom' ? 'custom' : String(range.days);

  const setDays = (days: string) => {
    if (days === 'custom') {
      setPicking(true);
      return;
    }
    setPicking(false);
    setSearch(new URLSearchParams({ days }));
  };
  const setRange = (from: string, to: string) => setSearch(new URLSearchParams({ from, to }));

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
        options={[...REPORT_WINDOWS.map((d) => ({ value: String(d), label: t('finance.lastDays', { days: d }) })), { value: 'custom', label: t('finance.custom') }]}
        data-testid="finance-range"
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
      {report.data && (
        <Typography.Text type="secondary">
          {t('finance.period', { from: report.data.from, to: report.data.days.at(-1)?.date ?? report.data.from, count: report.data.days.length })}
        </Typography.Text>
      )}
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
    const quiet = days.every((d) => d.incomeCents === 0 && d.spendingCents === 0 && d.feeCents === 0);
    content = (
      <>
        <Row gutter={[16, 16]} className="finance-totals">
          {REPORT_FIGURES.map((f) => (
            <Col key={f.key} xs={12} xl={6}>
              <div className="finance-total" data-testid={`finance-total-${f.key}`}>
                <div className="finance-total-label">{t(f.label)}</div>
                <div className={`finance-total-value ${f.key === 'profitCents' ? (totals[f.key] >= 0 ? 'wallet-plus' : 'wallet-minus') : ''}`}>{cents(totals[f.key])}</div>
              </div>
            </Col>
          ))}
        </Row>
        <Card size="small" variant="outlined" title={t('finance.chartTitle')}>
          {quiet ? (
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
