import { Alert, Button } from 'antd';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useWalletNotices } from '../hooks/use-wallet-screen.ts';
import { AppealForm } from './appeal-form.tsx';

/** Why withdrawals are (or will soon be) refused, before it bites (SPEC §6, DESIGN §3). */
export function WalletAlerts({ summary }: { summary: WalletSummary }) {
  const notices = useWalletNotices(summary);
  const { frozen } = notices;
  return (
    <>
      {frozen && (
        <Alert
          type="error"
          showIcon
          className="wallet-alert"
          title={frozen.title}
          description={
            <>
              <div>{frozen.text}</div>
              {frozen.reason && <div data-testid="wallet-frozen-reason">{frozen.reason}</div>}
              <AppealForm frozen />
            </>
          }
          action={
            <Button size="small" danger onClick={frozen.contact}>
              {frozen.contactText}
            </Button>
          }
          data-testid="wallet-frozen-alert"
        />
      )}
      {notices.creditTooLow && <Alert type="error" showIcon className="wallet-alert" title={notices.creditTooLow} data-testid="wallet-credit-alert" />}
      {notices.creditWarning && <Alert type="warning" showIcon className="wallet-alert" title={notices.creditWarning} data-testid="wallet-credit-warning" />}
    </>
  );
}
