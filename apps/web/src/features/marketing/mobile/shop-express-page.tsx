import { DotLoading, Tabs } from 'antd-mobile';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { useShopExpressScreen, type ShopExpressTab } from '../hooks/use-shop-express-screen.ts';
import { MobilePackageHistoryList } from './package-history-list.tsx';
import { MobilePackageList } from './package-list.tsx';
import { MobilePackagePurchasePopup } from './package-purchase-popup.tsx';
import '../../../styles/money-pages-mobile.css';
import '../../../styles/packages.css';

/** Shop express on the phone: the packages (buy in a sheet) and, as a second tab, the purchase history. */
function MobileShopExpressContent() {
  const { t } = useFormat('marketing');
  const screen = useShopExpressScreen();
  return (
    <MobilePageFrame titleKey="shopExpress">
      <div className="m-list-page" data-testid="m-shop-express-page">
        <Tabs activeKey={screen.tab} onChange={(key) => screen.setTab(key as ShopExpressTab)} className="m-tabs">
          {screen.tabs.map((k) => (
            <Tabs.Tab key={k} title={<span data-testid={`m-shop-express-tab-${k}`}>{t(`tabs.${k}`)}</span>} />
          ))}
        </Tabs>
        <div className="m-pkg-page">
          {screen.tab === 'packages' ? (
            <MobileQueryState query={screen.offers}>{(data) => <MobilePackageList data={data} onBuy={(type) => screen.buy(data, type)} />}</MobileQueryState>
          ) : (
            <MobilePackageHistoryList />
          )}
        </div>
      </div>
      <MobilePackagePurchasePopup choice={screen.choice} onClose={screen.closePurchase} />
    </MobilePageFrame>
  );
}

export function MobileShopExpressPage() {
  return (
    <NamespaceGate ns="marketing" fallback={<MobilePageFrame titleKey="shopExpress"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobileShopExpressContent />
    </NamespaceGate>
  );
}
