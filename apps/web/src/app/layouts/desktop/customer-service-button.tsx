import { FloatButton } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCustomerService } from '../../../features/support/api/use-customer-service.ts';

/** The floating customer-service icon: opens the chat in a new window with shop and user ids. */
export function CustomerServiceButton() {
  const { t } = useTranslation('layout');
  const open = useCustomerService();
  return (
    <FloatButton
      icon={<CustomerServiceOutlined aria-hidden />}
      type="primary"
      tooltip={t('customerService')}
      aria-label={t('customerService')}
      onClick={open}
      data-testid="customer-service"
      style={{ insetInlineEnd: 32, insetBlockEnd: 40 }}
    />
  );
}
