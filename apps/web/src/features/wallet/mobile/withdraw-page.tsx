import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { useWalletSummary } from '../../wallet/api/wallet-api.ts';
import { MobileWithdrawForm } from '../../wallet/mobile/withdraw-form.tsx';
import { WalletNamespaceGate } from '../../wallet/components/wallet-namespace-gate.tsx';
import { DotLoading } from 'antd-mobile';
import '../../wallet/wallet.css';
import '../../wallet/mobile/wallet-mobile.css';

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
    <WalletNamespaceGate fallback={<MobilePageFrame titleKey="withdraw"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileWithdrawPageContent />
    </WalletNamespaceGate>
  );
}
