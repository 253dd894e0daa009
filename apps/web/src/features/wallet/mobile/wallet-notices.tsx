import { NoticeBar } from 'antd-mobile';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useWalletNotices } from '../hooks/use-wallet-screen.ts';
import { MobileAppealForm } from './appeal-form.tsx';

/** A frozen shop, a credit score under 60, or a warning from 80 down (SPEC §6), on the phone. */
export function MobileWalletNotices({ summary }: { summary: WalletSummary }) {
  const notices = useWalletNotices(summary);
  const { frozen } = notices;
  return (
    <>
      {frozen && (
        <NoticeBar
          color="error"
          wrap
          content={frozen.line}
          extra={
            <button type="button" className="m-notice-action" onClick={frozen.contact}>
              {frozen.contactText}
            </button>
          }
          data-testid="m-wallet-frozen"
        />
      )}
      {frozen && <MobileAppealForm frozen />}
      {notices.creditTooLow && <NoticeBar color="error" wrap content={notices.creditTooLow} data-testid="m-wallet-credit" />}
      {notices.creditWarning && <NoticeBar color="alert" wrap content={notices.creditWarning} data-testid="m-wallet-credit-warning" />}
    </>
  );
}
