import { Button, Card, DotLoading, Grid, Selector } from 'antd-mobile';
import { AddCircleOutline, BankcardOutline, CalendarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { MobileErrorBlock } from '../../../components/mobile/error-block.tsx';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useWalletScreen } from '../hooks/use-wallet-screen.ts';
import { errorText } from '../../../lib/http.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { DepositPopup } from './deposit-popup.tsx';
import { MobileWalletCard } from './wallet-summary-card.tsx';
import { MobileWalletNotices } from './wallet-notices.tsx';
import { useFinanceReportScreen } from '../hooks/use-finance-report-screen.ts';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';
import '../../../styles/money-pages-mobile.css';

function ReportSection() {
  const { t, cents } = useFormat('wallet');
  const screen = useFinanceReportScreen();
  const { report, range } = screen;
  const signed = (v: number) => (v >= 0 ? 'm-plus' : 'm-minus');
  return (
    <Card className="m-card" title={t('finance.summaryTitle')} data-testid="m-finance-report">
      <Selector
        columns={2}
        value={range.mode === 'days' ? [String(range.days)] : []}
        onChange={(v) => v[0] && screen.setDays(v[0], { replace: true })}
        options={screen.windows}
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
            {screen.figures.map((f) => (
              <div key={f.key} className="m-report-total" data-testid={`m-finance-total-${f.key}`}>
                <div className="m-report-label">{f.label}</div>
                <div className={`m-report-value ${f.gain === null ? '' : f.gain ? 'm-plus' : 'm-minus'}`}>{f.value}</div>
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
  const screen = useWalletScreen();
  const { summary } = screen;
  const actions = [
    { key: 'deposit', label: t('actions.deposit'), icon: <AddCircleOutline />, onClick: screen.openDeposit, disabled: !screen.canDeposit },
    { key: 'withdraw', label: t('actions.withdraw'), icon: <BankcardOutline />, onClick: () => void navigate('/m/withdraw'), disabled: !screen.canWithdraw },
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
              <DepositPopup open={screen.dialog === 'deposit'} summary={data} onClose={screen.closeDialog} />
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
