import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier.ts';
import { useShopInfo } from '../../auth/api/session-info.ts';
import { usePublicConfig } from './public-config.ts';
import { customerServiceLink } from '../customer-service.ts';

/** Opens the customer-service chat in a new window. */
export function useCustomerService(): () => void {
  const { t } = useTranslation('layout');
  const config = usePublicConfig();
  const shop = useShopInfo();
  return useCallback(() => {
    const base = config.data?.customerServiceUrl;
    if (!base) {
      notify.error(t('customerServiceUnavailable'));
      return;
    }
    const link = customerServiceLink(base, shop, window.location.origin);
    window.open(link, '_blank', 'noopener');
  }, [config.data, shop, t]);
}
