import { NoticeBar } from 'antd-mobile';
import { SHOP } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useCustomerService } from '../../support/api/use-customer-service.ts';
import { useFormat } from '../../../lib/use-format.ts';

/** "Your account is frozen: … Reason: …" in one line for a notice bar. */
export function frozenNotice(t: (key: string, options?: Record<string, unknown>) => string, reason: string): string {
  return reason ? `${t('alerts.frozenShort')} ${t('alerts.frozenReason', { reason })}` : t('alerts.frozenShort');
}

/** A frozen shop, a credit score under 60, or a warning from 80 down (SPEC §6), on the phone. */
export function MobileWalletNotices({ summary }: { summary: WalletSummary }) {
  const { t } = useFormat('wallet');
  const tooLow = summary.creditScore < SHOP.CREDIT_WITHDRAW_MIN;
  const contact = useCustomerService();
  const frozenText = frozenNotice(t, summary.frozenReason);
  return (
    <>
      {summary.shopFrozen && (
        <NoticeBar
          color="error"
          wrap
          content={frozenText}
          extra={
            <button type="button" className="m-notice-action" onClick={contact}>
              {t('alerts.contactSupport')}
            </button>
          }
          data-testid="m-wallet-frozen"
        />
      )}
      {tooLow && <NoticeBar color="error" wrap content={t('alerts.creditTooLow', { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN })} data-testid="m-wallet-credit" />}
      {!tooLow && summary.creditWarning && (
        <NoticeBar color="alert" wrap content={t('alerts.creditWarning', { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN })} data-testid="m-wallet-credit-warning" />
      )}
    </>
  );
}
