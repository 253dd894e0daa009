import { DotLoading, Tabs } from 'antd-mobile';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { usePackagesScreen, type PackagesTab } from '../hooks/use-packages-screen.ts';
import { MobilePackageHistoryList } from './package-history-list.tsx';
import { MobilePackageList } from './package-list.tsx';
import { MobilePackagePurchasePopup } from './package-purchase-popup.tsx';
import '../../../styles/money-pages-mobile.css';
import '../../../styles/packages.css';

/** The packages page on the phone (/m/shop-express): the packages (buy in a sheet) and, as a second tab, the purchase history. */
function MobilePackagesContent() {
  const { t } = useFormat('packages');
  const screen = usePackagesScreen();
  return (
    <MobilePageFrame titleKey="shopExpress">
      <div className="m-list-page" data-testid="m-shop-express-page">
        <Tabs activeKey={screen.tab} onChange={(key) => screen.setTab(key as PackagesTab)} className="m-tabs">
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

export function MobilePackagesPage() {
  return (
    <NamespaceGate ns="packages" fallback={<MobilePageFrame titleKey="shopExpress"><div className="m-state"><DotLoading color="primary" /></div></MobilePageFrame>}>
      <MobilePackagesContent />
    </NamespaceGate>
  );
}
