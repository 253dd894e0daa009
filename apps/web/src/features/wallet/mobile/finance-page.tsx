import { useMemo, useState } from 'react';
import { Button, Card, DotLoading, Grid, Selector } from 'antd-mobile';
import { AddCircleOutline, BankcardOutline, CalendarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useWalletSummary } from '../api/wallet-api.ts';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { DepositPopup } from './deposit-popup.tsx';
import { MobileWalletCard } from './wallet-summary-card.tsx';
import { MobileWalletNotices } from './wallet-notices.tsx';
import { withdrawBlock } from '../withdraw-block.ts';
import { useFinanceReport } from '../../finance/api/finance-report.ts';
import { REPORT_FIGURES, REPORT_WINDOWS, type ReportRange } from '../../finance/api/report-range.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';
import '../../../styles/money-pages-mobile.css';

function ReportSection() {
  const { t, cents } = useFormat('wallet');
  const [search, setSearch] = useSearchParams();
  const days = Number(search.get('days')) === REPORT_WINDOWS[1] ? REPORT_WINDOWS[1] : REPORT_WINDOWS[0];
  const range = useMemo<ReportRange>(() => ({ mode: 'days', days }), [days]);
  const report = useFinanceReport(range);
  const signed = (v: number) => (v >= 0 ? 'm-plus' : 'm-minus');
  return (
    <Card className="m-card" title={t('finance.summaryTitle')} data-testid="m-finance-report">
      <Selector
        columns={2}
        value={[String(days)]}
        onChange={(v) => v[0] && setSearch(new URLSearchParams({ days: v[0] }), { replace: true })}
        options={REPORT_WINDOWS.map((d) => ({ value: String(d), label: t('finance.lastDays', { days: d }) }))}
        data-testid="m-finance-range"
      />
      {report.isPending ? (
        <div className="m-state">
          <DotLoading color="primary" />
        </div>
      ) : report.isError ? (
        <MobileErrorBlock status="default" title={t('common:states.loadFailed')} description={errorText(report.error, '')}>
          <Button size="small" color="primary" fill="outline" onClick={() => void report.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </MobileErrorBlock>
      ) : (
        <>
          <div className="m-report-totals">
            {REPORT_FIGURES.map((f) => (
              <div key={f.key} className="m-report-total" data-testid={`m-finance-total-${f.key}`}>
                <div className="m-report-label">{t(f.label)}</div>
                <div className={`m-report-value ${f.key === 'profitCents' ? signed(report.data.totals[f.key]) : ''}`}>{cents(report.data.totals[f.key])}</div>
              </div>
            ))}
          </div>
          <div className="m-report-days">
            <div className="m-report-day m-report-day-head">
              <span>{t('finance.date')}</span>
              <span>{t('finance.income')}</span>
              <span>{t('finance.spendingFees')}</span>
              <span>{t('finance.profit')}</span>
            </div>
            {[...report.data.days].reverse().map((d) => (
              <div key={d.date} className="m-report-day">
                <span>{d.date.slice(5)}</span>
                <span>{cents(d.incomeCents)}</span>
                <span>{cents(d.spendingCents + d.feeCents)}</span>
                <span className={signed(d.profitCents)}>{cents(d.profitCents)}</span>
              </div>
            ))}
          </div>
          <div className="m-form-note">{t('finance.explainMobile')}</div>
        </>
      )}
    </Card>
  );
}

/** Mobile "finance": the wallet, its actions and the report summary for 7 or 30 days. */
function MobileFinancePageContent() {
  const { t } = useFormat('wallet');
  const navigate = useNavigate();
  const summary = useWalletSummary();
  const [depositOpen, setDepositOpen] = useState(false);
  const block = summary.data ? withdrawBlock(summary.data) : null;
  const actions = [
    { key: 'deposit', label: t('actions.deposit'), icon: <AddCircleOutline />, onClick: () => setDepositOpen(true), disabled: !summary.data },
    { key: 'withdraw', label: t('actions.withdraw'), icon: <BankcardOutline />, onClick: () => void navigate('/m/withdraw'), disabled: !summary.data || block !== null },
    { key: 'transactions', label: t('menu:transactions'), icon: <UnorderedListOutline />, onClick: () => void navigate('/m/transactions') },
    { key: 'payment-history', label: t('menu:paymentHistory'), icon: <CalendarOutline />, onClick: () => void navigate('/m/payment-history') },
  ];
  return (
    <MobilePageFrame titleKey="finance">
      <div className="m-wallet-page" data-testid="m-finance-page">
        <MobileQueryState query={summary}>
          {(data) => (
            <>
              <MobileWalletNotices summary={data} />
              <MobileWalletCard summary={data} />
              <DepositPopup open={depositOpen} summary={data} onClose={() => setDepositOpen(false)} />
            </>
          )}
        </MobileQueryState>
        <Card className="m-card m-wallet-actions">
          <Grid columns={4} gap={4}>
            {actions.map((a) => (
              <Grid.Item key={a.key}>
                <button type="button" className="m-wallet-action" disabled={a.disabled} onClick={a.onClick} data-testid={`m-finance-${a.key}`}>
                  <span className="m-wallet-action-icon">{a.icon}</span>
                  <span className="m-wallet-action-label">{a.label}</span>
                </button>
              </Grid.Item>
            ))}
          </Grid>
        </Card>
        <ReportSection />
      </div>
    </MobilePageFrame>
  );
}

export function MobileFinancePage() {
  return (
    <NamespaceGate ns="wallet" fallback={<MobilePageFrame titleKey="finance"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileFinancePageContent />
    </NamespaceGate>
  );
}
