import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useWalletSummary } from '../api/wallet-api.ts';
import { MobileWithdrawForm } from './withdraw-form.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { DotLoading } from 'antd-mobile';
import '../../../styles/money-pages.css';
import '../../../styles/money-pages-mobile.css';

/** Mobile "withdraw": USDT to a crypto wallet, with the fee preview, fund password and a confirm. */
function MobileWithdrawPageContent() {
  const summary = useWalletSummary();
  return (
    <MobilePageFrame titleKey="withdraw">
      <div className="m-wallet-page" data-testid="m-withdraw-page">
        <MobileQueryState query={summary}>{(data) => <MobileWithdrawForm summary={data} />}</MobileQueryState>
      </div>
    </MobilePageFrame>
  );
}

export function MobileWithdrawPage() {
  return (
    <NamespaceGate ns="wallet" fallback={<MobilePageFrame titleKey="withdraw"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileWithdrawPageContent />
    </NamespaceGate>
  );
}
