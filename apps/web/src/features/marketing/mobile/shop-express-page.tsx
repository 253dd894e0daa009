import { useState } from 'react';
import { DotLoading, Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { MobilePageFrame } from '../../../components/mobile/page-frame.tsx';
import { MobileQueryState } from '../../../components/mobile/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { usePackageOffers } from '../api/packages-offers.ts';
import { choiceOf, usePackageTexts, type PackageChoice } from '../hooks/use-package-purchase.ts';
import { MobilePackageHistoryList } from './package-history-list.tsx';
import { MobilePackageList } from './package-list.tsx';
import { MobilePackagePurchasePopup } from './package-purchase-popup.tsx';
import '../../../styles/money-pages-mobile.css';
import '../../../styles/packages.css';

const TABS = ['packages', 'history'] as const;

/** Shop express on the phone: the packages (buy in a sheet) and, as a second tab, the purchase history. */
function MobileShopExpressContent() {
  const { f } = usePackageTexts();
  const { t } = f;
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'history' ? 'history' : 'packages';
  const offers = usePackageOffers();
  const [choice, setChoice] = useState<PackageChoice | null>(null);
  return (
    <MobilePageFrame titleKey="shopExpress">
      <div className="m-list-page" data-testid="m-shop-express-page">
        <Tabs activeKey={tab} onChange={(key) => setSearch(key === 'history' ? new URLSearchParams({ tab: 'history' }) : new URLSearchParams(), { replace: true })} className="m-tabs">
          {TABS.map((k) => (
            <Tabs.Tab key={k} title={<span data-testid={`m-shop-express-tab-${k}`}>{t(`tabs.${k}`)}</span>} />
          ))}
        </Tabs>
        <div className="m-pkg-page">
          {tab === 'packages' ? (
            <MobileQueryState query={offers}>{(data) => <MobilePackageList data={data} onBuy={(type) => setChoice(choiceOf(data, type))} />}</MobileQueryState>
          ) : (
            <MobilePackageHistoryList />
          )}
        </div>
      </div>
      <MobilePackagePurchasePopup choice={choice} onClose={() => setChoice(null)} />
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
