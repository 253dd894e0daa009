import { Empty, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';

const TABS = ['orders', 'refunds'] as const;

/** Mobile orders: the orders and refunds tabs (`?tab=refunds`, where refund notifications lead). */
export function MobileOrdersPage() {
  const { t } = useTranslation(['menu', 'common']);
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') === 'refunds' ? 'refunds' : 'orders';
  return (
    <MobilePageFrame titleKey="mobileOrders" back={false}>
      <Tabs activeKey={active} onChange={(key) => setParams(key === 'refunds' ? { tab: key } : {}, { replace: true })}>
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(key === 'orders' ? 'menu:mobileOrders' : 'menu:refunds')}>
            <Empty className="m-empty" description={t('common:states.empty')} />
          </Tabs.Tab>
        ))}
      </Tabs>
    </MobilePageFrame>
  );
}
