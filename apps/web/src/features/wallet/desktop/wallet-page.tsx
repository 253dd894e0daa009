import { Button, Card, Space, Tooltip, Skeleton } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { useWalletScreen } from '../hooks/use-wallet-screen.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { DepositDialog } from './deposit-dialog.tsx';
import { PaymentHistoryPanel } from './payment-history-panel.tsx';
import { WalletAlerts } from './wallet-alerts.tsx';
import { WalletCards } from './wallet-cards.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import '../../../styles/money-pages.css';

/** Desktop "my wallet": the four figures, deposit and withdraw, and the payment history (deposit and withdrawal requests). */
function WalletPageContent() {
  const { t } = useFormat('wallet');
  const screen = useWalletScreen();
  const { summary, dialog } = screen;

  const actions = (
    <Space>
      <Button type="primary" icon={<ArrowDownOutlined aria-hidden />} disabled={!screen.canDeposit} onClick={screen.openDeposit} data-testid="wallet-deposit">
        {t('actions.deposit')}
      </Button>
      <Tooltip title={screen.blockReason}>
        <Button icon={<ArrowUpOutlined aria-hidden />} disabled={!screen.canWithdraw} onClick={screen.openWithdraw} data-testid="wallet-withdraw">
          {t('actions.withdraw')}
        </Button>
      </Tooltip>
    </Space>
  );

  return (
    <div className="wallet-page" data-testid="wallet-page">
      <PageFrame titleKey="wallet" extra={actions}>
        <QueryState query={summary}>
          {(data) => (
            <>
              <WalletAlerts summary={data} />
              <WalletCards summary={data} />
              <DepositDialog open={dialog === 'deposit'} summary={data} onClose={screen.closeDialog} />
              <WithdrawDialog open={dialog === 'withdraw'} summary={data} onClose={screen.closeDialog} />
            </>
          )}
        </QueryState>
      </PageFrame>
      <Card title={<h2 className="wallet-section-title">{t('paymentHistory.title')}</h2>} className="wallet-records-card">
        <PaymentHistoryPanel />
      </Card>
    </div>
  );
}

export function WalletPage() {
  return (
    <NamespaceGate ns="wallet" fallback={<PageFrame titleKey="wallet"><Skeleton active /></PageFrame>}>
      <WalletPageContent />
    </NamespaceGate>
  );
}
