import { Alert, Button } from 'antd';
import { SHOP } from '@shopdesk/shared/constants';
import type { WalletSummary } from '@shopdesk/shared/wallet/schemas';
import { useCustomerService } from '../../support/api/use-customer-service.ts';
import { useFormat } from '../../../lib/use-format.ts';

/** Why withdrawals are (or will soon be) refused, before it bites (SPEC §6, DESIGN §3). */
export function WalletAlerts({ summary }: { summary: WalletSummary }) {
  const { t } = useFormat('wallet');
  const contact = useCustomerService();
  const tooLow = summary.creditScore < SHOP.CREDIT_WITHDRAW_MIN;
  return (
    <>
      {summary.shopFrozen && (
        <Alert
          type="error"
          showIcon
          className="wallet-alert"
          title={t('alerts.frozenTitle')}
          description={
            <>
              <div>{t('alerts.frozenText')}</div>
              {summary.frozenReason && <div>{t('alerts.frozenReason', { reason: summary.frozenReason })}</div>}
            </>
          }
          action={
            <Button size="small" danger onClick={contact}>
              {t('alerts.contactSupport')}
            </Button>
          }
          data-testid="wallet-frozen-alert"
        />
      )}
      {tooLow && (
        <Alert
          type="error"
          showIcon
          className="wallet-alert"
          title={t('alerts.creditTooLow', { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN })}
          data-testid="wallet-credit-alert"
        />
      )}
      {!tooLow && summary.creditWarning && (
        <Alert
          type="warning"
          showIcon
          className="wallet-alert"
          title={t('alerts.creditWarning', { score: summary.creditScore, min: SHOP.CREDIT_WITHDRAW_MIN })}
          data-testid="wallet-credit-warning"
        />
      )}
    </>
  );
}
