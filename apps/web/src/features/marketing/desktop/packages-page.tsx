import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { usePackageCards, usePackagesScreen } from '../hooks/use-packages-screen.ts';
import type { PackagesAnswer } from '@shopdesk/shared/marketing/packages-schemas';
import type { PackageType } from '@shopdesk/shared/products/packages';
import { PackageStatus } from '../components/package-status.tsx';
import { PackageCards } from './package-cards.tsx';
import { PackagePurchaseDialog } from './package-purchase-dialog.tsx';
import '../../../styles/packages.css';

function PackageOffers({ data, onBuy }: { data: PackagesAnswer; onBuy: (type: PackageType) => void }) {
  const { t } = useFormat('packages');
  const view = usePackageCards(data);
  return (
    <div className="pkg-page" data-testid="shop-express-page">
      <p className="pkg-intro">{t('packages.intro')}</p>
      <PackageStatus current={view.currentLong} availableCents={data.availableCents} testIdPrefix="package" />
      {view.none && <Alert type="info" showIcon title={t('packages.none')} data-testid="package-none" />}
      {view.expiringSoon && <Alert type="warning" showIcon title={view.expiringText} data-testid="package-expiring" />}
      <PackageCards data={data} onBuy={onBuy} />
      <Alert type="info" title={t('packages.rulesTitle')} description={t('packages.rulesText')} />
    </div>
  );
}

/** The packages page (the SPEC's "shop express", §1, §3): the three promotion packages, the active one, and buying one. */
function PackagesContent() {
  const { t } = useFormat('packages');
  const screen = usePackagesScreen();
  return (
    <PageFrame
      titleKey="shopExpress"
      extra={
        <Link to="/marketing/purchase-history" data-testid="package-history-link">
          {t('packages.viewHistory')}
        </Link>
      }
    >
      <QueryState query={screen.offers}>{(data) => <PackageOffers data={data} onBuy={(type) => screen.buy(data, type)} />}</QueryState>
      <PackagePurchaseDialog choice={screen.choice} onClose={screen.closePurchase} />
    </PageFrame>
  );
}

export function PackagesPage() {
  return (
    <NamespaceGate ns="packages" fallback={<PageFrame titleKey="shopExpress"><Skeleton active /></PageFrame>}>
      <PackagesContent />
    </NamespaceGate>
  );
}
