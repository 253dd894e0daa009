import { useState } from 'react';
import { Alert, Skeleton } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/desktop/page-frame.tsx';
import { QueryState } from '../../../components/desktop/query-state.tsx';
import { NamespaceGate } from '../../../components/namespace-gate.tsx';
import { usePackageOffers } from '../api/packages-offers.ts';
import { choiceOf, usePackageTexts, type PackageChoice } from '../hooks/use-package-purchase.ts';
import { PackageCards } from './package-cards.tsx';
import { PackagePurchaseDialog } from './package-purchase-dialog.tsx';
import '../../../styles/packages.css';

/** Shop express (SPEC §1, §3): the three promotion packages, the active one, and buying one. */
function ShopExpressContent() {
  const { f, name } = usePackageTexts();
  const { t } = f;
  const offers = usePackageOffers();
  const [choice, setChoice] = useState<PackageChoice | null>(null);
  return (
    <PageFrame
      titleKey="shopExpress"
      extra={
        <Link to="/marketing/purchase-history" data-testid="package-history-link">
          {t('packages.viewHistory')}
        </Link>
      }
    >
      <QueryState query={offers}>
        {(data) => (
          <div className="pkg-page" data-testid="shop-express-page">
            <p className="pkg-intro">{t('packages.intro')}</p>
            <div className="pkg-status">
              <div>
                <div className="pkg-status-label">{t('packages.current')}</div>
                <div className="pkg-status-value" data-testid="package-current">
                  {data.active ? `${name(data.active.type)} · ${t('packages.activeUntil', { date: f.date(data.active.expiresAt) })} · ${t('packages.daysLeft', { days: data.active.daysLeft })}` : '—'}
                </div>
              </div>
              <div>
                <div className="pkg-status-label">{t('packages.balance')}</div>
                <div className="pkg-status-value pkg-num" data-testid="package-available" data-cents={data.availableCents}>
                  {f.usdt(data.availableCents)}
                </div>
              </div>
            </div>
            {!data.active && <Alert type="info" showIcon title={t('packages.none')} data-testid="package-none" />}
            {data.active && data.active.daysLeft <= data.reminderDays && <Alert type="warning" showIcon title={t('packages.expiringSoon', { days: data.reminderDays })} data-testid="package-expiring" />}
            <PackageCards data={data} onBuy={(type) => setChoice(choiceOf(data, type))} />
            <Alert type="info" title={t('packages.rulesTitle')} description={t('packages.rulesText')} />
          </div>
        )}
      </QueryState>
      <PackagePurchaseDialog choice={choice} onClose={() => setChoice(null)} />
    </PageFrame>
  );
}

export function ShopExpressPage() {
  return (
    <NamespaceGate ns="marketing" fallback={<PageFrame titleKey="shopExpress"><Skeleton active /></PageFrame>}>
      <ShopExpressContent />
    </NamespaceGate>
  );
}
